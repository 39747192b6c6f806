package dev.skyscaler.cli.shadow;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.skyscaler.cli.input.InputException;
import dev.skyscaler.kubernetes.ConnectionOptions;
import dev.skyscaler.kubernetes.KubernetesApiException;
import dev.skyscaler.kubernetes.KubernetesConnection;
import dev.skyscaler.kubernetes.shadow.ShadowRecord;
import dev.skyscaler.kubernetes.shadow.ShadowRecordException;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Where the shadow record is read from: Skyscaler's own status ConfigMap in a live cluster (GET
 * only, with the kubeconfig's credentials, connected as {@code plan --kubeconfig} connects), or a
 * file holding that ConfigMap ({@code kubectl get configmap skyscaler-status -n kube-system -o
 * yaml}), alone or in a {@code List}.
 */
final class RecordSource {
  /** A ConfigMap holds at most 1 MiB; a file a little larger may hold its YAML framing. */
  static final long MAX_FILE_BYTES = 2L * 1024 * 1024;

  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

  private RecordSource() {}

  /** The record in {@code namespace/name} of the kubeconfig's cluster. */
  static ShadowRecord live(
      Path kubeconfig, Optional<String> context, String namespace, String name) {
    String where = "configmap " + namespace + "/" + name;
    ConfigMap cm;
    try (KubernetesConnection c =
        KubernetesConnection.fromKubeconfig(kubeconfig, context, ConnectionOptions.DEFAULTS)) {
      cm = c.client().configMaps().inNamespace(namespace).withName(name).get();
    } catch (KubernetesClientException e) {
      throw KubernetesApiException.of("get " + where, e);
    }
    if (cm == null) {
      throw new InputException(
          where + " not found: shadow mode (DRY_RUN=true) writes it; is it running there?");
    }
    String text = cm.getData() == null ? null : cm.getData().get(ShadowRecord.KEY);
    return parse(text, where);
  }

  /** The record in the ConfigMap {@code name} of {@code file}. */
  static ShadowRecord file(Path file, String name) {
    String where = "file " + file;
    JsonNode root;
    try {
      long size = Files.size(file);
      if (size > MAX_FILE_BYTES) {
        throw new InputException(
            where + ": " + size + " bytes, more than the " + MAX_FILE_BYTES + " allowed");
      }
      root = YAML.readTree(Files.readString(file));
    } catch (JacksonException e) {
      throw new InputException(where + ": not YAML or JSON: " + e.getOriginalMessage());
    } catch (IOException e) {
      throw new InputException(where + ": cannot be read: " + e.getMessage());
    }
    JsonNode cm =
        configMap(root, name)
            .orElseThrow(
                () ->
                    new InputException(
                        where
                            + ": expected the ConfigMap "
                            + name
                            + " (kubectl get configmap "
                            + name
                            + " -n kube-system -o yaml), alone or in a List"));
    JsonNode text = cm.path("data").path(ShadowRecord.KEY);
    return parse(text.isTextual() ? text.asText() : null, where + ", configmap " + name);
  }

  private static Optional<JsonNode> configMap(JsonNode root, String name) {
    if (root == null || !root.isObject()) {
      return Optional.empty();
    }
    if ("ConfigMap".equals(root.path("kind").asText())
        && name.equals(root.path("metadata").path("name").asText())) {
      return Optional.of(root);
    }
    if ("List".equals(root.path("kind").asText()) || root.path("kind").asText().endsWith("List")) {
      for (JsonNode item : root.path("items")) {
        if ("ConfigMap".equals(item.path("kind").asText())
            && name.equals(item.path("metadata").path("name").asText())) {
          return Optional.of(item);
        }
      }
    }
    return Optional.empty();
  }

  private static ShadowRecord parse(String text, String where) {
    if (text == null) {
      throw new InputException(
          where
              + ": no data."
              + ShadowRecord.KEY
              + ": it is written by shadow mode (DRY_RUN=true) scans");
    }
    try {
      return ShadowRecord.parse(
          text, where + " data." + ShadowRecord.KEY, ShadowRecord.Limits.DEFAULTS);
    } catch (ShadowRecordException e) {
      throw new InputException(e.getMessage());
    }
  }
}
