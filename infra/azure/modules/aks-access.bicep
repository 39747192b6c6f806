// On the AKS cluster: the Cluster User Role (listClusterUserCredential: the API server endpoint
// and CA; the function then authenticates with its own Entra token) and the Contributor Role
// (agent pool reads and writes: node count, deleteMachines).
targetScope = 'resourceGroup'

param clusterName string
param principalId string

var clusterUser = '4abbcc35-e782-43d8-92c5-2d3f1bd2253f'
var aksContributor = 'ed7f3fbd-7b88-4dd4-9017-9adb7ce333f8'

resource cluster 'Microsoft.ContainerService/managedClusters@2024-05-01' existing = {
  name: clusterName
}

resource userRole 'Microsoft.Authorization/roleAssignments@2022-04-01' = {
  name: guid(cluster.id, principalId, clusterUser)
  scope: cluster
  properties: {
    roleDefinitionId: subscriptionResourceId('Microsoft.Authorization/roleDefinitions', clusterUser)
    principalId: principalId
    principalType: 'ServicePrincipal'
  }
}

resource contributorRole 'Microsoft.Authorization/roleAssignments@2022-04-01' = {
  name: guid(cluster.id, principalId, aksContributor)
  scope: cluster
  properties: {
    roleDefinitionId: subscriptionResourceId('Microsoft.Authorization/roleDefinitions', aksContributor)
    principalId: principalId
    principalType: 'ServicePrincipal'
  }
}
