package dev.skyscaler.aws.coldstart;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.skyscaler.aws.moto.MotoExtension;
import dev.skyscaler.aws.moto.MotoServer;
import dev.skyscaler.coldstart.ChildProcess;
import dev.skyscaler.coldstart.QuietMachine;
import dev.skyscaler.kubernetes.mock.MockCluster;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The cold-start measurement's pieces: the seeded cluster, the child JVM and how its line is read,
 * the Lambda layout and the class-load profile. No timing is asserted: the figures depend on the
 * machine.
 */
@ExtendWith(MotoExtension.class)
class ColdStartMeasurementTest {
  @RegisterExtension final MockCluster cluster = new MockCluster(true);
  @TempDir Path dir;
  private final MotoServer moto;

  ColdStartMeasurementTest(MotoServer moto) {
    this.moto = moto;
  }

  @Test
  void theChildBuildsTheHandlerFromTheEnvironmentAndRunsExactlyOneScanThatScalesUp() {
    // the run's moto server holds other tests' groups too: the cluster's names are its own
    Map<String, String> env = ColdStartCluster.seed(moto, cluster);

    // this JVM's classpath: the zip is made after the tests, at package
    ChildProcess.Figures f =
        ChildRun.run(
            List.of(), System.getProperty("java.class.path"), env, dir, dir.resolve("child.log"));

    assertThat(f.output())
        .isEqualTo("{\"scans\":1,\"completed\":1,\"held\":0,\"skipped\":0,\"failed\":0}");
    assertThat(ColdStartCluster.desiredCapacity(moto)).isEqualTo(ColdStartCluster.DESIRED_AFTER);
    assertThat(f.jvmToConstructed()).isNotNegative();
    assertThat(f.jvmToDone()).isGreaterThanOrEqualTo(f.jvmToConstructed());
    assertThat(f.cpu()).isPositive();
    assertThat(cluster.admin().pods().inAnyNamespace().list().getItems())
        .hasSize(
            ColdStartCluster.NODES * ColdStartCluster.RUNNING_PER_NODE + ColdStartCluster.PENDING);
  }

  @Test
  void aChildWaitsWhileTheMachineIsBusyButNoLongerThanTheLimit() throws InterruptedException {
    AtomicBoolean stop = new AtomicBoolean();
    // spinning, this JVM keeps a core busy: the machine never has a quiet window
    Thread busy =
        new Thread(
            () -> {
              while (!stop.get()) {
                Thread.onSpinWait();
              }
            });
    busy.start();
    Duration waited;
    try {
      waited = ChildRun.awaitQuiet(moto);
    } finally {
      stop.set(true);
      busy.join();
    }

    assertThat(waited)
        .isGreaterThanOrEqualTo(QuietMachine.LIMIT)
        .isLessThan(QuietMachine.LIMIT.plus(QuietMachine.WINDOW.multipliedBy(3)));
  }

  @ParameterizedTest(name = "--tls {0}")
  @CsvSource({"on, true", "off, false"})
  void theTlsOptionIsOnOrOff(String value, boolean overTls) {
    assertThat(ColdStartMeasurement.overTls(value)).isEqualTo(overTls);
  }

  @Test
  void anyOtherTlsValueIsNamedWithWhatIsExpected() {
    assertThatThrownBy(() -> ColdStartMeasurement.main(new String[] {"--tls", "yes"}))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("--tls: expected on or off, got yes");
  }

  @Test
  void aChildThatCannotScanFailsWithItsLastLines() {
    Map<String, String> env = Map.of("AWS_REGION", "us-east-1");

    assertThatThrownBy(
            () ->
                ChildRun.run(
                    List.of(),
                    System.getProperty("java.class.path"),
                    env,
                    dir,
                    dir.resolve("child.log")))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageStartingWith("the child exited with 1 without a result; its last lines:")
        .hasMessageContaining("CLUSTER_NAME");
  }

