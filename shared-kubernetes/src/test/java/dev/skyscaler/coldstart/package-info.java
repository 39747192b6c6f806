/**
 * What both functions' cold-start measurements share (in this module's test-jar, which both depend
 * on): waiting for a quiet machine ({@link dev.skyscaler.coldstart.QuietMachine}) and running one
 * child JVM and reading its result line ({@link dev.skyscaler.coldstart.ChildProcess}). The
 * children themselves stay in their modules: they run on the function's own package.
 */
package dev.skyscaler.coldstart;
