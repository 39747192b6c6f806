// Where the functions' logs and metrics go, and what watches them: a Log Analytics workspace, a
// workspace-based Application Insights (its connection string is the app setting
// APPLICATIONINSIGHTS_CONNECTION_STRING: the Functions host sends the log lines there, and the
// functions send their Cluster Autoscaler metrics there as customMetrics, see
// docs/operations.md), an action group, the alerts template.yaml defines on AWS as log alerts
// over customMetrics, and a workbook.
//
// customMetrics rows: name is the metric, customDimensions holds ClusterName and the metric's
// labels; a counter's value is its increase since the previous scan (sum it), a gauge's its value.

param location string
param appName string
param clusterName string

@description('E-mail address the alerts notify; empty: add receivers to the action group yourself.')
param alertEmail string

@description('Alert when pods have been unschedulable for this many minutes.')
param unschedulablePodsAlertMinutes int

@description('Alert when this many failed scans or failed actions happen within 5 minutes.')
param errorsAlertThreshold int

resource workspace 'Microsoft.OperationalInsights/workspaces@2023-09-01' = {
  name: 'log-${appName}'
  location: location
  properties: {
    sku: { name: 'PerGB2018' }
    retentionInDays: 30
  }
}

resource insights 'Microsoft.Insights/components@2020-02-02' = {
  name: 'appi-${appName}'
  location: location
  kind: 'web'
  properties: {
    Application_Type: 'web'
    WorkspaceResourceId: workspace.id
    IngestionMode: 'LogAnalytics'
    // the functions post with the instrumentation key of the connection string (ADR 0047)
    DisableLocalAuth: false
  }
}

resource actions 'Microsoft.Insights/actionGroups@2023-01-01' = {
  name: 'ag-${appName}'
  location: 'global'
  properties: {
    groupShortName: take('skyscaler', 12)
    enabled: true
    emailReceivers: empty(alertEmail) ? [] : [
      {
        name: 'operator'
        emailAddress: alertEmail
        useCommonAlertSchema: true
      }
    ]
  }
}

// Rows of one metric of this cluster, with a label, in customMetrics.
var cluster = 'customDimensions.ClusterName == "${clusterName}"'

var alerts = [
  {
    name: 'failed-scans'
    description: 'Scans that failed or actions the cloud or the API server refused (cluster_autoscaler_errors_total, every type).'
    severity: 2
    window: 'PT5M'
    query: 'customMetrics | where name == "cluster_autoscaler_errors_total" and ${cluster} | project timestamp, errors = valueSum'
    aggregation: 'Total'
    column: 'errors'
    operator: 'GreaterThanOrEqual'
    threshold: errorsAlertThreshold
  }
  {
    name: 'unschedulable-pods'
    description: 'Pods have been unschedulable for ${unschedulablePodsAlertMinutes} minutes (cluster_autoscaler_unschedulable_pods_count): no group can take them, or scale-ups fail.'
    severity: 2
    window: 'PT${unschedulablePodsAlertMinutes}M'
    query: 'customMetrics | where name == "cluster_autoscaler_unschedulable_pods_count" and customDimensions.type == "unschedulable" and ${cluster} | project timestamp, pending = valueMin'
    aggregation: 'Minimum'
    column: 'pending'
    operator: 'GreaterThan'
    threshold: 0
  }
  {
    name: 'scale-up-failures'
    description: 'A scale-up that failed (cluster_autoscaler_failed_scale_ups_total): refused by the cloud (quota, capacity or permissions) or timed out (no instances within --max-node-provision-time).'
    severity: 2
    window: 'PT5M'
    query: 'customMetrics | where name == "cluster_autoscaler_failed_scale_ups_total" and customDimensions.reason in ("cloudProviderError", "timeout") and ${cluster} | project timestamp, failures = valueSum'
    aggregation: 'Total'
    column: 'failures'
    operator: 'GreaterThanOrEqual'
    threshold: 1
  }
  {
    name: 'scans-stopped'
    description: 'No scan recorded its main loop for 5 minutes (cluster_autoscaler_last_activity): the functions are not running or cannot send.'
    severity: 1
    window: 'PT5M'
    query: 'customMetrics | where name == "cluster_autoscaler_last_activity" and customDimensions.activity == "main" and ${cluster}'
    aggregation: 'Count'
    column: ''
    operator: 'LessThan'
    threshold: 1
  }
]

