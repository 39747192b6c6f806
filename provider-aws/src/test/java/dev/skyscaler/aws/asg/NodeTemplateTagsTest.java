package dev.skyscaler.aws.asg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.skyscaler.core.model.Resources;
import dev.skyscaler.core.model.Taint;
import dev.skyscaler.core.model.TaintEffect;
import java.util.Map;
import org.junit.jupiter.api.Test;

class NodeTemplateTagsTest {
  private static final String T = "k8s.io/cluster-autoscaler/node-template/";

  @Test
  void otherTagsAreIgnored() {
    NodeTemplateTags tags =
        NodeTemplateTags.parse(
            "ng", Map.of("Name", "x", "k8s.io/cluster-autoscaler/enabled", "true"));

    assertThat(tags.labels()).isEmpty();
    assertThat(tags.taints()).isEmpty();
    assertThat(tags.resources()).isEmpty();
    assertThat(tags.options().isEmpty()).isTrue();
  }

  @Test
  void aTaintMayHaveAnEmptyValue() {
    NodeTemplateTags tags = NodeTemplateTags.parse("ng", Map.of(T + "taint/gpu", ":NoExecute"));

    assertThat(tags.taints()).containsExactly(new Taint("gpu", "", TaintEffect.NO_EXECUTE));
  }

  @Test
  void resourceTagsReplaceOnlyTheAmountsTheyName() {
    NodeTemplateTags tags =
        NodeTemplateTags.parse(
            "ng", Map.of(T + "resources/cpu", "3500m", T + "resources/nvidia.com/gpu", "2"));
    Resources base = new Resources(1930, 8L << 30, 10L << 30, 29, Map.of("nvidia.com/gpu", 1L));

    assertThat(tags.applyTo(base))
        .isEqualTo(new Resources(3500, 8L << 30, 10L << 30, 29, Map.of("nvidia.com/gpu", 2L)));
  }

  @Test
  void aTagNamingNothingIsRefused() {
    assertThatThrownBy(() -> NodeTemplateTags.parse("ng", Map.of(T + "label/", "x")))
        .isInstanceOf(AsgConfigException.class)
        .hasMessage("ASG ng: tag " + T + "label/: the tag names nothing after " + T + "label/");
  }

  @Test
  void aBooleanOptionMustBeTrueOrFalse() {
    assertThatThrownBy(
            () ->
                NodeTemplateTags.parse(
                    "ng", Map.of(T + "autoscaling-options/ignoredaemonsetsutilization", "yes")))
        .isInstanceOf(AsgConfigException.class)
        .hasMessage(
            "ASG ng: tag "
                + T
                + "autoscaling-options/ignoredaemonsetsutilization: expected true or false, got"
                + " \"yes\"");
  }
}
