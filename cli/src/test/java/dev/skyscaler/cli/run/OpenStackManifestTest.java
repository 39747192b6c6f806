package dev.skyscaler.cli.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import dev.skyscaler.cli.options.CaOptions;
import dev.skyscaler.magnum.config.CloudConfig;
import dev.skyscaler.magnum.config.NodesToRemove;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * {@code infra/openstack/skyscaler-run.yaml} runs what {@code skyscaler run
 * --cloud-provider=magnum} accepts, with its cloud-config mounted from the Secret where {@code
 * --cloud-config} points, readable by the container's user; and {@code
 * examples/openstack/cloud-config} is a valid cloud-config.
 */
class OpenStackManifestTest {
  static final Path MANIFEST = Path.of("..", "infra", "openstack", "skyscaler-run.yaml");
  static final Path CLOUD_CONFIG = Path.of("..", "examples", "openstack", "cloud-config");

  private static JsonNode deployment() throws Exception {
    ObjectMapper yaml = new ObjectMapper(new YAMLFactory());
    try (YAMLParser p = new YAMLFactory().createParser(Files.readString(MANIFEST))) {
      for (var it = yaml.readValues(p, JsonNode.class); it.hasNext(); ) {
        JsonNode d = it.next();
        if (d != null && d.path("kind").asText().equals("Deployment")) {
          return d;
        }
      }
    }
    throw new AssertionError("no Deployment in " + MANIFEST);
  }

  @Test
  void theDeploymentRunsMagnumWithTheCloudConfigFromItsSecret() throws Exception {
    JsonNode pod = deployment().at("/spec/template/spec");
    JsonNode container = pod.get("containers").get(0);
    List<String> args = new ArrayList<>();
    container.get("args").forEach(a -> args.add(a.asText()));
    CommandLine cl =
        new CommandLine(new RunCommand(Clock.systemUTC(), Map.of(), new StopSignal(), false));
    CaOptions.addTo(cl.getCommandSpec());

    var parsed = cl.parseArgs(args.subList(1, args.size()).toArray(String[]::new));

    assertThat(args.get(0)).isEqualTo("run");
    assertThat(parsed.matchedOptionValue("--cloud-provider", "")).isEqualTo("magnum");
    Path config = parsed.matchedOptionValue("--cloud-config", Path.of(""));
    JsonNode mount = null;
    for (JsonNode m : container.get("volumeMounts")) {
      if (m.get("mountPath").asText().equals(config.getParent().toString())) {
        mount = m;
      }
    }
    assertThat(mount).as("a volume mounted at " + config.getParent()).isNotNull();
    String volume = mount.get("name").asText();
    JsonNode secret = null;
    for (JsonNode v : pod.get("volumes")) {
      if (v.get("name").asText().equals(volume)) {
        secret = v.get("secret");
      }
    }
    assertThat(secret.get("secretName").asText()).isEqualTo("skyscaler-cloud-config");
    assertThat(secret.get("defaultMode").asInt() & 040).as("group-readable").isEqualTo(040);
    assertThat(pod.at("/securityContext/fsGroup").asInt())
        .isEqualTo(pod.at("/securityContext/runAsUser").asInt());
  }

  @Test
  void theExampleCloudConfigIsOneSkyscalerReads() {
    CloudConfig c = CloudConfig.read(CLOUD_CONFIG);

    assertThat(c.toString())
        .isEqualTo(
            "cloud-config https://keystone.example.org:5000/v3 as application credential"
                + " 0123456789abcdef0123456789abcdef");
    assertThat(c.nodesToRemove()).isEqualTo(NodesToRemove.AUTO);
  }
}
