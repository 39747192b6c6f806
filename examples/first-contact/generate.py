#!/usr/bin/env python3
"""Writes snapshot.yaml: the first-contact example, as `kubectl get nodes,pods,pdb,daemonsets -A -o yaml`
would print it.

The situation: an EKS cluster with one managed node group ("general", m5.large nodes with prefix
delegation, so max-pods is 110) of two nodes. A Deployment "nginx" was scaled to 300 replicas with no
resource requests. Requests do not bind here; the pod count does: each node already runs four DaemonSet
pods and one CoreDNS replica, so 105 nginx pods fit per node and the other 90 are Pending,
Unschedulable, "0/2 nodes are available: 2 Too many pods."

Python 3 standard library only. Deterministic: the same script writes the same bytes.
Run:  python3 examples/first-contact/generate.py
"""

import hashlib
import pathlib
import random
import re

REGION = "eu-west-1"
ACCOUNT_ECR = "602401143452.dkr.ecr.eu-west-1.amazonaws.com"
NODEGROUP = "general"
NODEGROUP_IMAGE = "ami-0b8e0c1a5d2f7e9c4"
LAUNCH_TEMPLATE = "lt-0d4c2e8a1b7f3e690"
MAX_PODS = 110
REPLICAS = 300
NODE_CREATED = "2025-06-02T08:11:42Z"
SCALED_AT = "2025-06-02T09:30:05Z"
RS_HASH = "7c5ddbdf54"
COREDNS_HASH = "787cb67946"

NODES = [
    {"name": "ip-10-0-17-23.eu-west-1.compute.internal", "ip": "10.0.17.23", "zone": "eu-west-1a",
     "zone_id": "euw1-az3", "instance": "i-0a1b2c3d4e5f60718", "pod_net": "10.0.18."},
    {"name": "ip-10-0-41-184.eu-west-1.compute.internal", "ip": "10.0.41.184", "zone": "eu-west-1b",
     "zone_id": "euw1-az1", "instance": "i-0f9e8d7c6b5a40321", "pod_net": "10.0.42."},
]

rng = random.Random(20250602)
NAME_CHARS = "bcdfghjklmnpqrstvwxz2456789"  # what Kubernetes uses for generated name suffixes


def suffix(n=5):
    return "".join(rng.choice(NAME_CHARS) for _ in range(n))


def uid(seed):
    h = hashlib.sha1(seed.encode()).hexdigest()
    return f"{h[0:8]}-{h[8:12]}-4{h[13:16]}-a{h[17:20]}-{h[20:32]}"


def hexid(seed, n=64):
    return (hashlib.sha256(seed.encode()).hexdigest() * 2)[:n]


resource_version = [41230]


def rv():
    resource_version[0] += 7
    return str(resource_version[0])


def at(base, seconds):
    """base + seconds, for timestamps like 2025-06-02T09:30:05Z (same day, no rollover needed)."""
    h, m, s = (int(x) for x in base[11:19].split(":"))
    total = h * 3600 + m * 60 + s + seconds
    return f"{base[:11]}{total // 3600:02d}:{total % 3600 // 60:02d}:{total % 60:02d}Z"


# ---------------------------------------------------------------- objects

