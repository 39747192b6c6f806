package dev.skyscaler.azure.functions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class HealthEventParserTest {
  private static final String VM =
      "/subscriptions/3f2b4c5d-1111-4000-8000-00000000a11e/resourceGroups/MC_rg-aks_prod_westeurope/providers/Microsoft.Compute/virtualMachineScaleSets/aks-spot1-12345678-vmss/virtualMachines/3";

  @ParameterizedTest(name = "{0}")
  @CsvSource({
    "in the Event Grid schema, eventgrid/preempted-scale-set-vm.json, 8945cf9b-e220-496e-ab4f-f3a239318995",
    "in the CloudEvents schema, eventgrid/preempted-scale-set-vm-cloudevent.json, 1b8e7a40-55c2-4c1e-9f3d-2a6b8c0d4e1f",
  })
  void readsAPreemptionOfAScaleSetVm(String description, String fixture, String id) {
    HealthEvent e = HealthEventParser.parse(Fixtures.read(fixture));

    assertThat(e.id()).isEqualTo(id);
    assertThat(e.type()).isEqualTo(HealthEvent.ANNOTATED);
    assertThat(e.time()).isEqualTo(Instant.parse("2026-11-21T08:14:02.1873345Z"));
    assertThat(e.targetResourceId()).isEqualTo(VM);
    assertThat(e.targetResourceType())
        .isEqualTo("Microsoft.Compute/virtualMachineScaleSets/virtualMachines");
    assertThat(e.annotation()).isEqualTo("VirtualMachinePreempted");
    assertThat(e.context()).isEqualTo("Platform Initiated");
    assertThat(e.preempted()).isTrue();
    assertThat(e.scaleSetVm())
        .hasValueSatisfying(
            vm -> {
              assertThat(vm.scaleSet()).isEqualTo("aks-spot1-12345678-vmss");
              assertThat(vm.instanceId()).isEqualTo("3");
              assertThat(vm.toString()).isEqualTo("azure://" + VM);
            });
  }

  @Test
  void readsAnAvailabilityChange() {
    HealthEvent e =
        HealthEventParser.parse(Fixtures.read("eventgrid/availability-unavailable.json"));

    assertThat(e.type()).isEqualTo(HealthEvent.AVAILABILITY_CHANGED);
    assertThat(e.availabilityState()).isEqualTo("Unavailable");
    assertThat(e.annotation()).isEmpty();
    assertThat(e.preempted()).isFalse();
  }

  @Test
  void anotherAnnotationOnAStandaloneVmIsNoPreemption() {
    HealthEvent e =
        HealthEventParser.parse(Fixtures.read("eventgrid/deallocation-standalone-vm.json"));

    assertThat(e.annotation()).isEqualTo("VirtualMachineDeallocationInitiated");
    assertThat(e.preempted()).isFalse();
    assertThat(e.scaleSetVm()).isEmpty();
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "no target resource | \"targetResourceId\": | \"targetResourceIdX\": | Event Grid event 8945cf9b-e220-496e-ab4f-f3a239318995: field data.resourceInfo.properties.targetResourceId is missing",
        "an empty annotation | \"annotationName\": \"VirtualMachinePreempted\" | \"annotationName\": \"\" | Event Grid event 8945cf9b-e220-496e-ab4f-f3a239318995: field data.resourceInfo.properties.annotationName must be a non-empty string",
        "another event type | Microsoft.ResourceNotifications.HealthResources.ResourceAnnotated | Microsoft.Resources.ResourceWriteSuccess | Event Grid event 8945cf9b-e220-496e-ab4f-f3a239318995: field eventType is \"Microsoft.Resources.ResourceWriteSuccess\", expected Microsoft.ResourceNotifications.HealthResources.ResourceAnnotated or Microsoft.ResourceNotifications.HealthResources.AvailabilityStatusChanged",
        "a time that is not ISO-8601 | \"eventTime\": \"2026-11-21T08:14:02.1873345Z\" | \"eventTime\": \"yesterday\" | Event Grid event 8945cf9b-e220-496e-ab4f-f3a239318995: field eventTime must be an ISO-8601 UTC time like 2023-07-24T19:20:37.9245071Z, got \"yesterday\"",
        "no id | \"id\": \"8945cf9b-e220-496e-ab4f-f3a239318995\" | \"idx\": \"1\" | Event Grid event: field id is missing",
        "no resource info | \"resourceInfo\" | \"resourceInfoX\" | Event Grid event 8945cf9b-e220-496e-ab4f-f3a239318995: field data.resourceInfo.properties is missing",
      })
  void aMalformedEventGetsOneErrorNamingTheField(
      String description, String replace, String with, String message) {
    String json =
        Fixtures.read("eventgrid/preempted-scale-set-vm.json")
            .replaceFirst(
                java.util.regex.Pattern.quote(replace),
                java.util.regex.Matcher.quoteReplacement(with));

    assertThatThrownBy(() -> HealthEventParser.parse(json))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(message);
  }

  @Test
  void notJsonIsSaidSo() {
    assertThatThrownBy(() -> HealthEventParser.parse("{\"id\": "))
        .hasMessageStartingWith("Event Grid event: not JSON (");
    assertThatThrownBy(() -> HealthEventParser.parse("[1]"))
        .hasMessage("Event Grid event: expected a JSON object");
  }
}
