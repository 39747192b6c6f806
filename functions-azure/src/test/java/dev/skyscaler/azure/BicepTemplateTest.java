package dev.skyscaler.azure;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code infra/azure}'s Bicep, checked as far as text allows (no Azure CLI or Bicep compiler runs
 * here): the identity gets custom roles with exactly the operations the gateways call, no built-in
 * Contributor role, and an Event Grid dead-letter destination; and the files hang together
 * (brackets, modules and their parameters, the example parameter file).
 */
class BicepTemplateTest {
  private static final Path INFRA = Path.of("..", "infra", "azure").toAbsolutePath().normalize();
  private static final Path MAIN_JAVA = Path.of("src/main/java/dev/skyscaler/azure");

  /** The VMSS provider and its gateway live in provider-azure (ADR 0055). */
  private static final Path PROVIDER_JAVA =
      Path.of("..", "provider-azure", "src/main/java/dev/skyscaler/azure");

  /** Built-in roles that grant more than the functions use. */
  private static final Map<String, String> BROAD_ROLES =
      Map.of(
          "9980e02c-c2be-4d73-94e8-173b1dc7cf3c", "Virtual Machine Contributor",
          "ed7f3fbd-7b88-4dd4-9017-9adb7ce333f8", "Azure Kubernetes Service Contributor Role",
          "4abbcc35-e782-43d8-92c5-2d3f1bd2253f", "Azure Kubernetes Service Cluster User Role",
          "b24988ac-6180-42a0-ab88-20f7382dd24c", "Contributor",
          "8e3af657-a8ff-443c-a75c-2fe8c4bcb635", "Owner");

  /** An operation a custom role grants, and the SDK call in a gateway that needs it. */
  record Grant(String action, String gateway, String call) {
    @Override
    public String toString() {
      return action + " for " + call;
    }
  }

  static Stream<Grant> scaleSetGrants() {
    String vmss = "vmss/VmssGateway.java";
    return Stream.of(
        new Grant("Microsoft.Compute/virtualMachineScaleSets/read", vmss, ".listByResourceGroup("),
        new Grant(
            "Microsoft.Compute/virtualMachineScaleSets/virtualMachines/read",
            vmss,
            "getVirtualMachineScaleSetVMs()"),
        new Grant(
            "Microsoft.Compute/virtualMachineScaleSets/virtualMachines/restart/action",
            vmss,
            ".beginRestart("),
        new Grant(
            "Microsoft.Compute/virtualMachineScaleSets/virtualMachines/reimage/action",
            vmss,
            ".beginReimage("),
        new Grant("Microsoft.Compute/locations/operations/read", vmss, "follow("),
        new Grant("Microsoft.Compute/virtualMachineScaleSets/write", vmss, ".beginUpdate("),
        new Grant(
            "Microsoft.Compute/virtualMachineScaleSets/delete/action",
            vmss,
            ".beginDeleteInstances("));
  }

  static Stream<Grant> agentPoolGrants() {
    String aks = "auth/AksClusterGateway.java";
    String vmss = "vmss/VmssGateway.java";
    return Stream.of(
        new Grant(
            "Microsoft.ContainerService/managedClusters/read",
            aks,
            "getManagedClusters().getByResourceGroup("),
        new Grant(
            "Microsoft.ContainerService/managedClusters/listClusterUserCredential/action",
            aks,
            ".listClusterUserCredentials("),
        new Grant(
            "Microsoft.ContainerService/managedClusters/agentPools/read",
            vmss,
            "getAgentPools().getWithResponse("),
        new Grant(
            "Microsoft.ContainerService/managedClusters/agentPools/write",
            vmss,
            ".beginCreateOrUpdate("),
        new Grant(
            "Microsoft.ContainerService/managedClusters/agentPools/deleteMachines/action",
            vmss,
            ".beginDeleteMachines("),
        new Grant("Microsoft.ContainerService/locations/operations/read", vmss, "follow("));
  }

