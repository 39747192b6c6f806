// Key Vault Secrets User on the vault holding a self-managed cluster's kubeconfig (the vault uses
// Azure RBAC authorization).
targetScope = 'resourceGroup'

param vaultName string
param principalId string

var secretsUser = '4633458b-17de-408a-b874-0445c86b69e6'

resource vault 'Microsoft.KeyVault/vaults@2023-07-01' existing = {
  name: vaultName
}

resource role 'Microsoft.Authorization/roleAssignments@2022-04-01' = {
  name: guid(vault.id, principalId, secretsUser)
  scope: vault
  properties: {
    roleDefinitionId: subscriptionResourceId('Microsoft.Authorization/roleDefinitions', secretsUser)
    principalId: principalId
    principalType: 'ServicePrincipal'
  }
}