resource rules 'Microsoft.Insights/scheduledQueryRules@2023-03-15-preview' = [for a in alerts: {
  name: '${appName}-${a.name}'
  location: location
  properties: {
    displayName: '${appName}: ${a.name}'
    description: a.description
    severity: a.severity
    enabled: true
    scopes: [
      insights.id
    ]
    evaluationFrequency: 'PT5M'
    windowSize: a.window
    criteria: {
      allOf: [
        union({
          query: a.query
          timeAggregation: a.aggregation
          operator: a.operator
          threshold: a.threshold
          failingPeriods: {
            numberOfEvaluationPeriods: 1
            minFailingPeriodsToAlert: 1
          }
        }, empty(a.column) ? {} : { metricMeasureColumn: a.column })
      ]
    }
    autoMitigate: true
    actions: {
      actionGroups: [
        actions.id
      ]
    }
  }
}]

// One chart per question, over the same customMetrics.
var charts = [
  {
    title: 'Nodes by state (cluster_autoscaler_nodes_count)'
    query: 'customMetrics | where name == "cluster_autoscaler_nodes_count" and ${cluster} | summarize nodes = max(valueMax) by state = tostring(customDimensions.state), bin(timestamp, 1m) | render timechart'
  }
  {
    title: 'Pending pods (cluster_autoscaler_unschedulable_pods_count)'
    query: 'customMetrics | where name == "cluster_autoscaler_unschedulable_pods_count" and ${cluster} | summarize pods = max(valueMax) by type = tostring(customDimensions.type), bin(timestamp, 1m) | render timechart'
  }
  {
    title: 'Nodes added and removed'
    query: 'customMetrics | where name in ("cluster_autoscaler_scaled_up_nodes_total", "cluster_autoscaler_scaled_down_nodes_total") and ${cluster} | summarize nodes = sum(valueSum) by name, bin(timestamp, 5m) | render columnchart'
  }
  {
    title: 'Errors by type and failed scale-ups'
    query: 'customMetrics | where name in ("cluster_autoscaler_errors_total", "cluster_autoscaler_failed_scale_ups_total") and ${cluster} | summarize events = sum(valueSum) by series = strcat(name, " ", tostring(customDimensions.type), tostring(customDimensions.reason)), bin(timestamp, 5m) | render columnchart'
  }
  {
    title: 'Scan duration, seconds (cluster_autoscaler_function_duration_seconds)'
    query: 'customMetrics | where name == "cluster_autoscaler_function_duration_seconds" and ${cluster} | summarize mean = sum(valueSum) / sum(valueCount) by function = tostring(customDimensions.function), bin(timestamp, 5m) | render timechart'
  }
  {
    title: 'Scans by outcome (skyscaler_scans_total)'
    query: 'customMetrics | where name == "skyscaler_scans_total" and ${cluster} | summarize scans = sum(valueSum) by result = tostring(customDimensions.result), bin(timestamp, 5m) | render columnchart'
  }
]

var workbookContent = {
  version: 'Notebook/1.0'
  items: concat([
    {
      type: 1
      name: 'intro'
      content: {
        json: '## Skyscaler: ${clusterName}\nCluster Autoscaler\'s metrics as the functions send them. Counters are increases per scan: sum them.'
      }
    }
  ], map(charts, c => {
    type: 3
    name: c.title
    content: {
      version: 'KqlItem/1.0'
      title: c.title
      query: c.query
      size: 0
      timeContext: { durationMs: 86400000 }
      queryType: 0
      resourceType: 'microsoft.insights/components'
    }
  }))
  isLocked: false
}

resource workbook 'Microsoft.Insights/workbooks@2023-06-01' = {
  name: guid(resourceGroup().id, appName, 'skyscaler-workbook')
  location: location
  kind: 'shared'
  properties: {
    displayName: 'Skyscaler ${clusterName}'
    category: 'workbook'
    sourceId: insights.id
    serializedData: string(workbookContent)
  }
}

output connectionString string = insights.properties.ConnectionString
output actionGroupId string = actions.id
output insightsName string = insights.name