def node(n):
    zone = n["zone"]
    return {
        "apiVersion": "v1",
        "kind": "Node",
        "metadata": {
            "annotations": {
                "alpha.kubernetes.io/provided-node-ip": n["ip"],
                "node.alpha.kubernetes.io/ttl": "0",
                "volumes.kubernetes.io/controller-managed-attach-detach": "true",
            },
            "creationTimestamp": NODE_CREATED,
            "labels": {
                "beta.kubernetes.io/arch": "amd64",
                "beta.kubernetes.io/instance-type": "m5.large",
                "beta.kubernetes.io/os": "linux",
                "eks.amazonaws.com/capacityType": "ON_DEMAND",
                "eks.amazonaws.com/nodegroup": NODEGROUP,
                "eks.amazonaws.com/nodegroup-image": NODEGROUP_IMAGE,
                "eks.amazonaws.com/sourceLaunchTemplateId": LAUNCH_TEMPLATE,
                "eks.amazonaws.com/sourceLaunchTemplateVersion": "1",
                "failure-domain.beta.kubernetes.io/region": REGION,
                "failure-domain.beta.kubernetes.io/zone": zone,
                "k8s.io/cloud-provider-aws": "5e0b2c4cb5f1a4f3e4f6d1e3a9b6c2d1",
                "kubernetes.io/arch": "amd64",
                "kubernetes.io/hostname": n["name"],
                "kubernetes.io/os": "linux",
                "node.kubernetes.io/instance-type": "m5.large",
                "topology.ebs.csi.aws.com/zone": zone,
                "topology.k8s.aws/zone-id": n["zone_id"],
                "topology.kubernetes.io/region": REGION,
                "topology.kubernetes.io/zone": zone,
            },
            "name": n["name"],
            "resourceVersion": rv(),
            "uid": uid(n["name"]),
        },
        "spec": {"providerID": f"aws:///{zone}/{n['instance']}"},
        "status": {
            "addresses": [
                {"address": n["ip"], "type": "InternalIP"},
                {"address": n["name"], "type": "InternalDNS"},
                {"address": n["name"], "type": "Hostname"},
            ],
            "allocatable": {
                "cpu": "1930m",
                "ephemeral-storage": "18242267924",
                "hugepages-1Gi": "0",
                "hugepages-2Mi": "0",
                "memory": "7220516Ki",
                "pods": str(MAX_PODS),
            },
            "capacity": {
                "cpu": "2",
                "ephemeral-storage": "20959212Ki",
                "hugepages-1Gi": "0",
                "hugepages-2Mi": "0",
                "memory": "7910692Ki",
                "pods": str(MAX_PODS),
            },
            "conditions": [
                condition("MemoryPressure", "False", "KubeletHasSufficientMemory",
                          "kubelet has sufficient memory available"),
                condition("DiskPressure", "False", "KubeletHasNoDiskPressure",
                          "kubelet has no disk pressure"),
                condition("PIDPressure", "False", "KubeletHasSufficientPID",
                          "kubelet has sufficient PID available"),
                condition("Ready", "True", "KubeletReady", "kubelet is posting ready status"),
            ],
            "daemonEndpoints": {"kubeletEndpoint": {"Port": 10250}},
            "nodeInfo": {
                "architecture": "amd64",
                "bootID": uid("boot" + n["name"]),
                "containerRuntimeVersion": "containerd://1.7.22",
                "kernelVersion": "6.1.109-118.189.amzn2023.x86_64",
                "kubeProxyVersion": "v1.30.4-eks-a737599",
                "kubeletVersion": "v1.30.4-eks-a737599",
                "machineID": hexid("machine" + n["name"], 32),
                "operatingSystem": "linux",
                "osImage": "Amazon Linux 2023.5.20240916",
                "systemUUID": "ec2" + hexid("sys" + n["name"], 5) + "-" + hexid("u" + n["name"], 4)
                + "-" + hexid("v" + n["name"], 4) + "-" + hexid("w" + n["name"], 4) + "-"
                + hexid("x" + n["name"], 12),
            },
        },
    }


def condition(kind, status, reason, message):
    return {
        "lastHeartbeatTime": "2025-06-02T09:29:51Z",
        "lastTransitionTime": at(NODE_CREATED, 28),
        "message": message,
        "reason": reason,
        "status": status,
        "type": kind,
    }


def api_access_volume(name):
    return {
        "name": name,
        "projected": {
            "defaultMode": 420,
            "sources": [
                {"serviceAccountToken": {"expirationSeconds": 3607, "path": "token"}},
                {"configMap": {"items": [{"key": "ca.crt", "path": "ca.crt"}],
                               "name": "kube-root-ca.crt"}},
                {"downwardAPI": {"items": [{"fieldRef": {"apiVersion": "v1",
                                                         "fieldPath": "metadata.namespace"},
                                            "path": "namespace"}]}},
            ],
        },
    }


def api_access_mount(name):
    return {"mountPath": "/var/run/secrets/kubernetes.io/serviceaccount", "name": name,
            "readOnly": True}


DEFAULT_TOLERATIONS = [
    {"effect": "NoExecute", "key": "node.kubernetes.io/not-ready", "operator": "Exists",
     "tolerationSeconds": 300},
    {"effect": "NoExecute", "key": "node.kubernetes.io/unreachable", "operator": "Exists",
     "tolerationSeconds": 300},
]