  @Test
  void theLayoutIsTheZipsRootThenItsJarsInNameOrderThenTheChildAlone() throws IOException {
    Path zip = dir.resolve("function.zip");
    try (ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(zip))) {
      for (String name : List.of("dev/skyscaler/aws/X.class", "lib/b.jar", "lib/a.jar")) {
        out.putNextEntry(new ZipEntry(name));
        out.write(name.getBytes());
        out.closeEntry();
      }
    }

    LambdaLayout layout = LambdaLayout.unpack(zip, dir.resolve("out"));

    Path root = dir.resolve("out/function");
    assertThat(layout.classpath().split(File.pathSeparator))
        .containsExactly(
            root.toString(),
            root.resolve("lib/a.jar").toString(),
            root.resolve("lib/b.jar").toString(),
            dir.resolve("out/child").toString());
    assertThat(root.resolve("dev/skyscaler/aws/X.class")).hasContent("dev/skyscaler/aws/X.class");
    try (var files = Files.walk(layout.child())) {
      assertThat(files.filter(Files::isRegularFile).map(p -> p.getFileName().toString()))
          .containsExactlyInAnyOrder(
              "HandlerChild.class", "ColdStartChild.class", "FakeContext.class");
    }
  }

  @Test
  void aMissingZipIsNamedWithTheCommandThatBuildsIt() {
    Path zip = dir.resolve("none.zip");

    assertThatThrownBy(() -> LambdaLayout.unpack(zip, dir))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            zip
                + ": no Lambda zip here; build it first with"
                + " ./mvnw -B -q -pl functions-aws -am package -DskipTests");
  }

  @ParameterizedTest(name = "{0} counts as {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "shared objects file | JDK",
        "jrt:/java.base | JDK",
        "file:/tmp/x/function/lib/kubernetes-client-7.8.0.jar | kubernetes-client-7.8.0.jar",
        "file:/tmp/x/function/ | function classes (zip root)",
        "file:/tmp/x/child/ | cold-start child",
        "__JVM_LookupDefineClass__ | generated (lambdas, proxies, reflection)",
        "dev.skyscaler.aws.ScanHandler | generated (lambdas, proxies, reflection)"
      })
  void aClassIsCountedByWhereItCameFrom(String source, String origin) {
    assertThat(ClassLoadProfile.origin(source)).isEqualTo(origin);
  }

  @Test
  void classesAreSplitAtTheMomentTheHandlerWasConstructed() {
    List<String> log =
        List.of(
            "[0.010s][info][class,load] java.lang.Object source: shared objects file",
            "[0.500s][info][class,load] a.B source: file:/f/lib/x.jar",
            "[0.501s][info][class,load] a.C source: file:/f/lib/x.jar",
            "[0.502s][info][class,load] a.D source: file:/f/lib/y.jar",
            "not a class line");

    ClassLoadProfile p = ClassLoadProfile.of(log, 500);

    assertThat(p.init()).containsExactlyInAnyOrderEntriesOf(Map.of("JDK", 1, "x.jar", 1));
    assertThat(p.firstScan()).containsExactlyInAnyOrderEntriesOf(Map.of("x.jar", 1, "y.jar", 1));
    assertThat(ClassLoadProfile.top(p.firstScan(), 1)).containsExactly("     1  x.jar");
  }

  @ParameterizedTest(name = "the median of {0} is {1}")
  @CsvSource({"'3,1,2', 2", "'4,1,3,2', 2", "'5', 5"})
  void theMedianIsTheMiddleRunOrTheMeanOfTheTwoMiddleOnes(String values, long median) {
    List<ChildProcess.Figures> runs =
        java.util.Arrays.stream(values.split(","))
            .map(v -> new ChildProcess.Figures(Long.parseLong(v), 0, 0, 0, 0, ""))
            .toList();

    assertThat(ColdStartMeasurement.median(runs, ChildProcess.Figures::spawnToDone))
        .isEqualTo(median);
  }
}
