#!/usr/bin/env python3
"""Writes snapshot/cluster.yaml and snapshot/cluster-api.yaml (see README.md).

cluster.yaml is what `kubectl get nodes,pods,pdb,daemonsets -A -o yaml` prints for the workload
cluster; cluster-api.yaml is what `kubectl get clusters,machinedeployments,machinesets,machinepools,
machines,openstackmachinetemplates -A -o yaml` prints for the management cluster.
"""
import json
import pathlib

HERE = pathlib.Path(__file__).parent / "snapshot"
T = "2025-06-02T08:58:00Z"
NS = "capi-prod"


def meta(name, namespace=None, **extra):
    m = {"name": name, "creationTimestamp": T}
    if namespace:
        m["namespace"] = namespace
    m.update(extra)
    return m


def node(name, provider_id, cpu, memory, labels, taints=(), annotations=None):
    return {
        "apiVersion": "v1",
        "kind": "Node",
        "metadata": meta(name, labels=dict({"kubernetes.io/hostname": name, "kubernetes.io/os": "linux",
                                            "kubernetes.io/arch": "amd64",
                                            "topology.kubernetes.io/zone": "nova"}, **labels),
                         annotations=annotations or {}),
        "spec": {"providerID": provider_id, "taints": list(taints)},
        "status": {
            "capacity": {"cpu": cpu, "memory": memory, "pods": "110"},
            "allocatable": {"cpu": str(int(cpu) * 1000 - 100) + "m", "memory": memory, "pods": "110"},
            "conditions": [{"type": "Ready", "status": "True", "lastTransitionTime": T}],
        },
    }


def pod(namespace, name, node_name, owner_kind, owner, cpu, memory, extra_spec=None, tolerations=()):
    spec = {
        "containers": [{"name": "main", "image": "registry.example/" + owner + ":1",
                        "resources": {"requests": {"cpu": cpu, "memory": memory}}}],
        "tolerations": list(tolerations),
    }
    if extra_spec:
        spec["containers"][0]["resources"]["requests"].update(extra_spec)
        spec["containers"][0]["resources"]["limits"] = dict(extra_spec)
    status = {"phase": "Running"}
    if node_name:
        spec["nodeName"] = node_name
    else:
        status = {"phase": "Pending", "conditions": [
            {"type": "PodScheduled", "status": "False", "reason": "Unschedulable",
             "message": "0/3 nodes are available: 1 node(s) had untolerated taint, 2 Insufficient cpu."}]}
    return {
        "apiVersion": "v1",
        "kind": "Pod",
        "metadata": meta(name, namespace, uid=name + "-uid", labels={"app": owner},
                         ownerReferences=[{"apiVersion": "batch/v1" if owner_kind == "Job" else "apps/v1",
                                           "kind": owner_kind, "name": owner, "uid": owner + "-uid",
                                           "controller": True}]),
        "spec": spec,
        "status": status,
    }


