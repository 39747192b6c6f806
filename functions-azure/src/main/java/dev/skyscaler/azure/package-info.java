/**
 * The Azure Functions front end of Skyscaler: handlers, the cloud gateway and the node-group
 * provider.
 *
 * <p>Filled by its own issue; the module exists now so that the build and its checks cover it from
 * the start.
 */
package dev.skyscaler.azure;
