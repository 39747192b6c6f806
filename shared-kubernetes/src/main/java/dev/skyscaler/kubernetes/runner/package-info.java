/**
 * What every runner (the AWS and Azure functions, any other) reads the same way around its scans:
 * its settings from environment variables ({@link
 * dev.skyscaler.kubernetes.runner.EnvironmentOptions}). Depends on the core's options only; the
 * scan itself is {@link dev.skyscaler.kubernetes.scan}.
 */
package dev.skyscaler.kubernetes.runner;
