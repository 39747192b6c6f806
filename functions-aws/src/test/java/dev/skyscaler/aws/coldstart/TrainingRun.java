package dev.skyscaler.aws.coldstart;

import dev.skyscaler.aws.moto.LoopbackTls;
import dev.skyscaler.aws.moto.MotoServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * A custom runtime's training run ({@code --train LAYOUT_DIR}, {@code
 * benchmarks/custom-runtime.sh}): its {@code bootstrap}, with the archive's output flag its {@code
 * jvm.options} then hold, answers one scheduled event through a local Runtime API ({@link
 * RuntimeApiRun}), as Lambda's launch and over TLS, and is stopped; its JVM writes the class-data
 * archive or AOT cache at that exit. The Runtime Interface Client's classes are in the archive too,
 * and the archive was written by the command line Lambda runs.
 */
final class TrainingRun {
  private TrainingRun() {}

  static void run(Path root) throws Exception {
    if (!Files.isExecutable(root.resolve("jre/bin/java"))) {
      throw new IllegalArgumentException(
          "--train: " + root + " holds no jre/bin/java: not a custom runtime's layout");
    }
    Path dir = Files.createTempDirectory("skyscaler-cold-start-train-");
    LoopbackTls tls = LoopbackTls.create(dir);
    tls.trustInThisJvm();
    LambdaLaunch lambda = LambdaLaunch.fromTemplate();
    String toolOptions = RuntimeApiComparison.toolOptions(lambda, tls);
    try (MotoServer moto = MotoServer.start(Optional.of(tls))) {
      RuntimeApiRun.Figures f =
          RuntimeApiComparison.once(
              RuntimeLaunch.bootstrap(lambda, root, RuntimeLaunch.SCAN_HANDLER),
              toolOptions,
              moto,
              dir,
              "train");
      System.out.printf(
          "training run: %d ms to the response, %d ms of CPU; %s; its log in %s%n",
          f.spawnToAnswer(), f.cpu(), f.outcome().body(), dir);
    }
  }
}
