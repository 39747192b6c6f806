package dev.skyscaler.azure.coldstart;

import dev.skyscaler.azure.arm.FakeArm;
import dev.skyscaler.coldstart.ChildProcess;
import dev.skyscaler.coldstart.QuietMachine;
import dev.skyscaler.kubernetes.mock.MockCluster;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One cold start: a fresh local ARM server and mock API server seeded with {@link
 * ColdStartCluster}, a quiet machine ({@link QuietMachine}), then one {@link ScanChild} on the
 * function app's class path, checked to have done the work: its scan line says {@code
 * result=completed}, the scale set's capacity went to {@value ColdStartCluster#CAPACITY_AFTER}, and
 * the managed identity asked the identity endpoint for its tokens.
 */
final class ScanRun {
  /** This JVM's java: the worker's JVM is the Function App's Java 17. */
  static final Path THIS_JAVA = Path.of(System.getProperty("java.home"), "bin", "java");

  private ScanRun() {}

  /** The child's command on {@code layout} with {@code flags}, against {@code arm}. */
  static List<String> command(FunctionAppLayout layout, List<String> flags, FakeArm arm) {
    List<String> command = new ArrayList<>();
    command.add(THIS_JAVA.toString());
    command.addAll(flags);
    command.addAll(List.of("-cp", layout.classpath(), ScanChild.class.getName()));
    command.add(arm.endpoint().toString());
    return command;
  }

  /**
   * Runs one child; its log is {@code dir}/child-{@code name}.log.
   *
   * @throws IllegalStateException with the child's last lines when it did not scan and scale up
   */
  static ChildProcess.Figures once(
      FunctionAppLayout layout,
      List<String> flags,
      IdentityEndpoint identity,
      Path dir,
      String name) {
    MockCluster cluster = new MockCluster(true);
    cluster.start();
    try (FakeArm arm = FakeArm.start()) {
      Map<String, String> env = new HashMap<>(ColdStartCluster.seed(arm, cluster));
      env.putAll(identity.environment());
      int tokens = identity.resources().size();
      QuietMachine.await(null); // no /proc/stat: no wait
      Path log = dir.resolve("child-" + name + ".log");
      ChildProcess.Figures f =
          ChildProcess.run(command(layout, flags, arm), env, dir, log, ScanChild.PREFIX);
      int capacity = ColdStartCluster.capacity(arm);
      boolean signedIn = identity.resources().size() > tokens;
      if (!f.output().contains("result=completed")
          || capacity != ColdStartCluster.CAPACITY_AFTER
          || !signedIn) {
        throw new IllegalStateException(
            "the child's scan did not do the expected work: output "
                + f.output()
                + ", capacity "
                + capacity
                + " (expected "
                + ColdStartCluster.CAPACITY_AFTER
                + ")"
                + (signedIn ? "" : ", no token asked of the identity endpoint")
                + "; its last lines:\n"
                + ChildProcess.tail(log));
      }
      return f;
    } finally {
      cluster.stop();
    }
  }
}
