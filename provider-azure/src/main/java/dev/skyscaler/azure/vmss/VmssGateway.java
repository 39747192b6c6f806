package dev.skyscaler.azure.vmss;

import com.azure.core.exception.HttpResponseException;
import com.azure.core.http.HttpPipeline;
import com.azure.core.management.exception.ManagementException;
import com.azure.core.management.polling.PollResult;
import com.azure.core.util.Context;
import com.azure.core.util.polling.LongRunningOperationStatus;
import com.azure.core.util.polling.PollResponse;
import com.azure.core.util.polling.SyncPoller;
import com.azure.resourcemanager.compute.fluent.ComputeManagementClient;
import com.azure.resourcemanager.compute.fluent.models.ResourceSkuInner;
import com.azure.resourcemanager.compute.fluent.models.VirtualMachineScaleSetInner;
import com.azure.resourcemanager.compute.fluent.models.VirtualMachineScaleSetVMInner;
import com.azure.resourcemanager.compute.implementation.ComputeManagementClientBuilder;
import com.azure.resourcemanager.compute.models.InstanceViewStatus;
import com.azure.resourcemanager.compute.models.ResourceSkuCapabilities;
import com.azure.resourcemanager.compute.models.Sku;
import com.azure.resourcemanager.compute.models.VirtualMachinePriorityTypes;
import com.azure.resourcemanager.compute.models.VirtualMachineScaleSetUpdate;
import com.azure.resourcemanager.compute.models.VirtualMachineScaleSetVMInstanceRequiredIDs;
import com.azure.resourcemanager.containerservice.fluent.ContainerServiceManagementClient;
import com.azure.resourcemanager.containerservice.fluent.models.AgentPoolInner;
import com.azure.resourcemanager.containerservice.implementation.ContainerServiceManagementClientBuilder;
import com.azure.resourcemanager.containerservice.models.AgentPoolDeleteMachinesParameter;
import dev.skyscaler.azure.arm.ArmConnection;
import dev.skyscaler.azure.arm.ArmDeadlinePolicy;
import dev.skyscaler.azure.arm.ArmException;
import dev.skyscaler.kubernetes.fence.Deadline;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

/**
 * VM Scale Sets, their VMs, VM sizes and AKS node pools through the Azure SDK for Java's Resource
 * Manager clients; the only class of the provider that imports them. Every method is one Resource
 * Manager operation (two for a node-pool resize: read, then write), returns this package's records
 * and throws {@link ArmException} on failure.
 *
 * <p>Throttling and long-running operations are the SDK's: its retry policy waits out short {@code
 * Retry-After}s ({@link ArmConnection#longestRetryWait()}), its pollers follow {@code
 * Azure-AsyncOperation} / {@code Location} headers. Capacity changes return once ARM has accepted
 * them (a scale-out's operation lasts until the VMs boot, minutes, longer than a scan should wait);
 * deletions, restarts and reimages are followed for up to {@link ArmConnection#operationWait()}.
 */
public final class VmssGateway {

  /** How far a followed operation got. */
  public enum Progress {
    SUCCEEDED,
    /** Accepted and still running when the wait ended. */
    RUNNING
  }

  private final ArmConnection connection;
  private final ComputeManagementClient compute;
  private final ContainerServiceManagementClient containers;
  private final Duration operationWait;
  private final Deadline deadline;
  private final Context context;
  private final Supplier<VmssGateway> bounded;

  public VmssGateway(ArmConnection connection) {
    this(connection, connection.pipeline());
  }

  /** A gateway on {@code pipeline}, its calls bounded by nothing but the pipeline's own limits. */
  private VmssGateway(ArmConnection connection, HttpPipeline pipeline) {
    this.connection = connection;
    this.compute =
        new ComputeManagementClientBuilder()
            .pipeline(pipeline)
            .endpoint(connection.endpoint())
            .subscriptionId(connection.subscriptionId())
            .defaultPollInterval(connection.pollInterval())
            .buildClient();
    this.containers =
        new ContainerServiceManagementClientBuilder()
            .pipeline(pipeline)
            .endpoint(connection.endpoint())
            .subscriptionId(connection.subscriptionId())
            .defaultPollInterval(connection.pollInterval())
            .buildClient();
    this.operationWait = connection.operationWait();
    this.deadline = null;
    this.context = Context.NONE;
    this.bounded = memo(() -> new VmssGateway(connection, connection.boundedPipeline()));
  }

