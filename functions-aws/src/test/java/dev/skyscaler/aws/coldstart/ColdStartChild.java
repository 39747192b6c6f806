package dev.skyscaler.aws.coldstart;

import com.amazonaws.services.lambda.runtime.ClientContext;
import com.amazonaws.services.lambda.runtime.CognitoIdentity;
import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.LambdaLogger;
import dev.skyscaler.aws.ScanHandler;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;

/**
 * The child of a cold-start measurement: what Lambda does in a fresh execution environment, and
 * nothing else. It builds {@link ScanHandler} with its no-arg constructor (configuration from the
 * environment) and invokes it once with a scheduled event and a context whose remaining time allows
 * exactly one scan, then prints one line:
 *
 * <pre>{@code
 * coldstart jvmStart=<epoch ms> constructed=<epoch ms> done=<epoch ms> cpu=<ms> output=<json>
 * }</pre>
 *
 * <p>{@code cpu} is the process's CPU time until then, all threads (JIT and GC included): less
 * sensitive than wall time to other work on the machine.
 *
 * <p>It runs on a classpath of the unpacked Lambda zip plus this class alone (copied by {@link
 * ColdStartMeasurement}), so it must use nothing but the JDK and what the zip holds: no test class,
 * no test library.
 */
public final class ColdStartChild {
  /** The prefix of the result line; the handler's own log lines come before it. */
  static final String PREFIX = "coldstart ";

  /**
   * The invocation's time, counted down from the call as Lambda does: one scan starts, a second
   * would start {@code SCAN_INTERVAL} (10 s) later with under the 10 s a scan needs left, so it
   * does not, however long the first scan takes.
   */
  static final int REMAINING_MILLIS = 15_000;

  static final String SCHEDULED_EVENT =
      "{\"source\":\"aws.events\",\"detail-type\":\"Scheduled Event\"}";

  private ColdStartChild() {}

  public static void main(String[] args) throws IOException {
    long jvmStart = ManagementFactory.getRuntimeMXBean().getStartTime();
    ScanHandler handler = new ScanHandler();
    long constructed = System.currentTimeMillis();
    String output = invokeOnce(handler);
    long done = System.currentTimeMillis();
    long cpuMillis =
        ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime()
            / 1_000_000;
    System.out.println(
        PREFIX
            + "jvmStart="
            + jvmStart
            + " constructed="
            + constructed
            + " done="
            + done
            + " cpu="
            + cpuMillis
            + " output="
            + output);
    System.out.flush();
  }

  /** One invocation of the scan function, as the schedule starts it; returns its output. */
  static String invokeOnce(ScanHandler handler) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    handler.handleRequest(
        new ByteArrayInputStream(SCHEDULED_EVENT.getBytes(StandardCharsets.UTF_8)),
        out,
        new OneScanContext());
    return out.toString(StandardCharsets.UTF_8);
  }

  /** A Lambda context whose {@link #REMAINING_MILLIS} count down from its creation. */
  static final class OneScanContext implements Context {
    private final long start = System.nanoTime();

    @Override
    public String getAwsRequestId() {
      return "cold-start-" + ProcessHandle.current().pid();
    }

    @Override
    public String getLogGroupName() {
      return "/aws/lambda/cold-start";
    }

    @Override
    public String getLogStreamName() {
      return "cold-start";
    }

    @Override
    public String getFunctionName() {
      return "cold-start";
    }

    @Override
    public String getFunctionVersion() {
      return "$LATEST";
    }

    @Override
    public String getInvokedFunctionArn() {
      return "arn:aws:lambda:us-east-1:123456789012:function:cold-start";
    }

    @Override
    public CognitoIdentity getIdentity() {
      return null;
    }

    @Override
    public ClientContext getClientContext() {
      return null;
    }

    @Override
    public int getRemainingTimeInMillis() {
      long elapsed = (System.nanoTime() - start) / 1_000_000;
      return (int) Math.max(0, REMAINING_MILLIS - elapsed);
    }

    @Override
    public int getMemoryLimitInMB() {
      return 1024;
    }

    @Override
    public LambdaLogger getLogger() {
      return null;
    }
  }
}
