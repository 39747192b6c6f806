package dev.skyscaler.aws.asg;

import dev.skyscaler.aws.client.AwsClientSettings;
import dev.skyscaler.aws.client.SignedAwsCall;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.SAXException;
import software.amazon.awssdk.awscore.exception.AwsErrorDetails;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.SdkHttpMethod;
import software.amazon.awssdk.retries.api.RetryStrategy;

/**
 * The EC2 Query API (form-encoded POST, XML answers, version 2016-11-15) for the three read-only
 * calls Skyscaler makes. Why not the SDK's EC2 client: its jar is 24 MB (ten thousand model classes
 * for six hundred operations), half the deployable and more than the whole rest; these three calls
 * need a signed POST and a few XML elements. Signing, HTTP and retries are the SDK's ({@link
 * SignedAwsCall}); an error answer becomes the SDK's {@link AwsServiceException} with EC2's code
 * and message, so the standard retry strategy classifies it as it would the EC2 client's
 * (throttling codes, 5xx) and callers handle both alike.
 */
final class Ec2Query {
  static final String VERSION = "2016-11-15";

  private final SignedAwsCall call;

  Ec2Query(AwsClientSettings settings, SdkHttpClient http) {
    this(settings, http, SignedAwsCall.standardRetries());
  }

  /** With another retry strategy: tests retry without waiting. */
  Ec2Query(AwsClientSettings settings, SdkHttpClient http, RetryStrategy retries) {
    String region = settings.region().id();
    this.call =
        new SignedAwsCall(
            settings,
            "ec2",
            URI.create("https://ec2." + region + ".amazonaws.com/"),
            http,
            retries);
  }

  /**
   * Calls an action and returns the root element of its answer.
   *
   * @param params the action's parameters in Query form ({@code InstanceType.1}, {@code
   *     Filter.1.Value.2}, ...)
   */
  Element call(String action, Map<String, String> params) {
    byte[] form = form(action, params).getBytes(StandardCharsets.UTF_8);
    return call.call(
        new SignedAwsCall.Request(
            SdkHttpMethod.POST, "/", form, "application/x-www-form-urlencoded; charset=utf-8"),
        answer -> {
          Element root = parse(action, answer.body(), answer.status());
          if (answer.status() >= 300) {
            throw serviceError(action, root, answer.status());
          }
          return root;
        });
  }

  private static String form(String action, Map<String, String> params) {
    StringBuilder form =
        new StringBuilder("Action=").append(action).append("&Version=").append(VERSION);
    params.forEach((k, v) -> form.append('&').append(encode(k)).append('=').append(encode(v)));
    return form.toString();
  }

  private static String encode(String s) {
    return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20");
  }

  private static AwsServiceException serviceError(String action, Element root, int status) {
    Element error = child(child(root, "Errors"), "Error");
    String code = text(error, "Code");
    String message = text(error, "Message");
    return AwsServiceException.builder()
        .message(message)
        .statusCode(status)
        .awsErrorDetails(
            AwsErrorDetails.builder()
                .errorCode(code.isEmpty() ? "HTTP" + status : code)
                .errorMessage(
                    message.isEmpty() ? "EC2 " + action + " answered HTTP " + status : message)
                .serviceName("Ec2")
                .build())
        .build();
  }

  private static Element parse(String action, byte[] xml, int status) {
    try {
      return builder().parse(new ByteArrayInputStream(xml)).getDocumentElement();
    } catch (SAXException | IOException e) {
      String what = "EC2 " + action + " answered HTTP " + status + " with no readable XML";
      if (status >= 500) {
        throw AwsServiceException.builder()
            .message(what)
            .statusCode(status)
            .awsErrorDetails(
                AwsErrorDetails.builder().errorCode("HTTP" + status).errorMessage(what).build())
            .build();
      }
      throw SdkClientException.create(what + ": " + e.getMessage(), e);
    }
  }

  private static DocumentBuilder builder() {
    try {
      DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
      // answers come from the network: no DTDs, no external entities
      f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
      f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
      f.setExpandEntityReferences(false);
      return f.newDocumentBuilder();
    } catch (ParserConfigurationException e) {
      throw new IllegalStateException("no secure XML parser available", e);
    }
  }

  /** The first child element with this local name, or null. */
  static Element child(Element parent, String name) {
    if (parent == null) {
      return null;
    }
    for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element e && name.equals(localName(e))) {
        return e;
      }
    }
    return null;
  }

  /** The {@code item} elements of the named list child ({@code <instanceTypeSet><item>...}). */
  static List<Element> items(Element parent, String listName) {
    List<Element> items = new ArrayList<>();
    Element list = child(parent, listName);
    if (list == null) {
      return items;
    }
    for (Node n = list.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element e && "item".equals(localName(e))) {
        items.add(e);
      }
    }
    return items;
  }

  /** The trimmed text of the named child, empty when absent. */
  static String text(Element parent, String name) {
    Element e = child(parent, name);
    return e == null ? "" : e.getTextContent().trim();
  }

  /** The text of the element at this path of child names, empty when absent. */
  static String path(Element parent, String... names) {
    Element e = parent;
    for (int i = 0; i < names.length - 1 && e != null; i++) {
      e = child(e, names[i]);
    }
    return e == null ? "" : text(e, names[names.length - 1]);
  }

  private static String localName(Element e) {
    return e.getLocalName() != null ? e.getLocalName() : e.getTagName();
  }
}
