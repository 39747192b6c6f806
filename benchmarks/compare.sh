#!/usr/bin/env bash
# compare.sh: an interleaved JMH comparison of an older commit against the current tree.
#
# Usage:
#   benchmarks/compare.sh [options] [REGEX]
#
#   REGEX                 the JMH benchmarks to run (a regular expression matched against the
#                         benchmark names, as JMH matches them); default
#                         'HomogeneousScaleUpBenchmark|SteadyScanBenchmark'
#   --old REF             the older commit (any git revision); default: the merge-base of HEAD
#                         and main (origin/main when there is no local main): what the current
#                         branch and its uncommitted changes did to the figures (on main itself:
#                         what the uncommitted changes did)
#   --new REF             compare with this commit, built like the old one, instead of the
#                         current tree
#   --rounds N            rounds (default 5); each round runs every benchmark once with the old
#                         jar and once with the new one, old first in odd rounds, new first in
#                         even rounds
#   --wi N                JMH warm-up iterations per fork (default 3)
#   --i N                 JMH measured iterations per fork (default 3)
#   --w SECONDS           time of a warm-up iteration (default 3)
#   --r SECONDS           time of a measured iteration (default 3)
#   --jmh 'ARGS'          more JMH arguments for both sides, e.g. '-p seed=7' or '-prof gc'
#                         (only the primary score goes into the table)
#   --mvn 'ARGS'          more Maven arguments for both builds, e.g. '-o' (offline)
#   --lock-wait SECONDS   how long to wait for another JMH run on the machine to end (JMH's
#                         /tmp/jmh.lock) before a run counts as failed (default 1800)
#   --rebuild             build the jars even when they are cached
#   --out DIR             where the JMH JSON files and logs go (default: a fresh directory
#                         under benchmarks/target/compare/runs/)
#   -h, --help            this text
#
# What it does:
#   1. Resolves REF to a commit and builds that commit's benchmark jar in a temporary
#      `git worktree` (removed on exit, also on failure or Ctrl-C) with
#      `./mvnw -B -q -pl benchmarks -am package -DskipTests`. `-am` builds whatever modules that
#      commit's benchmarks need, so commits with another module layout build too. Nothing is
#      installed into ~/.m2. The jar is cached as benchmarks/target/compare/<commit>.jar, so a
#      rerun against the same commit does not build it again.
#   2. Builds the current tree (with its uncommitted changes) the same way, in place, and copies
#      the jar to benchmarks/target/compare/<HEAD>.jar when the tree is clean (then cached too),
#      or to benchmarks/target/compare/worktree.jar when it is not (then always rebuilt); or,
#      with --new REF, builds that commit as it builds the old one.
#   3. Runs each benchmark that REGEX selects and both jars have, one fork per run
#      (`-f 1 -rf json -rff ...`), interleaved: round 1 old, new; round 2 new, old; ... so that
#      the load of a shared machine falls on both sides alike.
#   4. Prints per benchmark (and parameter set; a parameter only one side has, such as one a newer
#      benchmark added at its default, is left out so that the sides pair up) the median score of
#      each side over the rounds,
#      the ratio new/old of the medians, and every round's figures with their own ratio.
#
# Only compare figures from one run of this script: on a shared machine figures from another
# session are not comparable. Needs git, java, and jq or python3.
#
# Examples:
#   benchmarks/compare.sh                                  # this branch against where it left main
#   benchmarks/compare.sh --old 6683cde --new e39b00d      # the scan-time regression, as reported
#   benchmarks/compare.sh --old 6683cde --rounds 7         # the current tree against the first
#                                                          # commit with the real planner
#   benchmarks/compare.sh --old HEAD~3 'ScaleDown' --wi 1 --i 2 --w 5 --r 5
set -euo pipefail

usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; }

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
REGEX='HomogeneousScaleUpBenchmark|SteadyScanBenchmark'
OLD_REF=''
NEW_REF=''
ROUNDS=5
WI=3
ITER=3
WTIME=3
RTIME=3
JMH_EXTRA=''
MVN_EXTRA=''
REBUILD=0
OUT=''
LOCK_WAIT=1800

