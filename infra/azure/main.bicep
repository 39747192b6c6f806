// Skyscaler on Azure Functions (Flex Consumption), in the resource group it is deployed to:
// storage (host state and the deployment package, reached with the identity only), a
// user-assigned identity, the Function App with its app settings, and the identity's roles:
//   - Storage Blob Data Owner on the storage account (timer leases, deployment package, and the
//     preemption events Event Grid could not deliver);
//   - a custom role with only the scale-set operations the functions call, on the scale sets
//     named in scaleSetNames or else on the node resource group (modules/node-access.bicep);
//   - AKS: a custom role with only the cluster and agent-pool operations they call (user
//     credential: endpoint and CA; node pool count; deleteMachines), on the cluster
//     (modules/aks-access.bicep);
//   - self-managed: Key Vault Secrets User on the vault holding the kubeconfig.
// No built-in Contributor role: a bug or a wrong setting cannot create, reconfigure or delete
// anything the functions do not manage.
// Kubernetes RBAC inside the cluster binds the identity's principal id (output below) to
// Skyscaler's ClusterRole; see functions-azure/README.md.
//
// Deploy in two steps: this template, then the code (mvn azure-functions:deploy), then this
// template again with deployEventSubscription=true (Event Grid checks that the Preemption
// function exists when the subscription is created).

targetScope = 'resourceGroup'

@description('Region of the Function App and its storage.')
param location string = resourceGroup().location

@description('Function App name (also names the plan, identity and storage).')
@minLength(3)
@maxLength(40)
param appName string = 'skyscaler'

@description('Kubernetes cluster name (CLUSTER_NAME; the AKS cluster name on AKS).')
param clusterName string

@description('Resource group of the cluster\'s scale sets (the MC_… node resource group on AKS).')
param nodeResourceGroup string

@description('Resource group of the AKS cluster; empty for a self-managed cluster.')
param aksResourceGroup string = ''

@description('Scale sets the functions may change (self-managed) or repair (AKS); empty: every scale set of nodeResourceGroup.')
param scaleSetNames array = []

@description('Key Vault secret URI of a self-managed cluster\'s kubeconfig; empty on AKS.')
param kubeconfigSecretUri string = ''

@description('Resource group of that Key Vault (self-managed clusters only).')
param keyVaultResourceGroup string = ''

@description('Name of that Key Vault (self-managed clusters only).')
param keyVaultName string = ''

@description('SCAN_INTERVAL in seconds: a full scan every this many seconds. The Scan timer (SCAN_SCHEDULE) is derived from it; NCRONTAB fires at fixed seconds of each minute, hence the allowed values.')
@allowed([10, 12, 15, 20, 30, 60])
param scanIntervalSeconds int = 10

@description('Health check schedule: six-field NCRONTAB, seconds first.')
param healthSchedule string = '0 * * * * *'

@description('Further app settings: Cluster Autoscaler flags in upper snake case, e.g. {"SCALE_DOWN_UNNEEDED_TIME": "10m"}. SCAN_INTERVAL comes from scanIntervalSeconds.')
param autoscalerSettings object = {}

@description('Any Cluster Autoscaler options as one argument list, as a Deployment\'s args are written, e.g. \'--expander=least-waste --scale-down-unneeded-time=5m\' (CLUSTER_AUTOSCALER_ARGS). A flag also set in autoscalerSettings, an unknown flag or one Skyscaler does not support stops the function at initialisation with an error naming it.')
@maxLength(16384)
param clusterAutoscalerArgs string = ''

@description('Shadow mode (DRY_RUN): plan as live, act on nothing, and write the decisions compared with a running Cluster Autoscaler\'s to kube-system/skyscaler-status. See docs/migrating-from-cluster-autoscaler.md.')
param dryRun bool = false

@description('E-mail address the alerts notify; empty: add receivers to the action group yourself.')
param alertEmail string = ''

@description('Alert when pods have been unschedulable for this many minutes.')
@allowed([5, 10, 15, 30, 45])
param unschedulablePodsAlertMinutes int = 15

@description('Alert when this many failed scans or failed actions happen within 5 minutes.')
@minValue(1)
param errorsAlertThreshold int = 3

@description('Subscribe the Preemption function to HealthResources events (after the code is deployed).')
param deployEventSubscription bool = false

var isAks = !empty(aksResourceGroup)
var suffix = uniqueString(resourceGroup().id, appName)
var storageName = take(toLower('st${replace(appName, '-', '')}${suffix}'), 24)
var packageContainer = toLower('app-package-${take(appName, 30)}')
var deadLetterContainer = 'preemption-dead-letters'

var roles = {
  storageBlobDataOwner: 'b7e6dc6d-f1e8-4753-8033-0f276bb0955b'
}

