/**
 * The Azure Functions front end of Skyscaler: the timer and Event Grid functions ({@code
 * functions}), the VM Scale Set / AKS node-pool provider ({@code vmss}), Azure Resource Manager
 * connections ({@code arm}) and cluster credentials ({@code auth}).
 *
 * <p>Only the {@code *Gateway} classes import an Azure service SDK; everything else works on this
 * module's own records.
 */
package dev.skyscaler.azure;
