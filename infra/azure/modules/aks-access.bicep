// The identity's rights on the AKS cluster: a custom role with only the operations the functions
// call, instead of the Azure Kubernetes Service Cluster User Role and Contributor Role (the
// latter would also let them create and delete node pools and change the cluster):
//   - read the cluster and list its user credential (the API server's endpoint and CA; the
//     functions then authenticate with their own Entra token), functions-azure's AksClusterGateway;
//   - read node pools, write a pool's node count, deleteMachines: VmssGateway.
// Assigned on the cluster, the parent of its agent pools.
targetScope = 'resourceGroup'

param clusterName string
param principalId string

@description('Function App name: names the role, which is unique per resource group and app.')
param appName string

resource cluster 'Microsoft.ContainerService/managedClusters@2024-05-01' existing = {
  name: clusterName
}

resource role 'Microsoft.Authorization/roleDefinitions@2022-04-01' = {
  name: guid(resourceGroup().id, appName, 'skyscaler-agent-pools')
  properties: {
    roleName: 'Skyscaler agent pools (${appName}, ${resourceGroup().name})'
    description: 'Read the AKS cluster and its user credential, read node pools, set a pool\'s node count and delete its machines: what Skyscaler\'s functions call.'
    type: 'CustomRole'
    permissions: [
      {
        actions: [
          'Microsoft.ContainerService/managedClusters/read'
          'Microsoft.ContainerService/managedClusters/listClusterUserCredential/action'
          'Microsoft.ContainerService/managedClusters/agentPools/read'
          'Microsoft.ContainerService/managedClusters/agentPools/write'
          'Microsoft.ContainerService/managedClusters/agentPools/deleteMachines/action'
          'Microsoft.ContainerService/locations/operations/read'
        ]
        notActions: []
      }
    ]
    assignableScopes: [
      resourceGroup().id
    ]
  }
}

resource assignment 'Microsoft.Authorization/roleAssignments@2022-04-01' = {
  name: guid(cluster.id, principalId, role.id)
  scope: cluster
  properties: {
    roleDefinitionId: role.id
    principalId: principalId
    principalType: 'ServicePrincipal'
  }
}
