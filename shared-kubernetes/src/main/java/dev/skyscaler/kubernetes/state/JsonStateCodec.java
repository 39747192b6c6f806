package dev.skyscaler.kubernetes.state;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.datatype.jdk8.Jdk8Module;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * JSON for a state record, written so that the state's shape can grow without touching this class:
 * records, lists, sets, maps with string keys, {@code Optional}, {@code Instant} and {@code
 * Duration} (as ISO-8601 text), enums and numbers work as they are.
 *
 * <p>Compatible both ways across versions: a field the JSON lacks (an older writer) takes its value
 * in the {@code defaults} state when one is given (e.g. {@code AutoscalerState.EMPTY}, so a
 * policy's state added later reads as that policy's empty state), and otherwise reads as empty
 * (empty collection, empty {@code Optional}, {@code null}, 0); a field the record lacks (a newer
 * writer) is ignored. Map keys are sorted, so equal states encode to equal text and an unchanged
 * state is not written again.
 */
public final class JsonStateCodec<S> {
  private static final JsonSetter.Value EMPTY_FOR_NULL =
      JsonSetter.Value.forValueNulls(Nulls.AS_EMPTY);

  private final Class<S> type;
  private final ObjectMapper json;
  private final JsonNode defaults;

  /** A codec without defaults: missing fields read as empty. */
  public JsonStateCodec(Class<S> type) {
    this(type, null);
  }

  /**
   * @param defaults where a field missing from the JSON takes its value from
   */
  public JsonStateCodec(Class<S> type, S defaults) {
    this.type = Objects.requireNonNull(type, "type");
    JsonMapper mapper =
        JsonMapper.builder()
            .addModule(new JavaTimeModule())
            .addModule(new Jdk8Module())
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
            .disable(SerializationFeature.WRITE_DURATIONS_AS_TIMESTAMPS)
            .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .disable(DeserializationFeature.ADJUST_DATES_TO_CONTEXT_TIME_ZONE)
            .serializationInclusion(JsonInclude.Include.NON_ABSENT)
            // Missing collections read as empty ones. Only collections: records without a
            // no-argument
            // constructor have no "empty" value, and Optional is empty by itself.
            .withConfigOverride(List.class, o -> o.setSetterInfo(EMPTY_FOR_NULL))
            .withConfigOverride(Set.class, o -> o.setSetterInfo(EMPTY_FOR_NULL))
            .withConfigOverride(Map.class, o -> o.setSetterInfo(EMPTY_FOR_NULL))
            .withConfigOverride(Collection.class, o -> o.setSetterInfo(EMPTY_FOR_NULL))
            .build();
    this.json = mapper;
    this.defaults = defaults == null ? null : mapper.valueToTree(defaults);
  }

  /** The state as compact JSON. */
  public String encode(S state) {
    try {
      return json.writeValueAsString(state);
    } catch (JsonProcessingException e) {
      throw new StateException(
          "state: cannot encode " + type.getSimpleName() + ": " + e.getOriginalMessage(), e);
    }
  }

  /**
   * Reads a state.
   *
   * @throws StateException naming the field path and what was expected, e.g. {@code state:
   *     drains.n1.deadline: expected an ISO-8601 instant, found "soon"}
   */
  public S decode(String text) {
    try {
      JsonNode stored = json.readTree(text);
      if (defaults != null && stored instanceof ObjectNode object) {
        stored = withDefaults(defaults.deepCopy(), object);
      }
      S state = json.treeToValue(stored, type);
      if (state == null) {
        throw new StateException("state: empty document: expected a JSON object");
      }
      return state;
    } catch (JsonMappingException e) {
      throw new StateException("state: " + path(e) + problem(e), e);
    } catch (JsonProcessingException e) {
      throw new StateException(
          "state: not JSON (line "
              + e.getLocation().getLineNr()
              + ", column "
              + e.getLocation().getColumnNr()
              + "): "
              + e.getOriginalMessage(),
          e);
    }
  }

  /** {@code stored} laid over {@code base}: objects merge field by field, other values replace. */
  private static JsonNode withDefaults(ObjectNode base, ObjectNode stored) {
    stored
        .fields()
        .forEachRemaining(
            e -> {
              JsonNode under = base.get(e.getKey());
              if (under instanceof ObjectNode u
                  && e.getValue() instanceof ObjectNode o
                  && !u.isEmpty()) {
                base.set(e.getKey(), withDefaults(u, o));
              } else {
                base.set(e.getKey(), e.getValue());
              }
            });
    return base;
  }

  private static String path(JsonMappingException e) {
    String path =
        e.getPath().stream()
            .map(r -> r.getFieldName() != null ? r.getFieldName() : "[" + r.getIndex() + "]")
            .collect(Collectors.joining("."))
            .replace(".[", "[");
    return path.isEmpty() ? "" : path + ": ";
  }

  private static String problem(JsonMappingException e) {
    Throwable cause = e.getCause();
    if (cause instanceof NullPointerException) {
      // a record's constructor found a required field missing (Objects.requireNonNull(x, "name"))
      return cause.getMessage() + ": missing";
    }
    if (cause instanceof IllegalArgumentException) {
      return cause.getMessage();
    }
    String m = e.getOriginalMessage();
    int cut = m.indexOf('\n');
    return cut < 0 ? m : m.substring(0, cut);
  }
}
