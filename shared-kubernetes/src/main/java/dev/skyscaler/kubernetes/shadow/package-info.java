/**
 * Living next to Cluster Autoscaler while moving from it: finding a running CA before acting
 * ({@link dev.skyscaler.kubernetes.shadow.OtherAutoscalerCheck}), reading what it did ({@link
 * dev.skyscaler.kubernetes.shadow.CaActivity}) and comparing a shadow scan's decisions with it
 * ({@link dev.skyscaler.kubernetes.shadow.ShadowComparison}). Read-only: nothing here writes.
 */
package dev.skyscaler.kubernetes.shadow;
