/**
 * The Azure Functions front end of Skyscaler: the timer and Event Grid functions ({@code
 * functions}), cluster credentials ({@code auth}) and metrics ({@code monitor}); the VM Scale Set /
 * AKS node-pool provider ({@code vmss}) and Azure Resource Manager connections ({@code arm}) come
 * from the provider-azure module.
 *
 * <p>Only the {@code *Gateway} classes import an Azure service SDK; everything else works on this
 * module's own records.
 */
package dev.skyscaler.azure;