  /**
   * The gateway {@code bounded} (on the bounded pipeline), its calls ending by {@code deadline}.
   */
  private VmssGateway(VmssGateway bounded, Deadline deadline) {
    this.connection = bounded.connection;
    this.compute = bounded.compute;
    this.containers = bounded.containers;
    this.operationWait = bounded.operationWait;
    this.deadline = deadline;
    this.context = ArmDeadlinePolicy.context(deadline);
    this.bounded = bounded.bounded;
  }

  /**
   * This gateway for the calls of one write that must end within {@code budget}: no retries inside
   * a call (the next scan retries), each request's timeout cut to what is left, a request past it
   * not sent, and long-running operations followed only while time is left.
   */
  public VmssGateway within(Duration budget) {
    return new VmssGateway(bounded.get(), Deadline.after(budget));
  }

  private static Supplier<VmssGateway> memo(Supplier<VmssGateway> build) {
    VmssGateway[] built = new VmssGateway[1];
    return () -> {
      synchronized (built) {
        if (built[0] == null) {
          built[0] = build.get();
        }
        return built[0];
      }
    };
  }

  /** The scale sets of a resource group, or of the whole subscription when it is empty. */
  public List<ScaleSet> scaleSets(Optional<String> resourceGroup) {
    String where = resourceGroup.map(rg -> "resource group " + rg).orElse("the subscription");
    return call(
        "list scale sets of " + where,
        () -> {
          var client = compute.getVirtualMachineScaleSets();
          var pages =
              resourceGroup.isPresent()
                  ? client.listByResourceGroup(resourceGroup.get())
                  : client.list();
          List<ScaleSet> sets = new ArrayList<>();
          pages.forEach(inner -> sets.add(scaleSet(inner)));
          return sets;
        });
  }

  public ScaleSet scaleSet(String resourceGroup, String name) {
    return call(
        "get scale set " + resourceGroup + "/" + name,
        () ->
            scaleSet(
                compute
                    .getVirtualMachineScaleSets()
                    .getByResourceGroupWithResponse(resourceGroup, name, null, context)
                    .getValue()));
  }

  /** The VMs of a scale set, with their instance view (power and provisioning state). */
  public List<ScaleSetInstance> instances(String resourceGroup, String scaleSet) {
    return call(
        "list VMs of scale set " + resourceGroup + "/" + scaleSet,
        () -> {
          List<ScaleSetInstance> vms = new ArrayList<>();
          compute
              .getVirtualMachineScaleSetVMs()
              .list(resourceGroup, scaleSet, null, null, "instanceView", context)
              .forEach(vm -> vms.add(instance(vm)));
          return vms;
        });
  }

  /** Sets {@code sku.capacity} (PATCH), returning once ARM has accepted the change. */
  public void setCapacity(ScaleSet scaleSet, long capacity) {
    call(
        "set capacity of scale set "
            + scaleSet.resourceGroup()
            + "/"
            + scaleSet.name()
            + " to "
            + capacity,
        () -> {
          Sku sku = new Sku().withName(scaleSet.sku()).withCapacity(capacity);
          compute
              .getVirtualMachineScaleSets()
              .beginUpdate(
                  scaleSet.resourceGroup(),
                  scaleSet.name(),
                  new VirtualMachineScaleSetUpdate().withSku(sku),
                  null,
                  null,
                  context);
          return null;
        });
  }

  /** Deletes chosen VMs; the scale set's capacity drops by as many. */
  public Progress deleteInstances(
      String resourceGroup, String scaleSet, List<String> instanceIds, boolean force) {
    return call(
        "delete VMs " + instanceIds + " of scale set " + resourceGroup + "/" + scaleSet,
        () ->
            follow(
                compute
                    .getVirtualMachineScaleSets()
                    .beginDeleteInstances(
                        resourceGroup,
                        scaleSet,
                        new VirtualMachineScaleSetVMInstanceRequiredIDs()
                            .withInstanceIds(instanceIds),
                        force,
                        context)));
  }