while [[ $# -gt 0 ]]; do
  case "$1" in
    --old) OLD_REF=$2; shift 2 ;;
    --new) NEW_REF=$2; shift 2 ;;
    --rounds) ROUNDS=$2; shift 2 ;;
    --wi) WI=$2; shift 2 ;;
    --i) ITER=$2; shift 2 ;;
    --w) WTIME=$2; shift 2 ;;
    --r) RTIME=$2; shift 2 ;;
    --jmh) JMH_EXTRA=$2; shift 2 ;;
    --mvn) MVN_EXTRA=$2; shift 2 ;;
    --lock-wait) LOCK_WAIT=$2; shift 2 ;;
    --rebuild) REBUILD=1; shift ;;
    --out) OUT=$2; shift 2 ;;
    -h | --help) usage; exit 0 ;;
    -*) echo "compare.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
    *) REGEX=$1; shift ;;
  esac
done

for n in "$ROUNDS" "$WI" "$ITER" "$WTIME" "$RTIME" "$LOCK_WAIT"; do
  [[ $n =~ ^[0-9]+$ ]] || { echo "compare.sh: '$n' is not a whole number" >&2; exit 2; }
done
[[ $ROUNDS -ge 1 ]] || { echo "compare.sh: --rounds must be at least 1" >&2; exit 2; }
if command -v jq >/dev/null; then
  JSON=jq
elif command -v python3 >/dev/null; then
  JSON=python3
else
  echo "compare.sh: needs jq or python3 to read JMH's JSON results" >&2
  exit 2
fi

cd "$ROOT"
CACHE="$ROOT/benchmarks/target/compare"
mkdir -p "$CACHE"

if [[ -z $OLD_REF ]]; then
  for main in main origin/main; do
    if git rev-parse -q --verify "$main^{commit}" >/dev/null; then
      OLD_REF=$(git merge-base HEAD "$main")
      break
    fi
  done
  [[ -n $OLD_REF ]] || { echo "compare.sh: no main or origin/main; pass --old REF" >&2; exit 2; }
fi
OLD=$(git rev-parse -q --verify "$OLD_REF^{commit}") ||
  { echo "compare.sh: --old $OLD_REF is not a commit" >&2; exit 2; }

TMP=''
WORKTREE=''
cleanup() {
  if [[ -n $WORKTREE ]]; then
    git -C "$ROOT" worktree remove --force "$WORKTREE" >/dev/null 2>&1 || true
    git -C "$ROOT" worktree prune >/dev/null 2>&1 || true
  fi
  [[ -n $TMP ]] && rm -rf "$TMP"
  return 0
}
trap cleanup EXIT
trap 'exit 130' INT TERM

build() { # build DIR LOG: the benchmark jar of the tree in DIR
  # shellcheck disable=SC2086
  (cd "$1" && ./mvnw -B -q -pl benchmarks -am package -DskipTests $MVN_EXTRA) >"$2" 2>&1 || {
    echo "compare.sh: the build in $1 failed; its log:" >&2
    tail -40 "$2" >&2
    exit 1
  }
}

commit_jar() { # commit_jar SIDE COMMIT: builds the commit's jar in a temporary worktree, cached
  local side=$1 commit=$2 jar="$CACHE/$2.jar"
  if [[ $REBUILD -eq 0 && -s $jar ]]; then
    echo "$side ${commit:0:12}: cached $jar"
    return
  fi
  TMP=$(mktemp -d "${TMPDIR:-/tmp}/skyscaler-compare.XXXXXX")
  WORKTREE="$TMP/src"
  echo "building $side ${commit:0:12} in a temporary worktree ..."
  git worktree add -q --detach "$WORKTREE" "$commit"
  build "$WORKTREE" "$TMP/build-$side.log"
  cp "$WORKTREE/benchmarks/target/benchmarks.jar" "$jar.part"
  mv "$jar.part" "$jar"
  cleanup
  WORKTREE=''
  TMP=''
}

commit_jar old "$OLD"
OLD_JAR="$CACHE/$OLD.jar"

if [[ -n $NEW_REF ]]; then
  NEW=$(git rev-parse -q --verify "$NEW_REF^{commit}") ||
    { echo "compare.sh: --new $NEW_REF is not a commit" >&2; exit 2; }
  commit_jar new "$NEW"
  NEW_LABEL="${NEW:0:12} ($(git log -1 --format=%s "$NEW" | cut -c1-70))"
  NEW_JAR="$CACHE/$NEW.jar"
