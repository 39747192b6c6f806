package dev.skyscaler.magnum.api;

/** A Nova flavor: {@code vcpus}, {@code ram} (MiB), {@code disk} and ephemeral disk (GiB). */
public record Flavor(
    String id, String name, int vcpus, long ramMiB, long diskGiB, long ephemeralGiB) {}
