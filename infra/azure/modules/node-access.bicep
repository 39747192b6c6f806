// Virtual Machine Contributor on the resource group holding the cluster's scale sets: read scale
// sets and VMs, set capacity, delete, restart and reimage VMs. On AKS this is the MC_… group,
// where the identity only restarts and reimages (pools are resized through AKS).
targetScope = 'resourceGroup'

param principalId string

var virtualMachineContributor = '9980e02c-c2be-4d73-94e8-173b1dc7cf3c'

resource role 'Microsoft.Authorization/roleAssignments@2022-04-01' = {
  name: guid(resourceGroup().id, principalId, virtualMachineContributor)
  properties: {
    roleDefinitionId: subscriptionResourceId('Microsoft.Authorization/roleDefinitions', virtualMachineContributor)
    principalId: principalId
    principalType: 'ServicePrincipal'
  }
}