# What the DaemonSet controller adds to every DaemonSet pod.
DAEMON_TOLERATIONS = [
    {"effect": "NoExecute", "key": "node.kubernetes.io/not-ready", "operator": "Exists"},
    {"effect": "NoExecute", "key": "node.kubernetes.io/unreachable", "operator": "Exists"},
    {"effect": "NoSchedule", "key": "node.kubernetes.io/disk-pressure", "operator": "Exists"},
    {"effect": "NoSchedule", "key": "node.kubernetes.io/memory-pressure", "operator": "Exists"},
    {"effect": "NoSchedule", "key": "node.kubernetes.io/pid-pressure", "operator": "Exists"},
    {"effect": "NoSchedule", "key": "node.kubernetes.io/unschedulable", "operator": "Exists"},
    {"effect": "NoSchedule", "key": "node.kubernetes.io/network-unavailable", "operator": "Exists"},
]

LINUX_AMD64_NOT_FARGATE = {
    "nodeSelectorTerms": [{"matchExpressions": [
        {"key": "kubernetes.io/os", "operator": "In", "values": ["linux"]},
        {"key": "kubernetes.io/arch", "operator": "In", "values": ["amd64", "arm64"]},
        {"key": "eks.amazonaws.com/compute-type", "operator": "NotIn",
         "values": ["fargate", "hybrid", "auto"]},
    ]}]
}

# name, image, requests per container, hostNetwork, priority class
DAEMONSETS = [
    ("aws-node", [("aws-node", f"{ACCOUNT_ECR}/amazon-k8s-cni:v1.18.3-eksbuild.3", {"cpu": "25m"}),
                  ("aws-eks-nodeagent", f"{ACCOUNT_ECR}/amazon/aws-network-policy-agent:v1.1.2-eksbuild.3",
                   {"cpu": "25m"})],
     True, "k8s-app", "aws-node"),
    ("kube-proxy", [("kube-proxy", f"{ACCOUNT_ECR}/eks/kube-proxy:v1.30.3-minimal-eksbuild.5",
                     {"cpu": "100m"})],
     True, "k8s-app", "kube-proxy"),
    ("ebs-csi-node", [("ebs-plugin", f"{ACCOUNT_ECR}/eks/aws-ebs-csi-driver:v1.35.0",
                       {"cpu": "10m", "memory": "40Mi"}),
                      ("node-driver-registrar",
                       f"{ACCOUNT_ECR}/eks/csi-node-driver-registrar:v2.11.1-eks-1-31-3",
                       {"cpu": "10m", "memory": "40Mi"}),
                      ("liveness-probe", f"{ACCOUNT_ECR}/eks/livenessprobe:v2.13.1-eks-1-31-3",
                       {"cpu": "10m", "memory": "40Mi"})],
     False, "app", "ebs-csi-node"),
    ("eks-pod-identity-agent", [("eks-pod-identity-agent",
                                 f"{ACCOUNT_ECR}/eks/eks-pod-identity-agent:0.1.10",
                                 {"cpu": "25m", "memory": "32Mi"})],
     True, "app.kubernetes.io/name", "eks-pod-identity-agent"),
]


def ds_pod_spec(containers, host_network, node_name=None):
    affinity = {"nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution":
                                 LINUX_AMD64_NOT_FARGATE}}
    if node_name:
        # The DaemonSet controller pins each pod to its node with a matchFields term.
        affinity = {"nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": {
            "nodeSelectorTerms": [{"matchFields": [
                {"key": "metadata.name", "operator": "In", "values": [node_name]}]}]}}}
    spec = {
        "affinity": affinity,
        "containers": [
            {"image": image, "imagePullPolicy": "IfNotPresent", "name": cname,
             "resources": {"requests": requests},
             "terminationMessagePath": "/dev/termination-log",
             "terminationMessagePolicy": "File"}
            for cname, image, requests in containers
        ],
        "dnsPolicy": "ClusterFirst",
        "priorityClassName": "system-node-critical",
        "restartPolicy": "Always",
        "schedulerName": "default-scheduler",
        "securityContext": {},
        "terminationGracePeriodSeconds": 30,
        "tolerations": [{"operator": "Exists"}],
    }
    if host_network:
        spec["hostNetwork"] = True
    return spec


