package dev.skyscaler.cli;

/** Placeholder. */
final class SkyscalerCommand {
  public static void main(String[] a) {}
}