  static Stream<Grant> allGrants() {
    return Stream.concat(scaleSetGrants(), agentPoolGrants());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("allGrants")
  void eachGrantedOperationIsOneAGatewayCalls(Grant g) throws IOException {
    // without whitespace: the formatter breaks a chain of calls over lines as it likes
    Path source =
        Files.exists(MAIN_JAVA.resolve(g.gateway()))
            ? MAIN_JAVA.resolve(g.gateway())
            : PROVIDER_JAVA.resolve(g.gateway());
    assertThat(Files.readString(source).replaceAll("\\s+", ""))
        .as("%s calls %s", g.gateway(), g.call())
        .contains(g.call().replaceAll("\\s+", ""));
  }

  @Test
  void theScaleSetRoleGrantsExactlyTheOperationsTheGatewayCallsAndOnAksNoResizing()
      throws IOException {
    BicepText nodes = BicepText.read(INFRA.resolve("modules/node-access.bicep"));
    Set<String> readAndRepair =
        new TreeSet<>(BicepText.strings(nodes.block("var", "readAndRepair")));
    Set<String> resize = new TreeSet<>(BicepText.strings(nodes.block("var", "resize")));
    Set<String> all = new TreeSet<>(readAndRepair);
    all.addAll(resize);

    assertThat(all)
        .isEqualTo(
            scaleSetGrants().map(Grant::action).collect(Collectors.toCollection(TreeSet::new)));
    assertThat(resize)
        .containsExactlyInAnyOrder(
            "Microsoft.Compute/virtualMachineScaleSets/write",
            "Microsoft.Compute/virtualMachineScaleSets/delete/action");
    assertThat(nodes.block("resource", "role"))
        .contains("actions: isAks ? readAndRepair : concat(readAndRepair, resize)")
        .contains("type: 'CustomRole'")
        .containsPattern("assignableScopes: \\[\\s*resourceGroup\\(\\).id\\s*\\]");
  }

  @Test
  void theAgentPoolRoleGrantsExactlyTheOperationsTheGatewaysCallOnTheCluster() throws IOException {
    BicepText aks = BicepText.read(INFRA.resolve("modules/aks-access.bicep"));
    String role = aks.block("resource", "role");
    String actions = BicepText.balanced(role, role.indexOf('[', role.indexOf("actions:")));

    assertThat(BicepText.strings(actions))
        .containsExactlyInAnyOrderElementsOf(agentPoolGrants().map(Grant::action).toList());
    assertThat(role)
        .contains("type: 'CustomRole'")
        .containsPattern("assignableScopes: \\[\\s*resourceGroup\\(\\).id\\s*\\]");
    assertThat(aks.block("resource", "assignment"))
        .contains("scope: cluster")
        .contains("roleDefinitionId: role.id");
  }

  @ParameterizedTest(name = "{0} names no broad built-in role and no wildcard action")
  @ValueSource(
      strings = {
        "main.bicep",
        "modules/node-access.bicep",
        "modules/aks-access.bicep",
        "modules/vault-access.bicep",
        "modules/monitoring.bicep"
      })
  void noFileGrantsABroadBuiltInRoleOrAWildcard(String file) throws IOException {
    BicepText bicep = BicepText.read(INFRA.resolve(file));

    BROAD_ROLES.forEach(
        (id, name) -> assertThat(bicep.code).as(name).doesNotContainIgnoringCase(id));
    assertThat(BicepText.strings(bicep.code))
        .filteredOn(s -> s.startsWith("Microsoft."))
        .noneMatch(s -> s.contains("*"));
  }

  @Test
  void aPreemptionEventGridCouldNotDeliverIsDeadLetteredToStorageNotDropped() throws IOException {
    BicepText main = BicepText.read(INFRA.resolve("main.bicep"));
    String subscription = main.block("resource", "preemptions");
    String deadLetter =
        BicepText.balanced(
            subscription,
            subscription.indexOf('{', subscription.indexOf("deadLetterWithResourceIdentity:")));

    assertThat(deadLetter)
        .contains("userAssignedIdentity: identity.id")
        .contains("endpointType: 'StorageBlob'")
        .contains("resourceId: storage.id")
        .contains("blobContainerName: deadLetters.name");
    assertThat(main.block("resource", "deadLetters"))
        .contains("parent: blobService")
        .contains("name: deadLetterContainer");
    assertThat(main.block("resource", "healthTopic")).contains("'${identity.id}': {}");
    // the identity writes the blobs: it holds Storage Blob Data Owner on the account
    assertThat(subscription).contains("storageRole");
    assertThat(main.block("resource", "storageRole")).contains("roles.storageBlobDataOwner");
  }

  @ParameterizedTest(name = "{0} has balanced brackets")
  @ValueSource(
      strings = {
        "main.bicep",
        "modules/node-access.bicep",
        "modules/aks-access.bicep",
        "modules/vault-access.bicep",
        "modules/monitoring.bicep"
      })
  void everyFileHasBalancedBracketsAndStrings(String file) throws IOException {
    assertThat(BicepText.read(INFRA.resolve(file)).bracketProblem()).isEmpty();
  }

  @Test
  void everyModuleExistsAndGetsExactlyTheParametersItDeclares() throws IOException {
    BicepText main = BicepText.read(INFRA.resolve("main.bicep"));
    List<String> problems = new ArrayList<>();
    main.modules()
        .forEach(
            (name, path) -> {
              Path file = INFRA.resolve(path);
              if (!Files.exists(file)) {
                problems.add(name + ": no file " + path);
                return;
              }
              try {
                Map<String, Boolean> declared = BicepText.read(file).params();
                String block = main.block("module", name);
                String params =
                    BicepText.balanced(block, block.indexOf('{', block.indexOf("params:")));
                List<String> given = BicepText.keys(params.substring(1, params.length() - 1));
                given.stream()
                    .filter(p -> !declared.containsKey(p))
                    .forEach(p -> problems.add(name + ": " + p + " is not a parameter of " + path));
                declared.forEach(
                    (p, hasDefault) -> {
                      if (!hasDefault && !given.contains(p)) {
                        problems.add(name + ": required parameter " + p + " is not given");
                      }
                    });
              } catch (IOException e) {
                problems.add(name + ": " + e);
              }
            });

    assertThat(main.modules()).hasSize(4);
    assertThat(problems).isEmpty();
  }

  @Test
  void theExampleParameterFileSetsOnlyParametersOfTheTemplate() throws IOException {
    Map<String, Boolean> declared = BicepText.read(INFRA.resolve("main.bicep")).params();
    Matcher m =
        Pattern.compile("(?m)^param (\\w+) =")
            .matcher(Files.readString(INFRA.resolve("main.example.bicepparam")));
    List<String> set = new ArrayList<>();
    while (m.find()) {
      set.add(m.group(1));
    }

    assertThat(set).isNotEmpty();
    assertThat(declared.keySet()).containsAll(set);
    declared.forEach(
        (p, hasDefault) -> assertThat(hasDefault || set.contains(p)).as("required " + p).isTrue());
  }
}