else
  HEAD_COMMIT=$(git rev-parse HEAD)
  if [[ -z $(git status --porcelain) ]]; then
    NEW_LABEL="${HEAD_COMMIT:0:12} (the working tree, clean)"
    NEW_JAR="$CACHE/$HEAD_COMMIT.jar"
  else
    NEW_LABEL="${HEAD_COMMIT:0:12} + the working tree's changes"
    NEW_JAR="$CACHE/worktree.jar"
  fi
  if [[ $NEW_JAR == "$CACHE/worktree.jar" || $REBUILD -eq 1 || ! -s $NEW_JAR ]]; then
    echo "building new: $NEW_LABEL, in place ..."
    build "$ROOT" "$CACHE/build-new.log"
    cp "$ROOT/benchmarks/target/benchmarks.jar" "$NEW_JAR.part"
    mv "$NEW_JAR.part" "$NEW_JAR"
  else
    echo "new $NEW_LABEL: cached $NEW_JAR"
  fi
fi

# The benchmarks REGEX selects in the new jar; those the old jar lacks are skipped.
list() { java -jar "$1" -l 2>/dev/null | grep -E '^[a-zA-Z_$][a-zA-Z0-9_$.]*$' || true; }
mapfile -t NEW_LIST < <(list "$NEW_JAR" | grep -E -- "$REGEX" || true)
OLD_ALL=$(list "$OLD_JAR")
BENCHES=()
for b in "${NEW_LIST[@]}"; do
  if grep -qxF -- "$b" <<<"$OLD_ALL"; then BENCHES+=("$b"); else echo "skipped (not in old): $b"; fi
