package dev.skyscaler.kubernetes.runner;

import java.util.List;
import java.util.stream.Stream;

/**
 * The table of how a {@code ;}-separated variable is read, shared by every runner's settings test
 * so that the clouds cannot drift apart: each row is a value of {@code BALANCING_IGNORE_LABEL} (a
 * repeatable CA flag) and the labels the core's options end up with.
 */
public record ListValues(String name, String value, List<String> labels) {
  public static final String VARIABLE = "BALANCING_IGNORE_LABEL";

  @Override
  public String toString() {
    return name;
  }

  /** The rows: blanks trimmed, empty entries dropped, nothing but separators is nothing. */
  public static Stream<ListValues> cases() {
    return Stream.of(
        new ListValues("one value is a list of one", "team", List.of("team")),
        new ListValues(
            "semicolons separate values",
            "team;example.com/rack",
            List.of("team", "example.com/rack")),
        new ListValues(
            "blanks around values are trimmed", " team ; rack ", List.of("team", "rack")),
        new ListValues(
            "an empty entry between two values is dropped", "team;;rack", List.of("team", "rack")),
        new ListValues(
            "a blank entry between two values is dropped", "team; ;rack", List.of("team", "rack")),
        new ListValues("a trailing semicolon adds nothing", "team;", List.of("team")),
        new ListValues("a leading semicolon adds nothing", ";team", List.of("team")),
        new ListValues("separators alone are no value", " ; ;", List.of()),
        new ListValues("a blank variable counts as not set", "  ", List.of()));
  }
}
