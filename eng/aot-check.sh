#!/usr/bin/env bash
# The NativeAOT proof. Runs tests/Prewired.AotApp (every Prewired feature, a deterministic transcript) under the JIT,
# publishes it NativeAOT for each target, runs each binary and compares its transcript byte for byte with the JIT's.
# Also proves the gate: the same publish with a deliberate Type.GetType(string) must fail on the trim warning.
# Then the same for samples/Requests (the Mediator-style app: AddPrewired(), PrewiredSender's Send, Publish and
# CreateStream, shared behaviors, cancellation) on the targets of the TFMs in AOT_SAMPLE_TFMS (default net10.0, the
# sample's own: one publish per architecture keeps CI's time; the library's net8.0/net9.0 code is the feature app's to
# prove): its JIT run against each binary, byte for byte, and no trim/AOT warning.
#
#     bash eng/aot-check.sh                 # every target
#     AOT_TARGETS="linux-x64:net8.0" bash eng/aot-check.sh
#     AOT_SAMPLE_TFMS="net8.0 net9.0 net10.0" bash eng/aot-check.sh    # the sample on every target too ("" for none)
#
# A target whose packs the package source does not serve is reported "not run" with the exact missing packs, never
# "passed". linux-arm64 is cross-compiled on an x64 host (clang --target=aarch64-linux-gnu on Debian's cross libraries
# in /usr/aarch64-linux-gnu, linked by lld) and run under qemu-aarch64; on an arm64 host it runs natively.
# Installs what it needs when missing (apt): clang, lld, zlib1g-dev, and for arm64 cross builds gcc-aarch64-linux-gnu,
# binutils-aarch64-linux-gnu, libc6-dev-arm64-cross, qemu-user.
# Pack versions: the SDK's own patch per TFM, except where AOT_PACK_VERSIONS names one (see below).
# Exit code: 0 when the JIT run and every target that could be published match and the gate holds; 1 otherwise.
set -uo pipefail
cd "$(dirname "$0")/.."

APP=tests/Prewired.AotApp
SAMPLE=samples/Requests
SAMPLE_TFMS=${AOT_SAMPLE_TFMS-net10.0}
OUT=${AOT_OUT:-artifacts/aot}
TARGETS=${AOT_TARGETS:-"linux-x64:net8.0 linux-x64:net9.0 linux-x64:net10.0 linux-arm64:net8.0 linux-arm64:net9.0 linux-arm64:net10.0"}
HOST_ARCH=$(uname -m)
# rid:tfm=version pins the runtime, apphost and ILCompiler packs of a target to that patch (-p:AotPackVersion, see the
# app's project file). The package source serves linux-arm64 packs only at 8.0.34 and 9.0.23 (and 10.0.12, the SDK's
# own), not at the SDK 10.0.401's 8.0.31 and 9.0.20; both patches exist on nuget.org too.
PACK_VERSIONS=${AOT_PACK_VERSIONS:-"linux-arm64:net8.0=8.0.34 linux-arm64:net9.0=9.0.23"}
rm -rf "$OUT" && mkdir -p "$OUT"
failed=0
rows=()
sample_rows=()
sizes=()
times=()

log() { printf '\n==> %s\n' "$*"; }

# ensure_packages, shared with the other checks that install what they need.
source eng/ensure-packages.sh

# The packages a failed restore could not find (NU1101: "id", NU1102: "id version"), comma-separated.
missing_packs() {
  grep -oE 'NU110[12]: Unable to find package [^ .]+(\.[^ .]+)*( with version \(= [^)]+\))?' "$1" \
    | sed -E 's/.*Unable to find package //; s/ with version \(= ([^)]+)\)/ \1/' | sort -u | paste -sd, - | sed 's/,/, /g'
}

add_row() { rows+=("| $1 | $2 | $3 | $4 | $5 | $6 |"); }

# The MSBuild properties that select a target: the runtime through AotRid, not -r (a global RuntimeIdentifier would reach
# the multi-targeted libraries the app references and make them restore runtime packs for every TFM).
target_props() {
  local rid=$1 tfm=$2 pin
  printf '%s\n' "-p:AotRid=$rid" "-p:AotTfm=$tfm" "-p:AotPublish=true"
  for pin in $PACK_VERSIONS; do
    [ "${pin%%=*}" = "$rid:$tfm" ] && printf '%s\n' "-p:AotPackVersion=${pin#*=}"
  done
}