  public Progress restart(String resourceGroup, String scaleSet, String instanceId) {
    return call(
        "restart VM " + instanceId + " of scale set " + resourceGroup + "/" + scaleSet,
        () ->
            follow(
                compute
                    .getVirtualMachineScaleSetVMs()
                    .beginRestart(resourceGroup, scaleSet, instanceId, context)));
  }

  /** Reimages a VM's OS disk from the scale set's image: a fresh node on the same VM. */
  public Progress reimage(String resourceGroup, String scaleSet, String instanceId) {
    return call(
        "reimage VM " + instanceId + " of scale set " + resourceGroup + "/" + scaleSet,
        () ->
            follow(
                compute
                    .getVirtualMachineScaleSetVMs()
                    .beginReimage(resourceGroup, scaleSet, instanceId, null, context)));
  }

  /** The VM sizes offered in a region (Resource SKUs API), with vCPUs, memory and GPUs. */
  public List<VmSku> vmSizes(String location) {
    return call(
        "list VM sizes of " + location,
        () -> {
          List<VmSku> sizes = new ArrayList<>();
          compute
              .getResourceSkus()
              .list("location eq '" + location + "'", null, context)
              .forEach(sku -> vmSize(sku).ifPresent(sizes::add));
          return sizes;
        });
  }

  public AgentPool agentPool(String resourceGroup, String cluster, String pool) {
    return call(
        "get node pool " + pool + " of AKS cluster " + resourceGroup + "/" + cluster,
        () ->
            agentPool(
                containers
                    .getAgentPools()
                    .getWithResponse(resourceGroup, cluster, pool, context)
                    .getValue()));
  }

  /**
   * Sets an AKS node pool's node count: reads the pool and writes it back with the new count (the
   * agent-pool API only has PUT), returning once AKS has accepted it.
   */
  public void setAgentPoolCount(String resourceGroup, String cluster, String pool, int count) {
    call(
        "set node count of pool "
            + pool
            + " of AKS cluster "
            + resourceGroup
            + "/"
            + cluster
            + " to "
            + count,
        () -> {
          AgentPoolInner current =
              containers
                  .getAgentPools()
                  .getWithResponse(resourceGroup, cluster, pool, context)
                  .getValue();
          containers
              .getAgentPools()
              .beginCreateOrUpdate(
                  resourceGroup, cluster, pool, current.withCount(count), null, null, context);
          return null;
        });
  }

  /** Deletes chosen nodes of an AKS pool by machine (node) name; the count drops by as many. */
  public Progress deleteMachines(
      String resourceGroup, String cluster, String pool, List<String> machineNames) {
    return call(
        "delete machines "
            + machineNames
            + " of pool "
            + pool
            + " of AKS cluster "
            + resourceGroup
            + "/"
            + cluster,
        () ->
            follow(
                containers
                    .getAgentPools()
                    .beginDeleteMachines(
                        resourceGroup,
                        cluster,
                        pool,
                        new AgentPoolDeleteMachinesParameter().withMachineNames(machineNames),
                        context)));
  }

  private <T> Progress follow(SyncPoller<PollResult<T>, T> poller) {
    Duration wait = deadline == null ? operationWait : deadline.leftAtMost(operationWait);
    if (wait.isZero()) {
      return Progress.RUNNING;
    }
    PollResponse<PollResult<T>> last;
    try {
      last = poller.waitForCompletion(wait);
    } catch (RuntimeException e) {
      // the deadline may pass between two polls: the policy then refuses the next poll, which only
      // means we stopped following an operation ARM accepted
      if (e.getCause() instanceof TimeoutException || deadline != null && deadline.passed()) {
        return Progress.RUNNING;
      }
      throw e;
    }
    LongRunningOperationStatus status = last.getStatus();
    if (status == LongRunningOperationStatus.SUCCESSFULLY_COMPLETED) {
      return Progress.SUCCEEDED;
    }
    if (!status.isComplete()) {
      return Progress.RUNNING;
    }
    PollResult.Error error = last.getValue() == null ? null : last.getValue().getError();
    if (error == null) {
      throw new ArmException("long-running operation", 0, status.toString(), "");
    }
    ArmErrorBody body = ArmErrorBody.parse(error.getResponseBody());
    throw new ArmException(
        "long-running operation",
        error.getResponseStatusCode(),
        body.code(),
        body.message().isEmpty() ? error.getMessage() : body.message());
  }

