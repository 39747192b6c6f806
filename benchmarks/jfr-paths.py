#!/usr/bin/env python3
"""jfr-paths.py: where a scan's time goes, from a JFR recording of a JMH benchmark.

Usage:
  java -jar benchmarks/target/benchmarks.jar SteadyScan -f 1 -wi 2 -w 3s -i 3 -r 5s \\
      -prof jfr:dir=/tmp/jfr
  benchmarks/jfr-paths.py /tmp/jfr/*/profile.jfr

Reads the execution samples of JMH's worker thread (`jfr print --json --events
jdk.ExecutionSample`, whole stacks) and puts each sample taken inside Autoscaler.runOnce on one code
path of the scan: the outermost frame below runOnce that a rule below names, refined by the frames
under it for the planners. Prints the share of the samples per path; multiply by a time per scan
measured with compare.sh for milliseconds. Needs the JDK's `jfr` tool on the PATH.
"""
import collections
import json
import subprocess
import sys

# (frame prefix, path); for a frame, the first rule that matches wins
RULES = [
    ('InterruptionPolicy.', 'interruption policy'),
    ('NodeHealthPolicy.', 'node health policy'),
    ('Headroom.', 'headroom, its views, replacement accounting'),
    ('HeadroomViews.', 'headroom, its views, replacement accounting'),
    ('ReplacementAccounting.', 'headroom, its views, replacement accounting'),
    ('HeadroomPods.', 'headroom, its views, replacement accounting'),
    ('ScaleUpPlanner.noScaleUps', 'scale-up: a NoScaleUp per pod left pending'),
    ('ScaleUpPlanner.scaleUps', 'scale-up: the ScaleUp lists'),
    ('ScaleUpActions.', 'scale-up: the ScaleUp lists'),
    ('ScaleUp', 'scale-up: rounds (estimate, pack, place)'),
    ('ScaleDown', 'scale-down: other (set-up, unremovable list)'),
    ('Eligibility', 'scale-down: other (set-up, unremovable list)'),
]
# deeper frames that name the part of a planner the time went to, in this order
SCALE_UP_PARTS = [
    ('SimulatedCluster.load', 'scale-up: loading the cluster into the simulation'),
    ('GroupTemplates.build', 'scale-up: group templates'),
    ('PendingPods.select', 'scale-up: selecting pending pods'),
    ('EquivalenceClasses.of', 'scale-up: equivalence classes'),
]
SCALE_DOWN_PARTS = [
    ('RemovalSimulation.placePending', 'scale-down: removal simulation, placing pending pods'),
    ('RemovalSimulation.build', 'scale-down: removal simulation, loading nodes and pods'),
    ('RemovalSimulation.<init>', 'scale-down: removal simulation, finding pending pods'),
    ('Eligibility.check', 'scale-down: eligibility (utilisation of every node)'),
    ('DrainSteps', 'scale-down: drain steps and stale taints'),
]


def path_of(below):
    # the pod index is built by whichever planner asks first: name it, not that planner
    if any(f.startswith('ClusterSnapshot.podsByNode') for f in below):
        return 'pod index: its one pass over the pods (PodsByNode)'
    for frame in below:
        for prefix, path in RULES:
            if frame.startswith(prefix):
                if path.startswith('scale-up: rounds'):
                    parts = SCALE_UP_PARTS
                elif path.startswith('scale-down'):
                    parts = SCALE_DOWN_PARTS
                else:
                    return path
                for part, name in parts:
                    if any(f.startswith(part) for f in below):
                        return name
                return path
    return 'other'


def main(recording):
    out = subprocess.check_output(
        ['jfr', 'print', '--json', '--stack-depth', '300', '--events', 'jdk.ExecutionSample',
         recording])
    counts = collections.Counter()
    total = 0
    for event in json.loads(out)['recording']['events']:
        values = event['values']
        if 'jmh-worker' not in values['sampledThread']['javaName']:
            continue
        frames = [f['method']['type']['name'].split('/')[-1] + '.' + f['method']['name']
                  for f in values['stackTrace']['frames']][::-1]  # outermost first
        scans = [i for i, f in enumerate(frames) if f == 'Autoscaler.runOnce']
        if not scans:
            continue
        total += 1
        counts[path_of(frames[scans[-1] + 1:])] += 1
    print(f'{total} samples inside Autoscaler.runOnce')
    for path, n in sorted(counts.items(), key=lambda kv: -kv[1]):
        print(f'{100 * n / total:5.1f} %  {path}')


if __name__ == '__main__':
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
