package dev.skyscaler.cli.simulate;

/** Counts of what the autoscaler and the world did during a run, for the summary. */
final class Tally {
  int scaleUps;
  int nodesRequested;
  int targetDecreases;
  int nodesRemoved;
  int replacements;
  int evictions;
  int evictionsRefused;
  int interruptions;
  int failures;
  int repairs;
  int podsDeletedByNodeLifecycle;
  int jobsCompleted;
  int actionsFailed;
}