resource identity 'Microsoft.ManagedIdentity/userAssignedIdentities@2023-01-31' = {
  name: 'id-${appName}'
  location: location
}

resource storage 'Microsoft.Storage/storageAccounts@2023-05-01' = {
  name: storageName
  location: location
  sku: { name: 'Standard_LRS' }
  kind: 'StorageV2'
  properties: {
    minimumTlsVersion: 'TLS1_2'
    allowBlobPublicAccess: false
    allowSharedKeyAccess: false
    supportsHttpsTrafficOnly: true
  }
}

resource blobService 'Microsoft.Storage/storageAccounts/blobServices@2023-05-01' = {
  parent: storage
  name: 'default'
}

resource packages 'Microsoft.Storage/storageAccounts/blobServices/containers@2023-05-01' = {
  parent: blobService
  name: packageContainer
}

// Preemption events Event Grid could not deliver after its retries: kept for inspection instead
// of dropped (blob data only; the storage account takes no shared key).
resource deadLetters 'Microsoft.Storage/storageAccounts/blobServices/containers@2023-05-01' = {
  parent: blobService
  name: deadLetterContainer
}

resource storageRole 'Microsoft.Authorization/roleAssignments@2022-04-01' = {
  name: guid(storage.id, identity.id, roles.storageBlobDataOwner)
  scope: storage
  properties: {
    roleDefinitionId: subscriptionResourceId('Microsoft.Authorization/roleDefinitions', roles.storageBlobDataOwner)
    principalId: identity.properties.principalId
    principalType: 'ServicePrincipal'
  }
}

resource plan 'Microsoft.Web/serverfarms@2024-04-01' = {
  name: 'plan-${appName}'
  location: location
  kind: 'functionapp'
  sku: {
    name: 'FC1'
    tier: 'FlexConsumption'
  }
  properties: {
    reserved: true
  }
}

var clusterSettings = isAks ? { ARM_CLUSTER_RESOURCE_GROUP: aksResourceGroup } : { KUBECONFIG_SECRET_URI: kubeconfigSecretUri }

var baseSettings = {
  AzureWebJobsStorage__accountName: storage.name
  AzureWebJobsStorage__credential: 'managedidentity'
  AzureWebJobsStorage__clientId: identity.properties.clientId
  HEALTH_SCHEDULE: healthSchedule
  ARM_SUBSCRIPTION_ID: subscription().subscriptionId
  ARM_RESOURCE_GROUP: nodeResourceGroup
  ARM_USER_ASSIGNED_IDENTITY_ID: identity.properties.clientId
  CLUSTER_NAME: clusterName
  DRY_RUN: dryRun ? 'true' : 'false'
  CLUSTER_AUTOSCALER_ARGS: clusterAutoscalerArgs
  // the host sends the logs, the functions their metrics (ADR 0047)
  APPLICATIONINSIGHTS_CONNECTION_STRING: monitoring.outputs.connectionString
}

// The function refuses a SCAN_SCHEDULE that is not a scan every SCAN_INTERVAL: both come from
// scanIntervalSeconds, last in the union so that autoscalerSettings cannot split them.
var scanSettings = {
  SCAN_INTERVAL: '${scanIntervalSeconds}s'
  SCAN_SCHEDULE: scanIntervalSeconds == 60 ? '0 * * * * *' : '*/${scanIntervalSeconds} * * * * *'
}

var allSettings = union(baseSettings, clusterSettings, autoscalerSettings, scanSettings)

resource app 'Microsoft.Web/sites@2024-04-01' = {
  name: appName
  location: location
  kind: 'functionapp,linux'
  identity: {
    type: 'UserAssigned'
    userAssignedIdentities: {
      '${identity.id}': {}
    }
  }
  properties: {
    serverFarmId: plan.id
    httpsOnly: true
    functionAppConfig: {
      deployment: {
        storage: {
          type: 'blobContainer'
          value: '${storage.properties.primaryEndpoints.blob}${packageContainer}'
          authentication: {
            type: 'UserAssignedIdentity'
            userAssignedIdentityResourceId: identity.id
          }
        }
      }
      scaleAndConcurrency: {
        maximumInstanceCount: 40
        instanceMemoryMB: 2048
      }
      runtime: {
        name: 'java'
        version: '17'
      }
    }
    siteConfig: {
      minTlsVersion: '1.2'
      appSettings: [for setting in items(allSettings): {
        name: setting.key
        value: string(setting.value)
      }]
    }
  }
  dependsOn: [
    storageRole
    packages
  ]
}

module monitoring 'modules/monitoring.bicep' = {
  name: 'skyscaler-monitoring'
  params: {
    location: location
    appName: appName
    clusterName: clusterName
    alertEmail: alertEmail
    unschedulablePodsAlertMinutes: unschedulablePodsAlertMinutes
    errorsAlertThreshold: errorsAlertThreshold
  }
}

