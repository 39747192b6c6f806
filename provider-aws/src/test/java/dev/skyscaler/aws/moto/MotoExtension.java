package dev.skyscaler.aws.moto;

import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ExtensionContext.Namespace;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Gives tests the one {@link MotoServer} of the run ({@code @ExtendWith(MotoExtension.class)}, then
 * a {@code MotoServer} parameter): started by the first test class that asks, stopped when the run
 * ends (JUnit closes it with the root context).
 */
public final class MotoExtension implements ParameterResolver {
  private static final Namespace NAMESPACE = Namespace.create(MotoExtension.class);

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    return parameter.getParameter().getType() == MotoServer.class;
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    return shared(context);
  }

  /** The run's one moto server, started on first use. */
  public static MotoServer shared(ExtensionContext context) {
    return context
        .getRoot()
        .getStore(NAMESPACE)
        .getOrComputeIfAbsent("server", key -> new Running(), Running.class)
        .server;
  }

  /** Closed by JUnit at the end of the run. */
  private static final class Running
      implements ExtensionContext.Store.CloseableResource, AutoCloseable {
    private final MotoServer server;

    Running() {
      try {
        server = MotoServer.start();
      } catch (java.io.IOException e) {
        throw new IllegalStateException("moto_server could not be started: " + e.getMessage(), e);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted while starting moto_server", e);
      }
    }

    @Override
    public void close() {
      server.close();
    }
  }
}