# 2433328 -> "2433328 bytes (2.32 MiB)"
human_size() { awk -v b="$1" 'BEGIN { printf "%d bytes (%.2f MiB)", b, b / 1048576 }'; }

ensure_packages clang lld zlib1g-dev file || { echo "cannot install the NativeAOT toolchain (clang, lld, zlib1g-dev, file)"; exit 1; }

log "JIT run (the reference transcript)"
if ! dotnet run -c Release --project "$APP" -p:AotTfm=net10.0 > "$OUT/jit.txt" 2> "$OUT/jit.err"; then
  cat "$OUT/jit.txt" "$OUT/jit.err"
  echo "The JIT run failed: the app's own expectations do not hold." >&2
  exit 1
fi
tail -n 1 "$OUT/jit.txt"

# The context guard on the public APIs instead of the thread's fields (the runtime library's fallback): same transcript.
GUARD_PUBLIC_APIS=--context-guard=public-apis
log "JIT run, context guard on the public APIs"
dotnet run -c Release --project "$APP" -p:AotTfm=net10.0 --no-build -- "$GUARD_PUBLIC_APIS" > "$OUT/jit-public-apis.txt" 2> "$OUT/jit-public-apis.err"
if [ $? -ne 0 ] || ! cmp -s "$OUT/jit.txt" "$OUT/jit-public-apis.txt"; then
  diff "$OUT/jit.txt" "$OUT/jit-public-apis.txt" | head -n 20
  echo "The JIT run with the context guard on the public APIs differs." >&2
  exit 1
fi
echo "equal to the reference"

# The sample's reference transcript: its own JIT run (the sample checks nothing itself; its tests do, and this compares).
if [ -n "$SAMPLE_TFMS" ]; then
  log "JIT run of $SAMPLE (the sample's reference transcript)"
  if ! dotnet run -c Release --project "$SAMPLE" -p:AotTfm=net10.0 > "$OUT/requests-jit.txt" 2> "$OUT/requests-jit.err"; then
    cat "$OUT/requests-jit.txt" "$OUT/requests-jit.err"
    echo "The sample's JIT run failed." >&2
    exit 1
  fi
  tail -n 1 "$OUT/requests-jit.txt"
fi

# Publishes samples/Requests NativeAOT for one target (already restored for the feature app, so its packs are there),
# runs the binary and compares its transcript with the sample's JIT run. Uses the loop's dir, props, cross and runner.
publish_sample() {
  local rid=$1 tfm=$2 sample_dir="$dir/requests" warnings kind size verdict code sample_started=$SECONDS
  mkdir -p "$sample_dir"
  if ! dotnet restore "$SAMPLE" "${props[@]}" > "$sample_dir/restore.log" 2>&1 \
    || ! dotnet publish "$SAMPLE" -c Release "${props[@]}" --no-restore "${cross[@]}" -o "$sample_dir/bin" > "$sample_dir/publish.log" 2>&1; then
    grep -hE 'error|warning' "$sample_dir/restore.log" "$sample_dir/publish.log" | sort -u | head -n 20
    sample_rows+=("| $rid $tfm | **failed** | publish failed (see $sample_dir/publish.log) | - | - | - |")
    failed=1
    return
  fi
  warnings=$(grep -cE 'warning (IL|CS)[0-9]+' "$sample_dir/publish.log")
  kind=$(file -b "$sample_dir/bin/Requests" | cut -d, -f1-2)
  size=$(stat -c %s "$sample_dir/bin/Requests")
  "${runner[@]}" "$sample_dir/bin/Requests" > "$sample_dir/transcript.txt" 2> "$sample_dir/run.err"
  code=$?
  if [ $code -eq 0 ] && cmp -s "$OUT/requests-jit.txt" "$sample_dir/transcript.txt"; then
    verdict="equal ($(wc -l < "$sample_dir/transcript.txt") lines)"
  else
    diff "$OUT/requests-jit.txt" "$sample_dir/transcript.txt" | head -n 20
    cat "$sample_dir/run.err" | head -n 20
    verdict="**differs** (exit $code)"
    failed=1
  fi
  [ "$warnings" -ne 0 ] && { verdict="$verdict, **$warnings warning(s)**"; failed=1; }
  echo "sample $SAMPLE: $kind, $(human_size "$size"), transcript $verdict ($((SECONDS - sample_started)) s)"
  sample_rows+=("| $rid $tfm | published | $warnings trim/AOT warnings | $kind | $(human_size "$size") | $verdict |")
}