def daemonset(name, containers, host_network, label_key, label_value):
    selector = {label_key: label_value}
    return {
        "apiVersion": "apps/v1",
        "kind": "DaemonSet",
        "metadata": {
            "annotations": {"deprecated.daemonset.template.generation": "1"},
            "creationTimestamp": "2025-05-28T14:02:11Z",
            "generation": 1,
            "labels": dict(selector),
            "name": name,
            "namespace": "kube-system",
            "resourceVersion": rv(),
            "uid": uid("ds" + name),
        },
        "spec": {
            "revisionHistoryLimit": 10,
            "selector": {"matchLabels": dict(selector)},
            "template": {"metadata": {"labels": dict(selector)},
                         "spec": ds_pod_spec(containers, host_network)},
            "updateStrategy": {"rollingUpdate": {"maxSurge": 0, "maxUnavailable": "10%"},
                               "type": "RollingUpdate"},
        },
        "status": {
            "currentNumberScheduled": len(NODES), "desiredNumberScheduled": len(NODES),
            "numberAvailable": len(NODES), "numberMisscheduled": 0, "numberReady": len(NODES),
            "observedGeneration": 1, "updatedNumberScheduled": len(NODES),
        },
    }


def pod(namespace, name, generate_name, labels, owner_kind, owner_name, spec, status, created):
    return {
        "apiVersion": "v1",
        "kind": "Pod",
        "metadata": {
            "creationTimestamp": created,
            "generateName": generate_name,
            "labels": labels,
            "name": name,
            "namespace": namespace,
            "ownerReferences": [{
                "apiVersion": "apps/v1", "blockOwnerDeletion": True, "controller": True,
                "kind": owner_kind, "name": owner_name, "uid": uid(owner_kind + owner_name),
            }],
            "resourceVersion": rv(),
            "uid": uid(namespace + "/" + name),
        },
        "spec": spec,
        "status": status,
    }


def running_status(n, pod_ip, containers, started):
    return {
        "conditions": [
            {"lastProbeTime": None, "lastTransitionTime": at(started, 2), "status": "True",
             "type": t}
            for t in ("PodReadyToStartContainers", "Initialized", "Ready", "ContainersReady",
                      "PodScheduled")
        ],
        "containerStatuses": [
            {"containerID": "containerd://" + hexid(pod_ip + cname + started),
             "image": image, "imageID": image.split(":")[0] + "@sha256:" + hexid(image),
             "lastState": {}, "name": cname, "ready": True, "restartCount": 0, "started": True,
             "state": {"running": {"startedAt": at(started, 2)}}}
            for cname, image in containers
        ],
        "hostIP": n["ip"],
        "hostIPs": [{"ip": n["ip"]}],
        "phase": "Running",
        "podIP": pod_ip,
        "podIPs": [{"ip": pod_ip}],
        "qosClass": "BestEffort",
        "startTime": started,
    }


def daemon_pods(n, pod_ips):
    pods = []
    for name, containers, host_network, label_key, label_value in DAEMONSETS:
        spec = ds_pod_spec(containers, host_network, n["name"])
        spec["nodeName"] = n["name"]
        spec["preemptionPolicy"] = "PreemptLowerPriority"
        spec["priority"] = 2000001000
        spec["serviceAccount"] = name
        spec["serviceAccountName"] = name
        spec["tolerations"] = [{"operator": "Exists"}] + DAEMON_TOLERATIONS
        ip = n["ip"] if host_network else next(pod_ips)
        status = running_status(n, ip, [(c, i) for c, i, _ in containers], at(NODE_CREATED, 9))
        status["qosClass"] = "Burstable"
        pods.append(pod("kube-system", f"{name}-{suffix()}", f"{name}-",
                        {label_key: label_value, "controller-revision-hash": hexid(name, 10),
                         "pod-template-generation": "1"},
                        "DaemonSet", name, spec, status, at(NODE_CREATED, 5)))
    return pods


