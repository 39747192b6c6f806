package dev.skyscaler.kubernetes.status;

import dev.skyscaler.kubernetes.KubernetesApiException;
import dev.skyscaler.kubernetes.KubernetesConnection;
import dev.skyscaler.kubernetes.fence.WriteFence;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.snakeyaml.engine.v2.api.Load;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.exceptions.YamlEngineException;

/**
 * Writes the {@link StatusReport} where Cluster Autoscaler writes its status: {@code data.status}
 * of the ConfigMap {@code kube-system/cluster-autoscaler-status} (name configurable), with the
 * {@code cluster-autoscaler.kubernetes.io/last-updated} annotation, so {@code kubectl describe
 * configmap cluster-autoscaler-status} works as it does with CA.
 *
 * <p>Unlike CA, which rewrites it every loop, the ConfigMap is written only when the status changed
 * (probe times aside), or when the last write is older than {@code refreshAfter}: an old {@code
 * last-updated} then means Skyscaler stopped running. Each condition's {@code lastTransitionTime}
 * is carried over from the previous status while its {@code status} stays the same.
 */
public final class StatusWriter {
  static final String LAST_UPDATED = "cluster-autoscaler.kubernetes.io/last-updated";
  static final String KEY = "status";

  /**
   * Repeats {@code last-updated} on each status Skyscaler writes, so that a status stamped by
   * someone else (a running Cluster Autoscaler) can be told apart.
   */
  public static final String WRITTEN_BY_SKYSCALER = "skyscaler.dev/last-updated";

  private final KubernetesConnection connection;
  private final KubernetesClient client;
  private final StatusOptions options;
  private final WriteFence fence;

  /**
   * @param refreshAfter write an unchanged status again after this long
   */
  public record StatusOptions(String namespace, String name, Duration refreshAfter) {
    /** {@code kube-system/cluster-autoscaler-status}, refreshed every 5 minutes. */
    public static final StatusOptions DEFAULTS =
        new StatusOptions("kube-system", "cluster-autoscaler-status", Duration.ofMinutes(5));

    public StatusOptions {
      Objects.requireNonNull(namespace, "namespace");
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(refreshAfter, "refreshAfter");
    }
  }

  /** Whether the ConfigMap was written, and the YAML it now holds. */
  public record StatusWrite(boolean written, String yaml) {}

  /**
   * @param fence admits each write of the ConfigMap (the scan's {@code HeldLease})
   */
  public StatusWriter(KubernetesConnection connection, StatusOptions options, WriteFence fence) {
    this.connection = connection;
    this.client = connection.client();
    this.options = Objects.requireNonNull(options, "options");
    this.fence = Objects.requireNonNull(fence, "fence");
  }

  /**
   * Writes {@code report} (from {@link StatusReport#build}) unless the stored status says the same.
   *
   * @throws KubernetesApiException when the ConfigMap cannot be read or written
   * @throws dev.skyscaler.kubernetes.fence.WriteRefusedException when the fence refuses the write
   */
  public StatusWrite write(Map<String, Object> report, Instant now) {
    return write(report, Map.of(), now);
  }

  /**
   * {@link #write(Map, Instant)} with more keys of {@code data} beside {@code status} (a shadow
   * scan's comparison); a change in them is a change of the status.
   */
  public StatusWrite write(Map<String, Object> report, Map<String, String> extra, Instant now) {
    for (int attempt = 1; ; attempt++) {
      ConfigMap current = get();
      Map<String, Object> previous = previous(current);
      Map<String, Object> doc = StatusTransitions.carryOver(report, previous, now);
      String yaml = StatusYaml.render(doc);
      if (current != null
          && StatusTransitions.sameContent(doc, previous)
          && sameExtra(current, extra)
          && lastUpdated(current)
              .map(t -> t.plus(options.refreshAfter()).isAfter(now))
              .orElse(false)) {
        return new StatusWrite(false, current.getData().get(KEY));
      }
      try {
        ConfigMap cm = configMap(current, yaml, extra, now);
        boolean create = current == null;
        connection.write(
            fence,
            "write configmap " + describe(),
            c ->
                create
                    ? c.configMaps().resource(cm).create()
                    : c.configMaps().resource(cm).update());
        return new StatusWrite(true, yaml);
      } catch (KubernetesClientException e) {
        if (e.getCode() != 409 || attempt == 2) {
          throw KubernetesApiException.of("write configmap " + describe(), e);
        }
      }
    }
  }

  private static boolean sameExtra(ConfigMap current, Map<String, String> extra) {
    Map<String, String> data = current.getData() == null ? Map.of() : current.getData();
    return extra.entrySet().stream().allMatch(e -> e.getValue().equals(data.get(e.getKey())));
  }

  private ConfigMap configMap(
      ConfigMap current, String yaml, Map<String, String> extra, Instant now) {
    ConfigMapBuilder b =
        current == null
            ? new ConfigMapBuilder()
                .withNewMetadata()
                .withNamespace(options.namespace())
                .withName(options.name())
                .endMetadata()
            : new ConfigMapBuilder(current);
    Map<String, String> data =
        new LinkedHashMap<>(
            current == null || current.getData() == null ? Map.of() : current.getData());
    data.putAll(extra);
    data.put(KEY, yaml);
    return b.withData(data)
        .editMetadata()
        .addToAnnotations(LAST_UPDATED, StatusReport.GO_TIME.format(now))
        .addToAnnotations(WRITTEN_BY_SKYSCALER, StatusReport.GO_TIME.format(now))
        .endMetadata()
        .build();
  }

  private ConfigMap get() {
    try {
      return client.configMaps().inNamespace(options.namespace()).withName(options.name()).get();
    } catch (KubernetesClientException e) {
      throw KubernetesApiException.of("get configmap " + describe(), e);
    }
  }

  /** The stored status document; empty for none or for CA's old plain-text format. */
  @SuppressWarnings("unchecked")
  private static Map<String, Object> previous(ConfigMap cm) {
    String text = cm == null || cm.getData() == null ? null : cm.getData().get(KEY);
    if (text == null) {
      return Map.of();
    }
    try {
      Object parsed = new Load(LoadSettings.builder().build()).loadFromString(text);
      return parsed instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of();
    } catch (YamlEngineException e) {
      return Map.of();
    }
  }

  private static Optional<Instant> lastUpdated(ConfigMap cm) {
    var annotations = cm.getMetadata().getAnnotations();
    String text = annotations == null ? null : annotations.get(LAST_UPDATED);
    if (text == null) {
      return Optional.empty();
    }
    try {
      return Optional.of(ZonedDateTime.parse(text, StatusReport.GO_TIME).toInstant());
    } catch (DateTimeParseException e) {
      return Optional.empty();
    }
  }

  private String describe() {
    return options.namespace() + "/" + options.name();
  }
}
