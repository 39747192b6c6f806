package dev.skyscaler.kubernetes;

import com.fasterxml.jackson.databind.JsonMappingException;
import dev.skyscaler.core.model.Quantity;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Binds a parsed object to its fabric8 model class, turning Jackson's binding errors into one line
 * that names the object and the field path ({@code spec.containers[0].ports[0].hostPort}).
 */
final class ObjectConverter {
  private static final KubernetesSerialization SERIALIZATION = ReadView.SERIALIZATION;

  /** The fields of the model that are resource lists: their values are quantities. */
  private static final Set<String> RESOURCE_LISTS =
      Set.of("requests", "limits", "overhead", "capacity", "allocatable", "allocatedResources");

  private ObjectConverter() {}

  static <T> T convert(RawObject raw, Class<T> type) {
    try {
      return SERIALIZATION.convertValue(raw.body(), type);
    } catch (IllegalArgumentException e) {
      if (e.getCause() instanceof JsonMappingException j) {
        throw new SnapshotException(raw.describe() + ": " + describe(j, raw.body()), e);
      }
      throw new SnapshotException(raw.describe() + ": " + e.getMessage(), e);
    }
  }

  private static String describe(JsonMappingException e, Map<String, Object> body) {
    List<JsonMappingException.Reference> refs = e.getPath();
    StringBuilder path = new StringBuilder();
    Object value = body;
    for (JsonMappingException.Reference ref : refs) {
      if (ref.getFieldName() != null) {
        path.append(path.length() == 0 ? "" : ".").append(ref.getFieldName());
        value = value instanceof Map<?, ?> m ? m.get(ref.getFieldName()) : null;
      } else if (ref.getIndex() >= 0) {
        path.append('[').append(ref.getIndex()).append(']');
        value =
            value instanceof List<?> l && ref.getIndex() < l.size() ? l.get(ref.getIndex()) : null;
      }
    }
    String where = path.length() == 0 ? "" : path + ": ";
    if (isResourceListEntry(refs)) {
      try {
        Quantity.parse(value == null ? null : value.toString());
      } catch (IllegalArgumentException bad) {
        return where + bad.getMessage();
      }
    }
    return where + "invalid value: " + readable(e.getOriginalMessage());
  }

  private static boolean isResourceListEntry(List<JsonMappingException.Reference> refs) {
    int n = refs.size();
    return n >= 2 && RESOURCE_LISTS.contains(refs.get(n - 2).getFieldName());
  }

  /** Jackson's message without its Java type names. */
  private static String readable(String message) {
    String firstLine = message == null ? "" : message.lines().findFirst().orElse("");
    return firstLine
        .replaceAll("`java\\.lang\\.(Integer|Long)`", "integer")
        .replaceAll("`java\\.lang\\.Boolean`", "boolean")
        .replaceAll("`java\\.lang\\.String`", "string")
        .replaceAll("`java\\.util\\.(ArrayList|List)<[^`]*>`", "list")
        .replaceAll("`java\\.util\\.(LinkedHashMap|Map)<[^`]*>`", "map")
        .replaceAll(
            "`io\\.fabric8\\.kubernetes\\.api\\.model\\.(?:[a-z0-9]+\\.)*([A-Za-z]+)`", "$1");
  }
}
