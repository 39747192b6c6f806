package dev.skyscaler.testkit;

/**
 * Entry points of the test kit: {@code pod("web").cpu("500m").memory("1Gi")}, {@code
 * node("n1").cpu("4").memory("16Gi").inGroup("ng1")}, {@code group("ng1").min(1).max(10)}, {@code
 * cluster().nodes(...).pods(...).groups(...).build()}.
 */
public final class TestKit {
  private TestKit() {}

  public static PodSpec pod(String name) {
    return new PodSpec(name);
  }

  public static NodeSpec node(String name) {
    return new NodeSpec(name);
  }

  /** A node shape for group templates (no name needed). */
  public static NodeSpec template() {
    return new NodeSpec("template");
  }

  public static GroupSpec group(String name) {
    return new GroupSpec(name);
  }

  public static ClusterSpec cluster() {
    return new ClusterSpec();
  }
}
