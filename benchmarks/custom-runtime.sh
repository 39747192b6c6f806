#!/usr/bin/env bash
# The optional custom-runtime package of the AWS functions (ADR 0057, docs/performance.md): the
# Lambda zip's classes and its one dependency jar, a JRE trimmed with jlink to the modules jdeps
# finds, and a class-data sharing archive (JDK 17: -XX:ArchiveClassesAtExit; JDK 25: an AOT cache,
# -XX:AOTCacheOutput) written by a training run: the package's own bootstrap, with the archive's
# output flag, answering one scheduled event (one scan of the cold-start cluster on moto and a mock
# API server) through a local Lambda Runtime API, then stopped. The Lambda Runtime Interface Client
# (RIC, with its native part for x86-64 and arm64) is in lib/: the zip runs as a provided.al2023
# function (ADR 0059).
#
#   benchmarks/custom-runtime.sh [JDK_HOME]     (default: the JDK that runs ./mvnw)
#
# Needs the Lambda zip and the RIC (./mvnw -B -pl functions-aws -am package -DskipTests: target/ric/)
# and moto_server on the PATH ($HOME/.pyenv/shims). Writes functions-aws/target/custom-runtime-<JDK
# feature>/ (the layout), functions-aws/target/skyscaler-aws-custom-runtime-<JDK feature>.zip and
# its SAM template, functions-aws/target/template-custom-runtime-<JDK feature>.yaml.
# Slow (a jlink and a training run): not part of the build. The JRE is the building machine's
# architecture: an x86-64 JDK makes an x86_64 function, not the template's arm64.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
JDK=${1:-${JAVA_HOME:-$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")}}
ZIP=$ROOT/functions-aws/target/skyscaler-aws-lambda.zip
RIC=$ROOT/functions-aws/target/ric
[ -f "$ZIP" ] || { echo "$ZIP: build it first: ./mvnw -B -pl functions-aws -am package -DskipTests" >&2; exit 1; }
ls "$RIC"/aws-lambda-java-runtime-interface-client-*.jar >/dev/null 2>&1 ||
  { echo "$RIC: no Runtime Interface Client; build it first: ./mvnw -B -pl functions-aws -am package -DskipTests" >&2; exit 1; }
[ -x "$JDK/bin/jlink" ] || { echo "$JDK: no jlink there; give a JDK's home" >&2; exit 1; }
FEATURE=$("$JDK/bin/java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p')
OUT=$ROOT/functions-aws/target/custom-runtime-$FEATURE
PACKAGE=$ROOT/functions-aws/target/skyscaler-aws-custom-runtime-$FEATURE.zip

rm -rf "$OUT" && mkdir -p "$OUT/lib"
WORK=$(mktemp -d) && trap 'rm -rf "$WORK"' EXIT
unzip -q "$ZIP" -d "$WORK/zip"
# class-data sharing archives classes from jars only: the zip's root classes become one jar
(cd "$WORK/zip" && "$JDK/bin/jar" --create --file "$OUT/lib/skyscaler-aws-functions.jar" --no-compress \
  $(ls | grep -v '^lib$'))
cp "$WORK/zip"/lib/*.jar "$RIC"/*.jar "$OUT/lib/"

# the modules the jars use, plus the TLS curves, DNS and zip file system the JDK loads by name, and
# java.management, which the cold-start measurement's child reads its JVM's start time from; no
# jdk.localedata (java.base has the root and English locales the functions format with)
MODULES=$("$JDK/bin/jdeps" --print-module-deps --ignore-missing-deps --multi-release "$FEATURE" \
  -q "$OUT"/lib/*.jar)
MODULES="$MODULES,jdk.crypto.ec,jdk.naming.dns,jdk.zipfs,java.management"
MODULES=$(echo "$MODULES" | tr ',' '\n' | sort -u | paste -sd, -)
COMPRESS=--compress=zip-6
[ "$FEATURE" -lt 21 ] && COMPRESS=--compress=2
"$JDK/bin/jlink" --add-modules "$MODULES" --strip-debug --no-header-files --no-man-pages \
  $COMPRESS --generate-cds-archive --output "$OUT/jre"

# the class path, fixed now (the runtime's image need not have ls, sort or paste): the JVM checks
# it against the archive's, and the archive's must be a prefix of it
CP=$(cd "$OUT" && ls lib/*.jar | LC_ALL=C sort | paste -sd: -)
cat > "$OUT/bootstrap" <<EOF
#!/bin/sh
# provided.al2023: the trimmed JRE, its archive and the Runtime Interface Client, with Lambda's
# managed-runtime flags (LambdaLaunch). jvm.options names the archive with -XX:AOTMode=auto: an
# archive that does not match the jars (their sizes and times) is left out, with a warning, and
# the JVM starts without it, at the managed runtime's speed (docs/performance.md). The client loads
# its native part (JNI) with System.load, which JDK 25 warns about unless native access is enabled
cd "\$LAMBDA_TASK_ROOT" || exit 1
read -r OPTIONS < jvm.options
exec ./jre/bin/java -XX:MaxHeapSize=\$((AWS_LAMBDA_FUNCTION_MEMORY_SIZE * 1024 * 85 / 100))k \\
  -XX:+UseSerialGC -XX:+TieredCompilation -XX:TieredStopAtLevel=1 \$OPTIONS \\
  --enable-native-access=ALL-UNNAMED \\
  -cp $CP com.amazonaws.services.lambda.runtime.api.client.AWSLambda "\$_HANDLER"
EOF
chmod +x "$OUT/bootstrap"

# the training run: the bootstrap answers one invocation through a local Runtime API, its JVM
# writing the archive when it is stopped. The jars keep one even time (a zip's time has 2 s steps,
# and the JVM checks each archived jar's size and time).
find "$OUT" -type f -exec touch -d '2020-01-01 00:00:00 UTC' {} +
if [ "$FEATURE" -ge 25 ]; then
  TRAIN="-XX:AOTCacheOutput=app.aot" && USE="-XX:AOTMode=auto -XX:AOTCache=app.aot"
else
  TRAIN="-XX:ArchiveClassesAtExit=app.jsa" && USE="-Xshare:auto -XX:SharedArchiveFile=app.jsa"
fi
echo "$TRAIN" > "$OUT/jvm.options"
export PATH="$PATH:$HOME/.pyenv/shims"
./mvnw -B -q -o -pl functions-aws -am package -DskipTests -Pcold-start \
  -Dcold-start.args="--train $OUT"
ls "$OUT"/app.* >/dev/null
rm -f "$OUT"/app.aot.config
# the jars the archive was trained on: JDK 25's AOT cache does not check them (their times or
# sizes) at start, so a jar changed without a new training run would run the archived classes;
# CustomRuntimeIT checks that the zip's jars are these
(cd "$OUT" && sha256sum lib/*.jar > archive.sha256)
# every start then uses the archive (paths relative to the task root)
echo "$USE" > "$OUT/jvm.options"
touch -d '2020-01-01 00:00:00 UTC' "$OUT/jvm.options" "$OUT/archive.sha256"

rm -f "$PACKAGE"
(cd "$OUT" && zip -q -r "$PACKAGE" .)
# its SAM template beside it: template.yaml with the zip, provided.al2023, x86_64 and no SnapStart
# (ADR 0059); sam deploy -t functions-aws/target/template-custom-runtime-<feature>.yaml
TEMPLATE=$ROOT/functions-aws/target/template-custom-runtime-$FEATURE.yaml
"$JDK/bin/java" -cp "$ROOT/functions-aws/target/test-classes" dev.skyscaler.aws.CustomRuntimeTemplate \
  "$ROOT/template.yaml" "$(basename "$PACKAGE")" > "$TEMPLATE"
echo "JDK $FEATURE; modules: $MODULES"
du -sh "$OUT/jre" "$OUT"/app.* | sed 's/^/  /'
ls -l "$PACKAGE" "$ZIP" | awk '{print "  " $5, $9}'
echo "  template: $TEMPLATE"
