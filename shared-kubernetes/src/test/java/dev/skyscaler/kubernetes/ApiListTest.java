package dev.skyscaler.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.skyscaler.kubernetes.mock.MockCluster;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** One list request read through the real fabric8 client from the mock API server's answers. */
class ApiListTest {
  @RegisterExtension final MockCluster cluster = new MockCluster();

  private static final String PATH = "/api/v1/pods?resourceVersion=0";

  static Stream<Arguments> parsings() {
    return Stream.of(
        Arguments.of("one batch, parsed on the reading thread", new ListParsing(1, 1 << 20)),
        Arguments.of("a batch per pod, parsed on one thread", new ListParsing(1, 1)),
        Arguments.of("a batch per few pods, parsed on three threads", new ListParsing(3, 200)));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("parsings")
  void aListsItemsComeInTheAnswersOrderHoweverTheyAreParsed(String sentence, ListParsing parsing) {
    List<String> names = IntStream.range(0, 500).mapToObj(i -> "p" + i).toList();
    String items =
        names.stream()
            .map(n -> "{\"metadata\":{\"name\":\"" + n + "\",\"namespace\":\"a\"}}")
            .collect(Collectors.joining(",\n"));
    answer(200, "{\"metadata\":{\"resourceVersion\":\"42\"},\"items\":[" + items + "]}");

    Names read = new Names();
    String version = list(parsing, read);

    assertThat(version).isEqualTo("42");
    assertThat(read.merged).isEqualTo(names);
  }

  static Stream<Arguments> brokenAnswers() {
    return Stream.of(
        Arguments.of(
            "an item that is not an object",
            200,
            "{\"metadata\":{\"resourceVersion\":\"1\"},\"items\":[{},7]}",
            "list pods: I/O error: IOException: an item of the list is not an object"),
        Arguments.of(
            "a list without a resource version",
            200,
            "{\"metadata\":{},\"items\":[]}",
            "list pods: I/O error: IOException: the list has no metadata.resourceVersion"),
        Arguments.of(
            "an answer that ends inside its items",
            200,
            "{\"metadata\":{\"resourceVersion\":\"1\"},\"items\":[{\"metadata\":{}",
            "list pods: I/O error: IOException: the answer ends inside its items"),
        Arguments.of(
            "an item that is not JSON",
            200,
            "{\"metadata\":{\"resourceVersion\":\"1\"},\"items\":[{\"a\":tru}]}",
            "list pods: I/O error: JsonParseException: Unrecognized token 'tru'"),
        Arguments.of(
            "a refusal with a Status",
            403,
            "{\"kind\":\"Status\",\"reason\":\"Forbidden\",\"message\":\"pods is forbidden\"}",
            "list pods: HTTP 403 Forbidden: pods is forbidden"),
        Arguments.of(
            "a refusal without a Status", 404, "<html>oops</html>", "list pods: HTTP 404"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("brokenAnswers")
  void aBrokenAnswerIsOneErrorNamingTheList(
      String sentence, int code, String answer, String message) {
    answer(code, answer);

    assertThatThrownBy(() -> list(new ListParsing(2, 1), new Names()))
        .isInstanceOf(KubernetesApiException.class)
        .message()
        .startsWith(message);
  }

  private void answer(int code, String body) {
    cluster.expect().get().withPath(PATH).andReturn(code, body).once();
  }

  private String list(ListParsing parsing, Names names) {
    try (KubernetesConnection connection = cluster.connect()) {
      return ApiList.list(
          connection.client(), "list pods", "api/v1/pods", null, ObjectTrees.POD, parsing, names);
    }
  }

  /** The names of the items, per batch, merged in order. */
  private static final class Names implements ListedItems<List<String>> {
    final List<String> merged = new ArrayList<>();

    @Override
    public List<String> batch() {
      return new ArrayList<>();
    }

    @Override
    public void add(List<String> batch, JsonNode item) {
      batch.add(item.path("metadata").path("name").asText());
    }

    @Override
    public void merge(List<String> batch) {
      merged.addAll(batch);
    }
  }
}