  private static <T> T call(String operation, Supplier<T> body) {
    try {
      return body.get();
    } catch (ManagementException e) {
      var error = e.getValue();
      String code = error == null || error.getCode() == null ? "" : error.getCode();
      String message = error == null || error.getMessage() == null ? "" : error.getMessage();
      throw new ArmException(operation, status(e), code, message);
    } catch (HttpResponseException e) {
      throw new ArmException(operation, status(e), "", String.valueOf(e.getMessage()));
    } catch (RuntimeException e) {
      throw new ArmException(operation, 0, "", String.valueOf(e.getMessage()));
    }
  }

  private static int status(HttpResponseException e) {
    return e.getResponse() == null ? 0 : e.getResponse().getStatusCode();
  }

  private static ScaleSet scaleSet(VirtualMachineScaleSetInner inner) {
    Sku sku = inner.sku();
    var profile = inner.virtualMachineProfile();
    VirtualMachinePriorityTypes priority = profile == null ? null : profile.priority();
    boolean spot =
        VirtualMachinePriorityTypes.SPOT.equals(priority)
            || VirtualMachinePriorityTypes.LOW.equals(priority);
    return new ScaleSet(
        inner.id(),
        ArmIds.resourceGroup(inner.id()),
        inner.name(),
        inner.location(),
        sku == null ? "" : sku.name(),
        sku == null || sku.capacity() == null ? 0 : sku.capacity(),
        inner.tags() == null ? Map.of() : inner.tags(),
        inner.zones() == null ? List.of() : inner.zones(),
        spot);
  }

  private static ScaleSetInstance instance(VirtualMachineScaleSetVMInner vm) {
    String powerState = "";
    if (vm.instanceView() != null && vm.instanceView().statuses() != null) {
      for (InstanceViewStatus status : vm.instanceView().statuses()) {
        String code = status.code() == null ? "" : status.code();
        if (code.startsWith("PowerState/")) {
          powerState = code.substring("PowerState/".length());
        }
      }
    }
    String computerName = vm.osProfile() == null ? "" : vm.osProfile().computerName();
    return new ScaleSetInstance(
        vm.instanceId(),
        computerName,
        vm.provisioningState(),
        powerState,
        Optional.ofNullable(vm.timeCreated()).map(t -> t.toInstant()));
  }

  private static Optional<VmSku> vmSize(ResourceSkuInner sku) {
    if (!"virtualMachines".equalsIgnoreCase(sku.resourceType()) || sku.capabilities() == null) {
      return Optional.empty();
    }
    double vcpus = 0;
    double memoryGiB = 0;
    double gpus = 0;
    boolean arm64 = false;
    for (ResourceSkuCapabilities c : sku.capabilities()) {
      switch (String.valueOf(c.name())) {
        case "vCPUs" -> vcpus = number(c.value());
        case "MemoryGB" -> memoryGiB = number(c.value());
        case "GPUs" -> gpus = number(c.value());
        case "CpuArchitectureType" -> arm64 = "Arm64".equalsIgnoreCase(c.value());
        default -> {}
      }
    }
    if (vcpus <= 0 || memoryGiB <= 0) {
      return Optional.empty();
    }
    return Optional.of(
        new VmSku(sku.name(), (int) vcpus, Math.round(memoryGiB * 1024), (int) gpus, arm64));
  }

  private static double number(String value) {
    try {
      return Double.parseDouble(value);
    } catch (NumberFormatException | NullPointerException e) {
      return 0;
    }
  }

  private static AgentPool agentPool(AgentPoolInner inner) {
    return new AgentPool(
        inner.name(),
        inner.count() == null ? 0 : inner.count(),
        inner.vmSize(),
        Boolean.TRUE.equals(inner.enableAutoScaling()),
        inner.maxPods() == null ? 0 : inner.maxPods(),
        inner.nodeLabels() == null ? Map.of() : inner.nodeLabels(),
        inner.nodeTaints() == null ? List.of() : inner.nodeTaints());
  }
}
