package dev.skyscaler.cli.run;

import dev.skyscaler.kubernetes.scan.Sleeper;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * The runner's stop request (SIGTERM), and the wait between scans that it cuts short: {@link
 * #sleep} returns at the end of the pause or at {@link #stop()}, whichever comes first.
 */
final class StopSignal implements Sleeper {
  private volatile boolean stopped;

  void stop() {
    synchronized (this) {
      stopped = true;
      notifyAll();
    }
  }

  boolean stopped() {
    return stopped;
  }

  @Override
  public void sleep(Duration d) throws InterruptedException {
    long end = System.nanoTime() + d.toNanos();
    synchronized (this) {
      while (!stopped) {
        long left = end - System.nanoTime();
        if (left <= 0) {
          return;
        }
        TimeUnit.NANOSECONDS.timedWait(this, left);
      }
    }
  }
}
