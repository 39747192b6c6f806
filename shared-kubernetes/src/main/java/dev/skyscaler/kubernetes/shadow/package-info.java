/**
 * Living next to Cluster Autoscaler while moving from it: finding a running CA before acting
 * ({@link dev.skyscaler.kubernetes.shadow.OtherAutoscalerCheck}) or Karpenter managing the same
 * nodes ({@link dev.skyscaler.kubernetes.shadow.KarpenterCheck}), reading what it did ({@link
 * dev.skyscaler.kubernetes.shadow.CaActivity}) and comparing a shadow scan's decisions with it
 * ({@link dev.skyscaler.kubernetes.shadow.ShadowComparison}), and the bounded record of those
 * comparisons ({@link dev.skyscaler.kubernetes.shadow.ShadowRecord}). Read-only: nothing here
 * writes.
 */
package dev.skyscaler.kubernetes.shadow;