def cluster_yaml():
    cp = "prod-control-plane-x7k2p"
    workers = ["prod-md-workers-6d9f8-8kq2w", "prod-md-workers-6d9f8-tz4lm"]
    items = [
        node(cp, "openstack:///6b2d6f0e-3c1a-4e55-9d3e-0c8f5a1b7d21", "4", "8Gi",
             {"node-role.kubernetes.io/control-plane": ""},
             [{"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}]),
    ]
    ids = ["openstack:///0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0", "openstack:///1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d"]
    for w, pid in zip(workers, ids):
        items.append(node(w, pid, "4", "16Gi", {},
                          annotations={"cluster.x-k8s.io/cluster-name": "prod",
                                       "cluster.x-k8s.io/cluster-namespace": NS,
                                       "cluster.x-k8s.io/machine": w,
                                       "cluster.x-k8s.io/owner-kind": "MachineSet",
                                       "cluster.x-k8s.io/owner-name": "prod-md-workers-6d9f8"}))
    items.append({
        "apiVersion": "apps/v1", "kind": "DaemonSet",
        "metadata": meta("kube-proxy", "kube-system", uid="kube-proxy-uid"),
        "spec": {"selector": {"matchLabels": {"app": "kube-proxy"}},
                 "template": {"metadata": {"labels": {"app": "kube-proxy"}},
                              "spec": {"tolerations": [{"operator": "Exists"}],
                                       "containers": [{"name": "kube-proxy", "image": "registry.k8s.io/kube-proxy:v1.33.1",
                                                       "resources": {"requests": {"cpu": "100m", "memory": "64Mi"}}}]}}},
    })
    for n in [cp] + workers:
        items.append(pod("kube-system", "kube-proxy-" + n[-5:], n, "DaemonSet", "kube-proxy", "100m", "64Mi",
                         tolerations=[{"operator": "Exists"}]))
    for i, w in enumerate(workers):
        for j in range(5):
            items.append(pod("default", f"api-7c9f6b5d4-{i}{j}x{j}q", w, "ReplicaSet", "api-7c9f6b5d4", "500m", "1Gi"))
    for i in range(8):
        items.append(pod("default", f"render-{i:02d}-k8x2p", None, "Job", "render", "1500m", "2Gi"))
    items.append(pod("default", "train-0-m4q8z", None, "Job", "train", "2", "8Gi",
                     extra_spec={"nvidia.com/gpu": "1"},
                     tolerations=[{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}]))
    return {"apiVersion": "v1", "kind": "List", "items": items}


def owner(kind, name, api="cluster.x-k8s.io/v1beta2"):
    return [{"apiVersion": api, "kind": kind, "name": name, "uid": name + "-uid", "controller": True}]


def md(name, replicas, bounds, annotations=None, template="prod-md-workers", taints=(), paused=False):
    a = {"cluster.x-k8s.io/cluster-api-autoscaler-node-group-min-size": str(bounds[0]),
         "cluster.x-k8s.io/cluster-api-autoscaler-node-group-max-size": str(bounds[1])}
    a.update(annotations or {})
    if paused:
        a["cluster.x-k8s.io/paused"] = ""
    spec_template = {"clusterName": "prod", "version": "v1.33.1",
                     "bootstrap": {"configRef": {"apiGroup": "bootstrap.cluster.x-k8s.io",
                                                 "kind": "KubeadmConfigTemplate", "name": name}},
                     "infrastructureRef": {"apiGroup": "infrastructure.cluster.x-k8s.io",
                                           "kind": "OpenStackMachineTemplate", "name": template}}
    if taints:
        spec_template["taints"] = list(taints)
    return {
        "apiVersion": "cluster.x-k8s.io/v1beta2", "kind": "MachineDeployment",
        "metadata": meta(name, NS, annotations=a, labels={"cluster.x-k8s.io/cluster-name": "prod"}),
        "spec": {"clusterName": "prod", "replicas": replicas,
                 "selector": {"matchLabels": {"cluster.x-k8s.io/deployment-name": name}},
                 "template": {"metadata": {"labels": {"cluster.x-k8s.io/deployment-name": name,
                                                      "node-role.kubernetes.io/worker": ""}},
                              "spec": spec_template}},
        "status": {"replicas": replicas, "readyReplicas": replicas},
    }


def ms(name, deployment, replicas):
    return {
        "apiVersion": "cluster.x-k8s.io/v1beta2", "kind": "MachineSet",
        "metadata": meta(name, NS, ownerReferences=owner("MachineDeployment", deployment),
                         annotations={"machinedeployment.clusters.x-k8s.io/revision": "1"},
                         labels={"cluster.x-k8s.io/deployment-name": deployment,
                                 "cluster.x-k8s.io/cluster-name": "prod"}),
        "spec": {"clusterName": "prod", "replicas": replicas},
        "status": {"replicas": replicas},
    }


def machine(name, machine_set, provider_id):
    return {
        "apiVersion": "cluster.x-k8s.io/v1beta2", "kind": "Machine",
        "metadata": meta(name, NS, ownerReferences=owner("MachineSet", machine_set),
                         labels={"cluster.x-k8s.io/cluster-name": "prod"}),
        "spec": {"clusterName": "prod", "providerID": provider_id},
        "status": {"nodeRef": {"name": name}, "phase": "Running"},
    }


def template(name, capacity):
    return {
        "apiVersion": "infrastructure.cluster.x-k8s.io/v1beta1", "kind": "OpenStackMachineTemplate",
        "metadata": meta(name, NS),
        "spec": {"template": {"spec": {"flavor": name.replace("prod-", "")}}},
        "status": {"capacity": capacity},
    }


def capi_yaml():
    items = [
        {"apiVersion": "cluster.x-k8s.io/v1beta2", "kind": "Cluster", "metadata": meta("prod", NS),
         "spec": {"paused": False}},
        md("prod-md-workers", 2, (1, 10)),
        ms("prod-md-workers-6d9f8", "prod-md-workers", 2),
        machine("prod-md-workers-6d9f8-8kq2w", "prod-md-workers-6d9f8", "openstack:///0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0"),
        machine("prod-md-workers-6d9f8-tz4lm", "prod-md-workers-6d9f8", "openstack:///1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d"),
        template("prod-md-workers", {"cpu": "4", "memory": "16Gi"}),
        md("prod-md-gpu", 0, (0, 3), template="prod-gpu",
           annotations={"capacity.cluster-autoscaler.kubernetes.io/gpu-type": "nvidia.com/gpu",
                        "capacity.cluster-autoscaler.kubernetes.io/gpu-count": "1"},
           taints=[{"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"}]),
        ms("prod-md-gpu-5c7d2", "prod-md-gpu", 0),
        template("prod-gpu", {"cpu": "8", "memory": "32Gi", "ephemeral-storage": "100Gi"}),
        md("prod-md-legacy", 1, (1, 2), paused=True),
    ]
    return {"apiVersion": "v1", "kind": "List", "items": items}


def write(name, doc):
    # JSON is YAML: the files stay diffable and need no YAML library to generate
    (HERE / name).write_text(json.dumps(doc, indent=1) + "\n")


HERE.mkdir(exist_ok=True)
write("cluster.json", cluster_yaml())
write("cluster-api.json", capi_yaml())
