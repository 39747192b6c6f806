#!/bin/sh
# timed-java.sh: a `java` for JMH forks that records each fork's CPU time, which the load of a
# shared machine stretches far less than its wall time. Give it to JMH as the fork's JVM, e.g.
#
#   benchmarks/compare.sh --old REF --jmh "-p read=list -jvm $PWD/benchmarks/timed-java.sh" LiveRead
#
# and read one line per fork from $TIMED_JAVA_LOG (default /tmp/timed-java.log): user and system
# CPU seconds, wall seconds, and the fork's jar (compare.sh names the old side's jar by its commit).
# The real java is $JAVA_HOME/bin/java, else the one on the PATH. Needs GNU time (/usr/bin/time).
log=${TIMED_JAVA_LOG:-/tmp/timed-java.log}
java=${JAVA_HOME:+$JAVA_HOME/bin/}java
out=$(mktemp)
/usr/bin/time -f "%U %S %e" -o "$out" "$java" "$@"
rc=$?
jar=$(printf '%s\n' "$@" | grep -m1 '\.jar' | xargs -r basename)
printf '%s %s\n' "$(tail -1 "$out")" "$jar" >>"$log"
rm -f "$out"
exit $rc