for target in $TARGETS; do
  rid=${target%%:*}
  tfm=${target##*:}
  dir="$OUT/$rid-$tfm"
  log "$rid $tfm"
  mkdir -p "$dir"
  started=$SECONDS
  mapfile -t props < <(target_props "$rid" "$tfm")
  echo "${props[*]}"

  cross=()
  runner=()
  if [ "$rid" = linux-x64 ] && [ "$HOST_ARCH" != x86_64 ]; then
    echo "not run: cross-compiling linux-x64 from $HOST_ARCH is not set up here"
    add_row "$rid $tfm" "not run" "cross-compiling linux-x64 from $HOST_ARCH is not set up" "-" "-" "not run"
    continue
  fi
  if [ "$rid" = linux-arm64 ] && [ "$HOST_ARCH" != aarch64 ]; then
    # No SysRoot: the ILCompiler passes --target=aarch64-linux-gnu, and clang then finds Debian's cross layout itself
    # (/usr/aarch64-linux-gnu, /usr/lib/gcc-cross). With SysRoot=/usr/aarch64-linux-gnu, lld looks for the absolute
    # paths in that directory's libc.so script under the sysroot a second time and fails.
    cross=(-p:LinkerFlavor=lld -p:ObjCopyName=aarch64-linux-gnu-objcopy)
    runner=(qemu-aarch64 -L /usr/aarch64-linux-gnu)
  fi

  if ! dotnet restore "$APP" "${props[@]}" > "$dir/restore.log" 2>&1; then
    packs=$(missing_packs "$dir/restore.log")
    if [ -n "$packs" ]; then
      echo "not run: the package source does not serve $packs"
      add_row "$rid $tfm" "not run" "packs not in the package source: $packs" "-" "-" "not run"
    else
      tail -n 20 "$dir/restore.log"
      add_row "$rid $tfm" "**failed**" "restore failed (see $dir/restore.log)" "-" "-" "-"
      failed=1
    fi
    continue
  fi

  if [ ${#cross[@]} -gt 0 ]; then
    ensure_packages gcc-aarch64-linux-gnu binutils-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user \
      || { add_row "$rid $tfm" "**failed**" "cannot install the arm64 cross toolchain" "-" "-" "-"; failed=1; continue; }
  fi

  if ! dotnet publish "$APP" -c Release "${props[@]}" --no-restore "${cross[@]}" -o "$dir/bin" > "$dir/publish.log" 2>&1; then
    grep -E 'error|warning' "$dir/publish.log" | sort -u | head -n 20
    add_row "$rid $tfm" "**failed**" "publish failed (see $dir/publish.log)" "-" "-" "-"
    failed=1
    continue
  fi

  warnings=$(grep -cE 'warning (IL|CS)[0-9]+' "$dir/publish.log")
  binary="$dir/bin/Prewired.AotApp"
  kind=$(file -b "$binary" | cut -d, -f1-2)
  size=$(stat -c %s "$binary")
  "${runner[@]}" "$binary" > "$dir/transcript.txt" 2> "$dir/run.err"
  code=$?
  "${runner[@]}" "$binary" "$GUARD_PUBLIC_APIS" > "$dir/transcript-public-apis.txt" 2> "$dir/run-public-apis.err"
  public_code=$?
  if [ $code -eq 0 ] && cmp -s "$OUT/jit.txt" "$dir/transcript.txt" && [ $public_code -eq 0 ] && cmp -s "$OUT/jit.txt" "$dir/transcript-public-apis.txt"; then
    verdict="equal (context guard on the thread's fields and on the public APIs)"
  else
    diff "$OUT/jit.txt" "$dir/transcript-public-apis.txt" | head -n 20
    verdict="**differs** (exit $code)"
    diff "$OUT/jit.txt" "$dir/transcript.txt" | head -n 20
    failed=1
  fi
  [ "$warnings" -ne 0 ] && { verdict="$verdict, **$warnings warning(s)**"; failed=1; }
  echo "$kind, $(human_size "$size"), transcript $verdict ($((SECONDS - started)) s)"
  add_row "$rid $tfm" "published" "$warnings trim/AOT warnings" "$kind" "$(human_size "$size")" "$verdict"

  # Size baseline: the same app with plain async methods and run-time-wired (InvokerNode) pipelines, no generated code.
  if [ "${AOT_SIZES:-1}" = 1 ]; then
    # Measured before the plain build, which generates nothing into the same folder.
    generated_source=$(find "$APP/obj/Release/$tfm/$rid/generated/Prewired.Generator" -name '*.cs' -exec cat {} + 2>/dev/null | wc -c)
    if dotnet publish "$APP" -c Release "${props[@]}" -p:AotVariant=plain "${cross[@]}" -o "$dir/plain" > "$dir/plain.log" 2>&1; then
      plain_size=$(stat -c %s "$dir/plain/Prewired.AotApp")
      "${runner[@]}" "$dir/plain/Prewired.AotApp" > "$dir/plain.txt" 2>&1
      same=$(cmp -s "$OUT/jit.txt" "$dir/plain.txt" && echo equal || echo "**differs**")
      sizes+=("| $rid $tfm | $size | $plain_size | $((size - plain_size)) | $generated_source | $same |")
      echo "plain variant: $(human_size "$plain_size"), transcript $same"
    else
      sizes+=("| $rid $tfm | $size | publish failed (see $dir/plain.log) | - | - | - |")
      failed=1
    fi
  fi
  if [[ " $SAMPLE_TFMS " == *" $tfm "* ]]; then
    log "$rid $tfm: $SAMPLE"
    publish_sample "$rid" "$tfm"
  fi
  times+=("$rid $tfm $((SECONDS - started)) s")
done

log "gate: a Type.GetType(string) call must fail the publish"
gate_target=$(for t in $TARGETS; do [ -x "$OUT/${t%%:*}-${t##*:}/bin/Prewired.AotApp" ] && { echo "$t"; break; }; done)
mapfile -t gate_props < <(target_props "${gate_target%%:*}" "${gate_target##*:}")
if [ -z "$gate_target" ]; then
  gate="not run (no target published)"
  failed=1
elif dotnet publish "$APP" -c Release "${gate_props[@]}" -p:AotGateProbe=true -o "$OUT/gate" > "$OUT/gate.log" 2>&1; then
  gate="**did not fail**: the trim/AOT gate is open"
  failed=1
elif grep -q 'error IL2057' "$OUT/gate.log"; then
  gate="holds: the publish failed with $(grep -oE 'error IL2057[^[]*' "$OUT/gate.log" | head -n 1 | cut -c1-90)..."
else
  gate="**failed for another reason** (see $OUT/gate.log)"
  failed=1
fi
# Rebuild the app without the probe so later builds of the tree do not inherit its object files; restore the sample
# without a runtime identifier, as the solution's build expects it.
dotnet build "$APP" -c Release -p:AotTfm=net10.0 > /dev/null 2>&1
[ -n "$SAMPLE_TFMS" ] && dotnet restore "$SAMPLE" > /dev/null 2>&1
echo "$gate"

{
  echo "| Target | Published | Reason / warnings | Binary (file) | Size | Transcript vs JIT |"
  echo "|---|---|---|---|---|---|"
  printf '%s\n' "${rows[@]}"
  if [ ${#sizes[@]} -gt 0 ]; then
    echo
    echo "| Target | Generated app (bytes) | Plain async + runtime-prewired app (bytes) | Difference | Generated C# (bytes) | Plain app's transcript vs JIT |"
    echo "|---|---|---|---|---|---|"
    printf '%s\n' "${sizes[@]}"
  fi
  if [ ${#sample_rows[@]} -gt 0 ]; then
    echo
    echo "| $SAMPLE: target | Published | Reason / warnings | Binary (file) | Size | Transcript vs its JIT run |"
    echo "|---|---|---|---|---|---|"
    printf '%s\n' "${sample_rows[@]}"
  fi
  echo
  echo "JIT reference: $(dotnet --list-runtimes | grep -m1 'Microsoft.NETCore.App' | cut -d' ' -f1-2), $(wc -l < "$OUT/jit.txt") lines, $(tail -n 1 "$OUT/jit.txt")."
  [ -n "$SAMPLE_TFMS" ] && echo "Sample JIT reference: $(wc -l < "$OUT/requests-jit.txt") lines, $(tail -n 1 "$OUT/requests-jit.txt")."
  echo "Gate ($gate_target): $gate"
  echo "Time per target (restore, publish, run, size baseline, the sample): $(printf '%s; ' "${times[@]}" | sed 's/; $//')."
} > "$OUT/summary.md"
log "summary"
cat "$OUT/summary.md"
exit $failed
