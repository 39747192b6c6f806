package dev.skyscaler.kubernetes.state;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jdk8.Jdk8Module;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * JSON for a state record, written so that the state's shape can grow without touching this class:
 * records, lists, sets, maps with string keys, {@code Optional}, {@code Instant} and {@code
 * Duration} (as ISO-8601 text), enums and numbers work as they are.
 *
 * <p>Compatible both ways across versions: a field the JSON lacks (an older writer) reads as empty
 * (empty collection, empty {@code Optional}, {@code null} otherwise, 0 for numbers); a field the
 * record lacks (a newer writer) is ignored. Map keys are sorted, so equal states encode to equal
 * text and an unchanged state is not written again.
 */
public final class JsonStateCodec<S> {
  private final Class<S> type;
  private final ObjectMapper json;

  public JsonStateCodec(Class<S> type) {
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
            .defaultSetterInfo(JsonSetter.Value.forValueNulls(Nulls.AS_EMPTY))
            .build();
    this.json = mapper;
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
      S state = json.readValue(text, type);
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