def coredns_pod(n, pod_ip):
    volume = f"kube-api-access-{suffix()}"
    spec = {
        "affinity": {"podAntiAffinity": {"preferredDuringSchedulingIgnoredDuringExecution": [{
            "podAffinityTerm": {"labelSelector": {"matchExpressions": [
                {"key": "k8s-app", "operator": "In", "values": ["kube-dns"]}]},
                "topologyKey": "kubernetes.io/hostname"},
            "weight": 100}]}},
        "containers": [{
            "args": ["-conf", "/etc/coredns/Corefile"],
            "image": f"{ACCOUNT_ECR}/eks/coredns:v1.11.3-eksbuild.1",
            "imagePullPolicy": "IfNotPresent",
            "name": "coredns",
            "ports": [{"containerPort": 53, "name": "dns", "protocol": "UDP"},
                      {"containerPort": 53, "name": "dns-tcp", "protocol": "TCP"},
                      {"containerPort": 9153, "name": "metrics", "protocol": "TCP"}],
            "resources": {"limits": {"memory": "170Mi"},
                          "requests": {"cpu": "100m", "memory": "70Mi"}},
            "terminationMessagePath": "/dev/termination-log",
            "terminationMessagePolicy": "File",
            "volumeMounts": [{"mountPath": "/etc/coredns", "name": "config-volume",
                              "readOnly": True}, api_access_mount(volume)],
        }],
        "dnsPolicy": "Default",
        "enableServiceLinks": True,
        "nodeName": n["name"],
        "preemptionPolicy": "PreemptLowerPriority",
        "priority": 2000000000,
        "priorityClassName": "system-cluster-critical",
        "restartPolicy": "Always",
        "schedulerName": "default-scheduler",
        "securityContext": {},
        "serviceAccount": "coredns",
        "serviceAccountName": "coredns",
        "terminationGracePeriodSeconds": 30,
        "tolerations": [{"effect": "NoSchedule", "key": "node-role.kubernetes.io/control-plane"},
                        {"key": "CriticalAddonsOnly", "operator": "Exists"}]
        + DEFAULT_TOLERATIONS,
        "volumes": [{"configMap": {"defaultMode": 420,
                                   "items": [{"key": "Corefile", "path": "Corefile"}],
                                   "name": "coredns"},
                     "name": "config-volume"}, api_access_volume(volume)],
    }
    image = f"{ACCOUNT_ECR}/eks/coredns:v1.11.3-eksbuild.1"
    status = running_status(n, pod_ip, [("coredns", image)], at(NODE_CREATED, 31))
    status["qosClass"] = "Burstable"
    return pod("kube-system", f"coredns-{COREDNS_HASH}-{suffix()}", f"coredns-{COREDNS_HASH}-",
               {"eks.amazonaws.com/component": "coredns", "k8s-app": "kube-dns",
                "pod-template-hash": COREDNS_HASH},
               "ReplicaSet", f"coredns-{COREDNS_HASH}", spec, status, at(NODE_CREATED, 20))


