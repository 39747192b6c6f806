/**
 * Fencing of a scan's writes by its lease ({@link dev.skyscaler.kubernetes.fence.WriteFence}): each
 * write to the cluster or the cloud is admitted only with proof that the lease is still the scan's,
 * and bounded in time by what is left of it. The lease itself is in {@code state} ({@code
 * HeldLease}); writers in {@code actuation}, {@code events}, {@code status}, {@code state} and
 * {@code scan} depend on this package only.
 */
package dev.skyscaler.kubernetes.fence;
