package dev.skyscaler.kubernetes.state;

import dev.skyscaler.kubernetes.KubernetesApiException;
import dev.skyscaler.kubernetes.KubernetesConnection;
import dev.skyscaler.kubernetes.fence.WriteFence;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Keeps the autoscaler's state in the cluster, as JSON in a ConfigMap ({@code
 * kube-system/skyscaler-state} by default), because a serverless function has no memory between
 * invocations.
 *
 * <p>Writes are optimistic: each carries the {@code resourceVersion} that was read, and is admitted
 * by the scan's {@link WriteFence} first. A 409 means another write came first. If what is stored
 * now is exactly what this save wrote, it was this very write (retried after its answer was lost)
 * and the save succeeded; otherwise another actor wrote the state since this scan loaded it, so
 * another actor acted, and the save stops with {@link StateConflictException}: nothing here can
 * tell which of two states is right, and writing over the other would lose what it recorded. Before
 * each write, entries of nodes that no longer exist are pruned, and an unchanged state is not
 * written at all. Big states are stored gzip-compressed (see {@link StateEncoding}) and a state
 * still over the size limit is refused, never truncated.
 */
public final class StateStore<S> {
  static final String ANNOTATION_FORMAT = "skyscaler.dev/state-format";
  private final KubernetesConnection connection;
  private final KubernetesClient client;
  private final JsonStateCodec<S> codec;
  private final S empty;
  private final StatePruning<S> pruning;
  private final StoreOptions options;
  private final WriteFence fence;

  /**
   * @param namespace where the ConfigMap lives
   * @param name the ConfigMap's name
   */
  public record StoreOptions(String namespace, String name) {
    public static final StoreOptions DEFAULTS = new StoreOptions("kube-system", "skyscaler-state");

    public StoreOptions {
      Objects.requireNonNull(namespace, "namespace");
      Objects.requireNonNull(name, "name");
    }
  }

  /**
   * What a load or save found.
   *
   * @param resourceVersion the ConfigMap's version; empty when there is no ConfigMap yet
   * @param storedBytes the size of the stored payload (compressed when it is)
   * @param warnings e.g. a state that could not be read and was replaced by an empty one
   */
  public record Stored<S>(
      S state, Optional<String> resourceVersion, int storedBytes, List<String> warnings) {
    public Stored {
      Objects.requireNonNull(state, "state");
      Objects.requireNonNull(resourceVersion, "resourceVersion");
      warnings = List.copyOf(warnings);
    }
  }

  /**
   * @param empty the state to start from when there is none (first scan) or it cannot be read
   * @param pruning drops the entries of nodes that no longer exist
   * @param fence admits each write (the scan's {@code HeldLease})
   */
  public StateStore(
      KubernetesConnection connection,
      JsonStateCodec<S> codec,
      S empty,
      StatePruning<S> pruning,
      StoreOptions options,
      WriteFence fence) {
    this.connection = connection;
    this.client = connection.client();
    this.codec = Objects.requireNonNull(codec, "codec");
    this.empty = Objects.requireNonNull(empty, "empty");
    this.pruning = Objects.requireNonNull(pruning, "pruning");
    this.options = Objects.requireNonNull(options, "options");
    this.fence = Objects.requireNonNull(fence, "fence");
  }

  /**
   * The stored state, or {@code empty} when there is none. A state that cannot be decoded (hand
   * edited, or written by an incompatible version) is not fatal: the scan starts from {@code empty}
   * with a warning, which is safe because the stale-state cleanup rolls back deletion taints that
   * have no drain in the state.
   *
   * @throws KubernetesApiException when the ConfigMap cannot be read
   */
  public Stored<S> load() {
    ConfigMap cm = get();
    if (cm == null) {
      return new Stored<>(empty, Optional.empty(), 0, List.of());
    }
    Optional<String> version = Optional.ofNullable(cm.getMetadata().getResourceVersion());
    try {
      StateEncoding.Payload payload = StateEncoding.read(cm);
      return new Stored<>(codec.decode(payload.json()), version, payload.storedBytes(), List.of());
    } catch (StateException e) {
      return new Stored<>(
          empty,
          version,
          0,
          List.of(describe() + ": " + e.getMessage() + "; starting from an empty state"));
    }
  }

