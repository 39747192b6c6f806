package dev.skyscaler.kubernetes.state;

import io.fabric8.kubernetes.api.model.ConfigMap;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/**
 * How the state's JSON sits in the ConfigMap: readable as {@code data["state.json"]} while it is
 * small (what a person running {@code kubectl get cm skyscaler-state -o yaml} wants),
 * gzip-compressed as {@code binaryData["state.json.gz"]} past {@link #PLAIN_LIMIT}, so that a
 * cluster of thousands of nodes stays far below the API server's 1 MiB object limit. Past {@link
 * #MAX_STORED} even compressed, the write is refused: a truncated state would be worse than a stale
 * one.
 */
final class StateEncoding {
  static final String PLAIN_KEY = "state.json";
  static final String GZIP_KEY = "state.json.gz";
  static final int PLAIN_LIMIT = 256 * 1024;
  static final int MAX_STORED = 900 * 1024;

  private StateEncoding() {}

  /**
   * One encoded state.
   *
   * @param format {@code json} or {@code json+gzip}
   * @param storedBytes what the payload weighs in the object (base64 for binary data)
   */
  record Payload(
      String json,
      String format,
      Map<String, String> data,
      Map<String, String> binaryData,
      int storedBytes) {}

  static Payload encode(String json, String where) {
    byte[] utf8 = json.getBytes(StandardCharsets.UTF_8);
    if (utf8.length <= PLAIN_LIMIT) {
      return new Payload(json, "json", Map.of(PLAIN_KEY, json), Map.of(), utf8.length);
    }
    String base64 = Base64.getEncoder().encodeToString(gzip(utf8));
    if (base64.length() > MAX_STORED) {
      throw new StateException(
          where
              + ": the state is "
              + utf8.length
              + " bytes, "
              + base64.length()
              + " compressed: over the "
              + MAX_STORED
              + "-byte limit for one ConfigMap; not written");
    }
    return new Payload(json, "json+gzip", Map.of(), Map.of(GZIP_KEY, base64), base64.length());
  }

  static Payload read(ConfigMap cm) {
    Map<String, String> binary = cm.getBinaryData() == null ? Map.of() : cm.getBinaryData();
    Map<String, String> data = cm.getData() == null ? Map.of() : cm.getData();
    if (binary.containsKey(GZIP_KEY)) {
      String base64 = binary.get(GZIP_KEY);
      try {
        String json =
            new String(gunzip(Base64.getDecoder().decode(base64)), StandardCharsets.UTF_8);
        return new Payload(json, "json+gzip", Map.of(), binary, base64.length());
      } catch (IllegalArgumentException | UncheckedIOException e) {
        throw new StateException("binaryData." + GZIP_KEY + ": not gzip-compressed JSON", e);
      }
    }
    if (data.containsKey(PLAIN_KEY)) {
      String json = data.get(PLAIN_KEY);
      return new Payload(
          json, "json", data, Map.of(), json.getBytes(StandardCharsets.UTF_8).length);
    }
    throw new StateException("no state: expected data." + PLAIN_KEY + " or binaryData." + GZIP_KEY);
  }

  private static byte[] gzip(byte[] bytes) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(bytes.length / 4);
    try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
      gz.write(bytes);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }

  private static byte[] gunzip(byte[] bytes) {
    try (GZIPInputStream gz = new GZIPInputStream(new ByteArrayInputStream(bytes))) {
      return gz.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
