package dev.skyscaler.azure.functions;

import com.microsoft.azure.functions.spi.inject.FunctionInstanceInjector;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Where the Java worker gets the function instances, and so where the worker's one {@link
 * AzureWiring} lives, in an instance field rather than a static one.
 *
 * <p>Why an injector: without one, the worker creates a new instance of the function class at every
 * invocation (its default injector calls the no-argument constructor), so a wiring held by a
 * function instance would be rebuilt, and the cluster reconnected, at every tick. The worker loads
 * this injector once, through {@link java.util.ServiceLoader} ({@code
 * META-INF/services/com.microsoft.azure.functions.spi.inject.FunctionInstanceInjector}), keeps it
 * for its life and asks it for an instance at every invocation (Java worker 2.8 and later). So the
 * three functions of a worker share one wiring: one Resource Manager connection, one connection to
 * the cluster, one provider, as the static singleton this replaces gave them.
 *
 * <p>The wiring is built at the first invocation that needs it, not when the worker loads the
 * injector; a build that fails (an invalid setting) fails that invocation and is tried again at the
 * next. Safe for concurrent invocations.
 */
public final class FunctionInjector implements FunctionInstanceInjector {
  private static final Map<Class<?>, Function<Supplier<AzureWiring>, Object>> FUNCTIONS =
      Map.of(
          ScanFunction.class, ScanFunction::new,
          NodeHealthFunction.class, NodeHealthFunction::new,
          PreemptionFunction.class, PreemptionFunction::new);

  private final Supplier<AzureWiring> build;
  private AzureWiring wiring;

  /** The worker's injector: the wiring from the app settings ({@code System.getenv()}). */
  public FunctionInjector() {
    this(() -> AzureWiring.fromSettings(System.getenv()));
  }

  /**
   * @param build makes the wiring, once it is first needed
   */
  public FunctionInjector(Supplier<AzureWiring> build) {
    this.build = Objects.requireNonNull(build, "build");
  }

  /**
   * A function on this worker's wiring.
   *
   * @throws IllegalArgumentException for a class that is not one of Skyscaler's functions
   */
  @Override
  public <T> T getInstance(Class<T> functionClass) {
    Function<Supplier<AzureWiring>, Object> function = FUNCTIONS.get(functionClass);
    if (function == null) {
      throw new IllegalArgumentException(
          functionClass.getName()
              + " is not a Skyscaler function: expected ScanFunction, NodeHealthFunction or"
              + " PreemptionFunction");
    }
    return functionClass.cast(function.apply(this::wiring));
  }

  /** The wiring, built at the first call that succeeds. */
  synchronized AzureWiring wiring() {
    if (wiring == null) {
      wiring = build.get();
    }
    return wiring;
  }
}
