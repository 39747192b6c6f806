using 'main.bicep'

// An AKS cluster; for a self-managed cluster set kubeconfigSecretUri, keyVaultName and
// keyVaultResourceGroup instead of aksResourceGroup.
param clusterName = 'prod'
param aksResourceGroup = 'rg-aks'
param nodeResourceGroup = 'MC_rg-aks_prod_westeurope'
param autoscalerSettings = {
  SCALE_DOWN_UNNEEDED_TIME: '10m'
  EXPANDER: 'least-waste'
}