done
[[ ${#BENCHES[@]} -gt 0 ]] || { echo "compare.sh: no benchmark matches '$REGEX' in both jars" >&2; exit 1; }

[[ -n $OUT ]] || OUT="$CACHE/runs/$(date +%Y%m%d-%H%M%S)"
mkdir -p "$OUT"
echo "old: ${OLD:0:12} ($(git log -1 --format=%s "$OLD" | cut -c1-70))"
echo "new: $NEW_LABEL"
echo "benchmarks: ${BENCHES[*]##*.benchmarks.}"
echo "rounds $ROUNDS; per fork: -wi $WI -w ${WTIME}s -i $ITER -r ${RTIME}s $JMH_EXTRA"
echo "machine: $(nproc) CPUs; load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "results: $OUT"

run() { # run SIDE JAR BENCH ROUND
  local side=$1 jar=$2 bench=$3 round=$4 short=${3##*.benchmarks.}
  local json="$OUT/$side-$short-$round.json" log="$OUT/$side-$short-$round.log"
  local waited=0
  while true; do
    # shellcheck disable=SC2086
    java -jar "$jar" "^${bench//./\\.}\$" -f 1 -wi "$WI" -w "${WTIME}s" -i "$ITER" -r "${RTIME}s" \
      $JMH_EXTRA -rf json -rff "$json" >"$log" 2>&1 && break
    # another JMH run on this machine holds /tmp/jmh.lock: wait for it rather than share the cores
    if grep -q 'Unable to acquire the JMH lock' "$log" && ((waited < LOCK_WAIT)); then
      ((waited == 0)) && echo "  waiting for another JMH run to finish (at most ${LOCK_WAIT}s) ..."
      sleep 5
      waited=$((waited + 5))
      continue
    fi
    echo "  $side $short round $round failed (see $log)" >&2
    break
  done
  scores "$json" | while IFS=$'\t' read -r key score; do
    printf '%s\t%s\t%s\t%s\n' "$key" "$round" "$side" "$score" >>"$OUT/scores.tsv"
    printf '  round %d %-3s %-45s %10.3f\n' "$round" "$side" "$key" "$score"
  done
}

scores() { # scores JSON: "benchmark[params]<TAB>score" per result
  [[ -s $1 ]] || return 0
  if [[ $JSON == jq ]]; then
    jq -r '.[] | [(.benchmark | sub(".*\\.benchmarks\\."; ""))
        + (if (.params // {}) == {} then "" else
             " [" + ([.params | to_entries[] | "\(.key)=\(.value)"] | join(",")) + "]" end),
        (.primaryMetric.score | tostring)] | @tsv' "$1"
  else
    python3 - "$1" <<'PY'
import json, sys
for r in json.load(open(sys.argv[1])):
    key = r["benchmark"].split(".benchmarks.")[-1]
    if r.get("params"):
        key += " [" + ",".join(f"{k}={v}" for k, v in r["params"].items()) + "]"
    print(f"{key}\t{r['primaryMetric']['score']}")
PY
  fi
}

: >"$OUT/scores.tsv"
UNIT=''
for ((round = 1; round <= ROUNDS; round++)); do
  for bench in "${BENCHES[@]}"; do
    if ((round % 2 == 1)); then
      run old "$OLD_JAR" "$bench" "$round"
      run new "$NEW_JAR" "$bench" "$round"
    else
      run new "$NEW_JAR" "$bench" "$round"
      run old "$OLD_JAR" "$bench" "$round"
    fi
  done
done
UNIT=$(cat "$OUT"/*.json 2>/dev/null | grep -m1 -o '"scoreUnit" : "[^"]*"' | cut -d'"' -f4 || true)

# A parameter only one side has (one the newer benchmark added, at its default) is left out of the
# keys, so that the two sides' results still pair up.
awk -F'\t' -v OFS='\t' '
  function split_key(k, parts,   p) { # the benchmark into bench, its params into parts
    bench = k; sub(/ \[.*/, "", bench); p = k
    if (!sub(/^[^[]*\[/, "", p)) p = ""; else sub(/\]$/, "", p)
    return split(p, parts, ",")
  }
  NR == FNR { n = split_key($1, kv); for (i = 1; i <= n; i++) { split(kv[i], a, "="); seen[bench, $3, a[1]] = 1 }; next }
  { n = split_key($1, kv); ps = ""
    for (i = 1; i <= n; i++) { split(kv[i], a, "=")
      if (((bench, "old", a[1]) in seen) && ((bench, "new", a[1]) in seen)) ps = ps (ps == "" ? "" : ",") kv[i] }
    $1 = bench (ps == "" ? "" : " [" ps "]"); print }' "$OUT/scores.tsv" "$OUT/scores.tsv" >"$OUT/scores.paired.tsv"
mv "$OUT/scores.paired.tsv" "$OUT/scores.tsv"

echo
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "old ${OLD:0:12} vs new $NEW_LABEL, $ROUNDS rounds interleaved, scores in ${UNIT:-JMH units}:"
sort -t$'\t' -k1,1 -k2,2n "$OUT/scores.tsv" | awk -F'\t' '
  function median(a, n,   i, j, t) {
    for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j-1] > a[j]; j--) { t = a[j]; a[j] = a[j-1]; a[j-1] = t }
    return n % 2 ? a[(n+1)/2] : (a[n/2] + a[n/2+1]) / 2
  }
  function flush(   m_old, m_new, r) {
    if (key == "") return
    m_old = no ? median(olds, no) : 0; m_new = nn ? median(news, nn) : 0
    printf "\n%s\n", key
    printf "  %-8s %10s %10s %9s\n", "", "old", "new", "new/old"
    printf "  %-8s %10.3f %10.3f %9s\n", "median", m_old, m_new, (m_old > 0 ? sprintf("%.3f", m_new / m_old) : "-")
    for (r = 1; r <= maxr; r++)
      if ((r in o) || (r in n))
        printf "  round %-2d %10s %10s %9s\n", r, (r in o) ? sprintf("%.3f", o[r]) : "-",
          (r in n) ? sprintf("%.3f", n[r]) : "-", (((r in o) && (r in n) && o[r] > 0) ? sprintf("%.3f", n[r] / o[r]) : "-")
  }
  $1 != key { flush(); key = $1; no = nn = maxr = 0; delete o; delete n; delete olds; delete news }
  { if ($3 == "old") { o[$2] = $4; olds[++no] = $4 } else { n[$2] = $4; news[++nn] = $4 }
    if ($2 > maxr) maxr = $2 }
  END { flush() }' | tee "$OUT/summary.txt"
