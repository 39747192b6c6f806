package dev.skyscaler.aws.emulator;

import dev.skyscaler.aws.moto.MotoExtension;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ExtensionContext.Namespace;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Resolves {@link AwsEmulator} parameters to the run's one emulator, chosen by the system property
 * {@value AwsEmulator#PROPERTY}: moto (shared with {@link MotoExtension}, so a run starts one moto
 * server) unless it names another. An emulator that cannot start fails every test that asks for it
 * with the same one-line reason, started once: nothing is skipped.
 */
public final class AwsEmulatorExtension implements ParameterResolver {
  private static final Namespace NAMESPACE = Namespace.create(AwsEmulatorExtension.class);
  private static final String MOTO = "moto";

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    return parameter.getParameter().getType() == AwsEmulator.class;
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    String name = System.getProperty(AwsEmulator.PROPERTY, MOTO).trim();
    if (name.isEmpty() || name.equals(MOTO)) {
      return MotoExtension.shared(context);
    }
    return context
        .getRoot()
        .getStore(NAMESPACE)
        .getOrComputeIfAbsent(name, Running::new, Running.class)
        .emulator();
  }

  /** The launcher registered under {@code name}, or one line naming the choices. */
  static AwsEmulator.Launcher launcher(String name, Iterable<AwsEmulator.Launcher> launchers) {
    List<String> known = new ArrayList<>(List.of(MOTO));
    for (AwsEmulator.Launcher l : launchers) {
      if (l.name().equals(name)) {
        return l;
      }
      known.add(l.name());
    }
    throw new IllegalStateException(
        "-D"
            + AwsEmulator.PROPERTY
            + "="
            + name
            + ": no such AWS emulator on the test classpath; expected one of "
            + known
            + " (localstack needs the Maven profile: -Plocalstack)");
  }

  /** One emulator, or why it did not start; closed by JUnit at the end of the run. */
  private static final class Running implements ExtensionContext.Store.CloseableResource {
    private final AwsEmulator emulator;
    private final RuntimeException failure;

    Running(String name) {
      AwsEmulator started = null;
      RuntimeException failed = null;
      try {
        started = launcher(name, ServiceLoader.load(AwsEmulator.Launcher.class)).start();
      } catch (RuntimeException e) {
        failed = e;
      } catch (ServiceConfigurationError e) {
        // a services file left in target/ by a -Plocalstack build, without its classes
        failed =
            new IllegalStateException(
                e.getMessage() + " (left over from a -Plocalstack build? run ./mvnw clean)", e);
      }
      this.emulator = started;
      this.failure = failed;
    }

    AwsEmulator emulator() {
      if (failure instanceof IllegalStateException) {
        // the launcher's one line (what is missing) says it all
        throw new IllegalStateException(failure.getMessage());
      }
      if (failure != null) {
        throw new IllegalStateException(failure.getMessage(), failure);
      }
      return emulator;
    }

    @Override
    public void close() {
      if (emulator != null) {
        emulator.close();
      }
    }
  }
}
