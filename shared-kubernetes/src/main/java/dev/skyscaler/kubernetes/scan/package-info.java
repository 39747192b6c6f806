/**
 * One scan as a serverless function runs it: take the lease, load the state, read the cluster and
 * the cloud, plan with the core, carry the plan out on both, save the state, write the status,
 * release the lease. The AWS and Azure functions and any other runner share this one sequence, so
 * they behave alike.
 */
package dev.skyscaler.kubernetes.scan;