  /**
   * Prunes and writes {@code state}, unless it equals what {@code previous} holds.
   *
   * @param previous what {@link #load()} (or the last save) returned
   * @param liveNodes the names of the nodes that exist now
   * @return what is now stored
   * @throws StateException when the state is too big to store even compressed
   * @throws StateConflictException when another actor wrote the state since {@code previous}
   * @throws dev.skyscaler.kubernetes.fence.WriteRefusedException when the fence refuses the write
   * @throws KubernetesApiException when writing fails for another reason
   */
  public Stored<S> save(S state, Stored<S> previous, Set<String> liveNodes) {
    S pruned = pruning.keepOnly(state, liveNodes);
    String json = codec.encode(pruned);
    if (previous.resourceVersion().isPresent()
        && previous.warnings().isEmpty()
        && json.equals(codec.encode(previous.state()))) {
      return previous;
    }
    StateEncoding.Payload payload = StateEncoding.encode(json, describe());
    Optional<String> version = previous.resourceVersion();
    ConfigMap wanted = configMap(payload, version.orElse(null));
    ConfigMap written;
    try {
      written =
          connection.write(
              fence,
              "write configmap " + describe(),
              // no version: there was no ConfigMap, and a create fails (409) if one appeared since
              c ->
                  version.isEmpty()
                      ? c.configMaps().resource(wanted).create()
                      : c.configMaps().resource(wanted).update());
    } catch (KubernetesClientException e) {
      if (e.getCode() != 409) {
        throw KubernetesApiException.of("write configmap " + describe(), e);
      }
      written = ownWriteOr(json, version);
    }
    return new Stored<>(
        pruned,
        Optional.ofNullable(written.getMetadata().getResourceVersion()),
        payload.storedBytes(),
        List.of());
  }

  /**
   * After a 409: the stored ConfigMap when it holds exactly {@code json} (this very write landed,
   * and a retry of it conflicted with itself); otherwise another actor wrote it.
   */
  private ConfigMap ownWriteOr(String json, Optional<String> readVersion) {
    ConfigMap current = get();
    String now = current == null ? "none" : current.getMetadata().getResourceVersion();
    if (current != null) {
      try {
        if (StateEncoding.read(current).json().equals(json)) {
          return current;
        }
      } catch (StateException unreadable) {
        // not ours either
      }
    }
    throw new StateConflictException(
        describe()
            + ": changed since this scan read it (resourceVersion "
            + readVersion.orElse("none")
            + ", now "
            + now
            + "): another actor wrote it; this scan's state is not saved over it, and the next"
            + " scan plans from what the cluster then shows");
  }

  private ConfigMap get() {
    try {
      return client.configMaps().inNamespace(options.namespace()).withName(options.name()).get();
    } catch (KubernetesClientException e) {
      throw KubernetesApiException.of("get configmap " + describe(), e);
    }
  }

  private ConfigMap configMap(StateEncoding.Payload payload, String resourceVersion) {
    return new ConfigMapBuilder()
        .withNewMetadata()
        .withNamespace(options.namespace())
        .withName(options.name())
        .withResourceVersion(resourceVersion)
        .addToLabels("app.kubernetes.io/managed-by", "skyscaler")
        .addToAnnotations(ANNOTATION_FORMAT, payload.format())
        .endMetadata()
        .withData(payload.data())
        .withBinaryData(payload.binaryData())
        .build();
  }

  private String describe() {
    return "ConfigMap " + options.namespace() + "/" + options.name();
  }

  /** Drops the entries of nodes that are gone; supplied by the owner of the state's shape. */
  @FunctionalInterface
  public interface StatePruning<S> {
    S keepOnly(S state, Set<String> nodes);

    /** For states without per-node entries. */
    static <S> StatePruning<S> none() {
      return (state, nodes) -> state;
    }
  }
}