module nodeAccess 'modules/node-access.bicep' = {
  name: 'skyscaler-node-access'
  scope: resourceGroup(nodeResourceGroup)
  params: {
    principalId: identity.properties.principalId
    appName: appName
    isAks: isAks
    scaleSetNames: scaleSetNames
  }
}

module aksAccess 'modules/aks-access.bicep' = if (isAks) {
  name: 'skyscaler-aks-access'
  scope: resourceGroup(isAks ? aksResourceGroup : resourceGroup().name)
  params: {
    clusterName: clusterName
    principalId: identity.properties.principalId
    appName: appName
  }
}

module vaultAccess 'modules/vault-access.bicep' = if (!isAks && !empty(keyVaultName)) {
  name: 'skyscaler-vault-access'
  scope: resourceGroup(empty(keyVaultResourceGroup) ? resourceGroup().name : keyVaultResourceGroup)
  params: {
    vaultName: keyVaultName
    principalId: identity.properties.principalId
  }
}

// Azure Resource Notifications (preview): HealthResources events of the whole subscription. The
// deploying principal needs Microsoft.ResourceNotifications/systemTopics/subscribeToHealthResources/action.
resource healthTopic 'Microsoft.EventGrid/systemTopics@2022-06-15' = if (deployEventSubscription) {
  name: 'st-${appName}-health'
  location: 'global'
  // writes undeliverable events to the dead-letter container as this identity
  identity: {
    type: 'UserAssigned'
    userAssignedIdentities: {
      '${identity.id}': {}
    }
  }
  properties: {
    source: subscription().id
    topicType: 'Microsoft.ResourceNotifications.HealthResources'
  }
}

resource preemptions 'Microsoft.EventGrid/systemTopics/eventSubscriptions@2022-06-15' = if (deployEventSubscription) {
  parent: healthTopic
  name: 'skyscaler-preemption'
  properties: {
    destination: {
      endpointType: 'AzureFunction'
      properties: {
        resourceId: '${app.id}/functions/Preemption'
        maxEventsPerBatch: 1
      }
    }
    filter: {
      includedEventTypes: [
        'Microsoft.ResourceNotifications.HealthResources.ResourceAnnotated'
        'Microsoft.ResourceNotifications.HealthResources.AvailabilityStatusChanged'
      ]
      subjectBeginsWith: '${subscription().id}/resourceGroups/${nodeResourceGroup}/'
    }
    eventDeliverySchema: 'EventGridSchema'
    retryPolicy: {
      maxDeliveryAttempts: 3
      eventTimeToLiveInMinutes: 10
    }
    // An event still undelivered after its attempts or its time to live goes here, not away.
    deadLetterWithResourceIdentity: {
      identity: {
        type: 'UserAssigned'
        userAssignedIdentity: identity.id
      }
      deadLetterDestination: {
        endpointType: 'StorageBlob'
        properties: {
          resourceId: storage.id
          blobContainerName: deadLetters.name
        }
      }
    }
  }
  dependsOn: [
    storageRole
  ]
}

// Preemption events Event Grid dead-lettered (the interruption dead letters of AWS).
resource deadLetterAlert 'Microsoft.Insights/metricAlerts@2018-03-01' = if (deployEventSubscription) {
  name: '${appName}-preemption-dead-letters'
  location: 'global'
  properties: {
    description: 'Preemption events Event Grid could not deliver are in the dead-letter container.'
    severity: 2
    enabled: true
    scopes: [
      healthTopic.id
    ]
    evaluationFrequency: 'PT5M'
    windowSize: 'PT5M'
    criteria: {
      'odata.type': 'Microsoft.Azure.Monitor.SingleResourceMultipleMetricCriteria'
      allOf: [
        {
          criterionType: 'StaticThresholdCriterion'
          name: 'deadLettered'
          metricNamespace: 'Microsoft.EventGrid/systemTopics'
          metricName: 'DeadLetteredCount'
          timeAggregation: 'Total'
          operator: 'GreaterThan'
          threshold: 0
        }
      ]
    }
    actions: [
      {
        actionGroupId: monitoring.outputs.actionGroupId
      }
    ]
  }
}

@description('Object id of the identity: bind it to Skyscaler\'s ClusterRole in the cluster.')
output principalId string = identity.properties.principalId

@description('Client id of the identity (ARM_USER_ASSIGNED_IDENTITY_ID).')
output clientId string = identity.properties.clientId

output functionAppName string = app.name

@description('Container of the preemption events Event Grid could not deliver.')
output deadLetterContainer string = '${storage.name}/${deadLetterContainer}'

@description('Application Insights resource of the logs, metrics, alerts and workbook.')
output insightsName string = monitoring.outputs.insightsName
