// The identity's rights on the cluster's scale sets: a custom role with only the operations the
// functions call (functions-azure's VmssGateway), instead of Virtual Machine Contributor, which
// would also let them create, start, stop and reconfigure any VM of the group. Assigned on each
// scale set named in scaleSetNames, or on the resource group that holds them when none is named
// (discovery by tags finds new scale sets there without a redeployment).
//   - self-managed: read scale sets and their VMs, set capacity, delete VMs, restart and reimage;
//   - AKS (the MC_… group): read, restart and reimage only; pools are resized through AKS's
//     agent-pool API (aks-access.bicep), and node-resource-group lockdown forbids the rest.
targetScope = 'resourceGroup'

param principalId string

@description('Function App name: names the role, which is unique per resource group and app.')
param appName string

@description('The cluster is AKS: no capacity change or deletion on the scale sets themselves.')
param isAks bool

@description('Scale sets to assign the role on; empty: the whole resource group.')
param scaleSetNames array = []

var readAndRepair = [
  'Microsoft.Compute/virtualMachineScaleSets/read'
  'Microsoft.Compute/virtualMachineScaleSets/virtualMachines/read'
  'Microsoft.Compute/virtualMachineScaleSets/virtualMachines/restart/action'
  'Microsoft.Compute/virtualMachineScaleSets/virtualMachines/reimage/action'
  'Microsoft.Compute/locations/operations/read'
]

var resize = [
  'Microsoft.Compute/virtualMachineScaleSets/write'
  'Microsoft.Compute/virtualMachineScaleSets/delete/action'
]

resource role 'Microsoft.Authorization/roleDefinitions@2022-04-01' = {
  name: guid(resourceGroup().id, appName, 'skyscaler-scale-sets')
  properties: {
    roleName: 'Skyscaler scale sets (${appName}, ${resourceGroup().name})'
    description: 'Read the cluster\'s scale sets and VMs, set capacity, delete, restart and reimage VMs: what Skyscaler\'s functions call.'
    type: 'CustomRole'
    permissions: [
      {
        actions: isAks ? readAndRepair : concat(readAndRepair, resize)
        notActions: []
      }
    ]
    assignableScopes: [
      resourceGroup().id
    ]
  }
}

resource onGroup 'Microsoft.Authorization/roleAssignments@2022-04-01' = if (empty(scaleSetNames)) {
  name: guid(resourceGroup().id, principalId, role.id)
  properties: {
    roleDefinitionId: role.id
    principalId: principalId
    principalType: 'ServicePrincipal'
  }
}

resource scaleSets 'Microsoft.Compute/virtualMachineScaleSets@2024-07-01' existing = [for name in scaleSetNames: {
  name: name
}]

resource onScaleSets 'Microsoft.Authorization/roleAssignments@2022-04-01' = [for (name, i) in scaleSetNames: {
  name: guid(scaleSets[i].id, principalId, role.id)
  scope: scaleSets[i]
  properties: {
    roleDefinitionId: role.id
    principalId: principalId
    principalType: 'ServicePrincipal'
  }
}]
