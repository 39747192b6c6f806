/** JMH benchmarks and the synthetic cluster generator. */
package dev.skyscaler.benchmarks;