def nginx_pod(index, n, pod_ip):
    volume = f"kube-api-access-{suffix()}"
    created = at(SCALED_AT, index // 75)
    spec = {
        "containers": [{
            "image": "nginx:1.27",
            "imagePullPolicy": "IfNotPresent",
            "name": "nginx",
            "ports": [{"containerPort": 80, "protocol": "TCP"}],
            "resources": {},
            "terminationMessagePath": "/dev/termination-log",
            "terminationMessagePolicy": "File",
            "volumeMounts": [api_access_mount(volume)],
        }],
        "dnsPolicy": "ClusterFirst",
        "enableServiceLinks": True,
        "preemptionPolicy": "PreemptLowerPriority",
        "priority": 0,
        "restartPolicy": "Always",
        "schedulerName": "default-scheduler",
        "securityContext": {},
        "serviceAccount": "default",
        "serviceAccountName": "default",
        "terminationGracePeriodSeconds": 30,
        "tolerations": DEFAULT_TOLERATIONS,
        "volumes": [api_access_volume(volume)],
    }
    if n is not None:
        spec["nodeName"] = n["name"]
        status = running_status(n, pod_ip, [("nginx", "docker.io/library/nginx:1.27")],
                                at(created, 1))
    else:
        status = {
            "conditions": [{
                "lastProbeTime": None,
                "lastTransitionTime": created,
                "message": "0/2 nodes are available: 2 Too many pods. preemption: 0/2 nodes are"
                           " available: 2 No preemption victims found for incoming pod.",
                "reason": "Unschedulable",
                "status": "False",
                "type": "PodScheduled",
            }],
            "phase": "Pending",
            "qosClass": "BestEffort",
        }
    return pod("default", f"nginx-{RS_HASH}-{suffix()}", f"nginx-{RS_HASH}-",
               {"app": "nginx", "pod-template-hash": RS_HASH},
               "ReplicaSet", f"nginx-{RS_HASH}", spec, status, created)


def coredns_pdb():
    return {
        "apiVersion": "policy/v1",
        "kind": "PodDisruptionBudget",
        "metadata": {
            "creationTimestamp": "2025-05-28T14:02:13Z",
            "generation": 1,
            "labels": {"eks.amazonaws.com/component": "coredns", "k8s-app": "kube-dns"},
            "name": "coredns",
            "namespace": "kube-system",
            "resourceVersion": rv(),
            "uid": uid("pdb-coredns"),
        },
        "spec": {"maxUnavailable": 1,
                 "selector": {"matchLabels": {"eks.amazonaws.com/component": "coredns",
                                              "k8s-app": "kube-dns"}}},
        "status": {
            "conditions": [{"lastTransitionTime": at(NODE_CREATED, 40),
                            "message": "", "observedGeneration": 1,
                            "reason": "SufficientPods", "status": "True",
                            "type": "DisruptionAllowed"}],
            "currentHealthy": 2, "desiredHealthy": 1, "disruptionsAllowed": 1,
            "expectedPods": 2, "observedGeneration": 1,
        },
    }


def snapshot():
    nodes = [node(n) for n in NODES]
    pods = []
    nginx_slots = []
    for n in NODES:
        ips = (n["pod_net"] + str(i) for i in range(16, 250))
        pods += daemon_pods(n, ips)
        pods.append(coredns_pod(n, next(ips)))
        free = MAX_PODS - len(DAEMONSETS) - 1
        nginx_slots += [(n, next(ips)) for _ in range(free)]
    for i in range(REPLICAS):
        n, ip = nginx_slots[i] if i < len(nginx_slots) else (None, None)
        pods.append(nginx_pod(i, n, ip))
    daemonsets = [daemonset(*d) for d in DAEMONSETS]
    # kubectl prints the kinds in the order asked for: nodes, pods, pdb, daemonsets.
    return {"apiVersion": "v1", "items": nodes + pods + [coredns_pdb()] + daemonsets,
            "kind": "List", "metadata": {"resourceVersion": ""}}


# ---------------------------------------------------------------- YAML, the way kubectl writes it

PLAIN = re.compile(r"^(?:[A-Za-z0-9/._]|-(?=[^ ]))[A-Za-z0-9/._\-@+=()~ ,:%]*$")
NOT_A_STRING = re.compile(
    r"^(?:[-+]?(?:\d[\d_]*)?\.?\d+(?:[eE][-+]?\d+)?|0x[0-9a-fA-F]+|0o?[0-7]+|"
    r"true|false|True|False|TRUE|FALSE|yes|no|Yes|No|YES|NO|on|off|On|Off|ON|OFF|y|n|Y|N|"
    r"null|Null|NULL|~|\.inf|\.nan|-\.inf|\d{4}-\d{2}-\d{2}.*)$")


def scalar(v):
    if v is None:
        return "null"
    if v is True:
        return "true"
    if v is False:
        return "false"
    if isinstance(v, int):
        return str(v)
    if v == "" or NOT_A_STRING.match(v):
        return '"' + v + '"'
    if PLAIN.match(v) and not v.endswith((" ", ":")) and ": " not in v:
        return v
    return "'" + v.replace("'", "''") + "'"


def emit(value, indent, out):
    pad = " " * indent
    if isinstance(value, dict):
        for key, v in sorted(value.items()):
            if isinstance(v, dict) and v:
                out.append(f"{pad}{key}:")
                emit(v, indent + 2, out)
            elif isinstance(v, list) and v:
                out.append(f"{pad}{key}:")
                emit(v, indent, out)  # kubectl does not indent list items under their key
            else:
                out.append(f"{pad}{key}: {empty_or_scalar(v)}")
    else:
        for item in value:
            if isinstance(item, dict) and item:
                lines = []
                emit(item, indent + 2, lines)
                out.append(pad + "- " + lines[0][indent + 2:])
                out.extend(lines[1:])
            elif isinstance(item, list) and item:
                raise ValueError("nested lists are not used in Kubernetes objects")
            else:
                out.append(f"{pad}- {empty_or_scalar(item)}")


def empty_or_scalar(v):
    if isinstance(v, dict):
        return "{}"
    if isinstance(v, list):
        return "[]"
    return scalar(v)


def main():
    here = pathlib.Path(__file__).resolve().parent
    lines = []
    emit(snapshot(), 0, lines)
    (here / "snapshot.yaml").write_text("\n".join(lines) + "\n")
    print(f"wrote {here / 'snapshot.yaml'} ({len(lines)} lines)")


if __name__ == "__main__":
    main()
