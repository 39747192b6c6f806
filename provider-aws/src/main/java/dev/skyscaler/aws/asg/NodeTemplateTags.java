package dev.skyscaler.aws.asg;

import dev.skyscaler.core.config.GoDuration;
import dev.skyscaler.core.model.Quantity;
import dev.skyscaler.core.model.Resources;
import dev.skyscaler.core.model.Taint;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.TreeMap;

/**
 * CA's node-template tags on an Auto Scaling Group, parsed: {@code
 * k8s.io/cluster-autoscaler/node-template/label/<key>: <value>}, {@code …/taint/<key>:
 * <value>:<Effect>}, {@code …/resources/<name>: <quantity>} (replaces that amount of the instance
 * type's capacity) and {@code …/autoscaling-options/<option>: <value>}. A tag that cannot be parsed
 * fails the whole group with an {@link AsgConfigException} naming the group and the tag; an option
 * name Skyscaler does not know is reported in {@link #notes()} and ignored.
 */
public record NodeTemplateTags(
    Map<String, String> labels,
    List<Taint> taints,
    Map<String, Long> resources,
    GroupAutoscalingOptions options,
    List<String> notes) {

  public static final String PREFIX = "k8s.io/cluster-autoscaler/node-template/";
  private static final String LABEL = PREFIX + "label/";
  private static final String TAINT = PREFIX + "taint/";
  private static final String RESOURCES = PREFIX + "resources/";
  private static final String OPTIONS = PREFIX + "autoscaling-options/";

  public NodeTemplateTags {
    labels = Map.copyOf(labels);
    taints = List.copyOf(taints);
    resources = Map.copyOf(resources);
    notes = List.copyOf(notes);
  }

  /**
   * Parses the node-template tags of one group.
   *
   * @throws AsgConfigException naming the group and the first bad tag
   */
  public static NodeTemplateTags parse(String group, Map<String, String> tags) {
    Map<String, String> labels = new TreeMap<>();
    List<Taint> taints = new ArrayList<>();
    Map<String, Long> resources = new TreeMap<>();
    OptionsBuilder options = new OptionsBuilder();
    List<String> notes = new ArrayList<>();
    for (Map.Entry<String, String> tag : new TreeMap<>(tags).entrySet()) {
      String key = tag.getKey();
      String value = tag.getValue();
      try {
        if (key.startsWith(LABEL)) {
          labels.put(name(key, LABEL), value);
        } else if (key.startsWith(TAINT)) {
          taints.add(Taint.parse(name(key, TAINT), value));
        } else if (key.startsWith(RESOURCES)) {
          String resource = name(key, RESOURCES);
          resources.put(
              resource,
              resource.equals(Resources.CPU)
                  ? Quantity.parseMilli(value)
                  : Quantity.parseUnits(value));
        } else if (key.startsWith(OPTIONS)) {
          if (!options.set(name(key, OPTIONS), value)) {
            notes.add("ASG " + group + ": tag " + key + ": unknown autoscaling option, ignored");
          }
        }
      } catch (IllegalArgumentException e) {
        throw new AsgConfigException("ASG " + group + ": tag " + key + ": " + e.getMessage());
      }
    }
    return new NodeTemplateTags(labels, taints, resources, options.build(), notes);
  }

  /** The capacity with each {@code resources/<name>} tag replacing that amount. */
  public Resources applyTo(Resources capacity) {
    if (resources.isEmpty()) {
      return capacity;
    }
    long cpu = resources.getOrDefault(Resources.CPU, capacity.cpu());
    long memory = resources.getOrDefault(Resources.MEMORY, capacity.memory());
    long storage = resources.getOrDefault(Resources.EPHEMERAL_STORAGE, capacity.ephemeralStorage());
    long pods = resources.getOrDefault(Resources.PODS, capacity.pods());
    Map<String, Long> extended = new TreeMap<>(capacity.extended());
    resources.forEach(
        (k, v) -> {
          if (!List.of(Resources.CPU, Resources.MEMORY, Resources.EPHEMERAL_STORAGE, Resources.PODS)
              .contains(k)) {
            extended.put(k, v);
          }
        });
    return new Resources(cpu, memory, storage, pods, extended);
  }

  private static String name(String key, String prefix) {
    String name = key.substring(prefix.length());
    if (name.isEmpty()) {
      throw new IllegalArgumentException("the tag names nothing after " + prefix);
    }
    return name;
  }

  /** Collects option tags; CA's option names, lower case. */
  private static final class OptionsBuilder {
    private OptionalDouble utilization = OptionalDouble.empty();
    private OptionalDouble gpuUtilization = OptionalDouble.empty();
    private Optional<Duration> unneeded = Optional.empty();
    private Optional<Duration> unready = Optional.empty();
    private Optional<Duration> provision = Optional.empty();
    private Optional<Boolean> ignoreDaemonSets = Optional.empty();

    boolean set(String option, String value) {
      switch (option) {
        case "scaledownutilizationthreshold" -> utilization = OptionalDouble.of(ratio(value));
        case "scaledowngpuutilizationthreshold" -> gpuUtilization = OptionalDouble.of(ratio(value));
        case "scaledownunneededtime" -> unneeded = Optional.of(duration(value));
        case "scaledownunreadytime" -> unready = Optional.of(duration(value));
        case "maxnodeprovisiontime" -> provision = Optional.of(duration(value));
        case "ignoredaemonsetsutilization" -> ignoreDaemonSets = Optional.of(bool(value));
        default -> {
          return false;
        }
      }
      return true;
    }

    GroupAutoscalingOptions build() {
      return new GroupAutoscalingOptions(
          utilization, gpuUtilization, unneeded, unready, provision, ignoreDaemonSets);
    }

    private static double ratio(String value) {
      try {
        double v = Double.parseDouble(value);
        if (v >= 0 && v <= 1) {
          return v;
        }
      } catch (NumberFormatException e) {
        // reported below
      }
      throw new IllegalArgumentException(
          "expected a number between 0 and 1, got \"" + value + "\"");
    }

    private static Duration duration(String value) {
      return GoDuration.parse(value)
          .orElseThrow(
              () ->
                  new IllegalArgumentException(
                      "expected a duration like 10m or 1h30m, got \"" + value + "\""));
    }

    private static boolean bool(String value) {
      return switch (value) {
        case "true" -> true;
        case "false" -> false;
        default ->
            throw new IllegalArgumentException("expected true or false, got \"" + value + "\"");
      };
    }
  }
}
