package dev.skyscaler.core.model;

/** A host port a container asks for; {@code hostIp} is {@code 0.0.0.0} when unset. */
public record HostPort(String protocol, String hostIp, int port) {
  public HostPort {
    protocol = protocol == null || protocol.isEmpty() ? "TCP" : protocol;
    hostIp = hostIp == null || hostIp.isEmpty() ? "0.0.0.0" : hostIp;
    if (port < 1 || port > 65535) {
      throw new IllegalArgumentException("host port must be 1-65535, was " + port);
    }
  }

  /** kube-scheduler's conflict rule: same protocol and port, and an equal or wildcard IP. */
  public boolean conflictsWith(HostPort o) {
    return port == o.port
        && protocol.equals(o.protocol)
        && (hostIp.equals(o.hostIp) || hostIp.equals("0.0.0.0") || o.hostIp.equals("0.0.0.0"));
  }
}
