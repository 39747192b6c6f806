package dev.skyscaler.core.plan.action;

/**
 * One step an actuator carries out. Planners return actions; adapters (Kubernetes, the cloud, the
 * simulator) carry them out. Every action is idempotent: carrying it out twice has the effect of
 * carrying it out once, because a serverless scan may run again after a partial failure.
 */
public sealed interface Action
    permits SetTargetSize,
        TaintNode,
        RemoveTaint,
        CordonNode,
        UncordonNode,
        EvictPod,
        DeleteInstance,
        RepairInstance,
        CompleteLifecycleAction,
        RecordEvent {

  /** One sentence for people: timelines, logs, dry runs. */
  String describe();
}
