package dev.skyscaler.kubernetes;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.KubernetesListBuilder;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Writes what a live read returned as YAML that {@link SnapshotFiles#read} (and so {@code skyscaler
 * plan} and {@code simulate}) accepts: one {@code kind: List} file per kind, in a directory. Server
 * bookkeeping that nothing reads ({@code metadata.managedFields}) is left out, which also keeps a
 * big cluster's snapshot small.
 */
public final class SnapshotWriter {
  private static final KubernetesSerialization YAML = new KubernetesSerialization();

  private SnapshotWriter() {}

  /**
   * Writes the objects into {@code dir} (created if missing), replacing files of the same names.
   *
   * @return the files written, in order
   * @throws SnapshotException naming the file that could not be written
   */
  public static List<Path> write(ClusterObjects objects, Path dir) {
    try {
      Files.createDirectories(dir);
    } catch (IOException e) {
      throw new SnapshotException("snapshot: cannot create " + dir + ": " + e.getMessage(), e);
    }
    List<Path> written = new ArrayList<>();
    writeList(dir, "namespaces.yaml", objects.namespaces(), written);
    writeList(dir, "nodes.yaml", objects.nodes(), written);
    writeList(dir, "pods.yaml", objects.pods(), written);
    writeList(dir, "poddisruptionbudgets.yaml", objects.pdbs(), written);
    writeList(dir, "daemonsets.yaml", objects.daemonSets(), written);
    objects
        .priorityExpander()
        .ifPresent(cm -> writeList(dir, "configmaps.yaml", List.of(cm), written));
    if (!objects.capacityBuffers().isEmpty()) {
      writeList(dir, "capacitybuffers.yaml", objects.capacityBuffers(), written);
    }
    if (!objects.podTemplates().isEmpty()) {
      writeList(dir, "podtemplates.yaml", objects.podTemplates(), written);
    }
    return written;
  }

  private static void writeList(
      Path dir, String name, List<? extends HasMetadata> items, List<Path> written) {
    Path file = dir.resolve(name);
    List<HasMetadata> copies = new ArrayList<>(items.size());
    for (HasMetadata item : items) {
      HasMetadata copy = YAML.clone(item);
      Optional.ofNullable(copy.getMetadata()).ifPresent(m -> m.setManagedFields(null));
      copies.add(copy);
    }
    String yaml = YAML.asYaml(new KubernetesListBuilder().withItems(copies).build());
    try {
      Files.writeString(file, yaml, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new SnapshotException("snapshot: cannot write " + file + ": " + e.getMessage(), e);
    }
    written.add(file);
  }
}
