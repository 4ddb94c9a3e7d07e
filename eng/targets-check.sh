#!/usr/bin/env bash
# The targets proof. Runs tests/Prewired.AotApp (every Prewired feature, a deterministic transcript) under the JIT on
# net10.0 as the reference, then
#  - builds the same app for net472 and runs it under Mono (Debian's mono-runtime 6.8): the generator emits for .NET
#    Framework's reference set and the app runs on Prewired's netstandard2.0 build;
#  - builds the app's cases as a netstandard2.0 library (tests/Prewired.AotApp.NetStandard, linked sources) and runs them
#    in a net10.0 process (tests/Prewired.AotApp.NetStandardHost) on the netstandard2.0 builds of Prewired and
#    Prewired.DependencyInjection;
# and compares each transcript with the reference byte for byte. docs/targets.md explains the table it prints.
#
#     bash eng/targets-check.sh
#
# Installs what it needs when missing (apt): mono-runtime, and mono-devel, the Debian package that holds Mono's runtime
# facades (/usr/lib/mono/4.5/Facades/netstandard.dll): without it Mono cannot load any netstandard2.0 assembly
# (TypeLoadException, "Could not load file or assembly 'netstandard, Version=2.0.0.0'"). A target that cannot run is
# reported "not run" with the reason, never "passed".
# Exit code: 0 when the JIT run and every target match; 1 otherwise (a target not run counts as a failure).
set -uo pipefail
cd "$(dirname "$0")/.."

APP=tests/Prewired.AotApp
LIBRARY=tests/Prewired.AotApp.NetStandard
HOST=tests/Prewired.AotApp.NetStandardHost
OUT=${TARGETS_OUT:-artifacts/targets}
rm -rf "$OUT" && mkdir -p "$OUT"
failed=0
rows=()
bench_rows=()

log() { printf '\n==> %s\n' "$*"; }
source eng/ensure-packages.sh

add_row() { rows+=("| $1 | $2 | $3 | $4 |"); }

# The target framework an assembly was built for, from its TargetFrameworkAttribute (UTF-8 in the metadata blob).
built_for() { grep -aoE '\.NET(Standard|CoreApp|Framework),Version=v[0-9.]+' "$1" | head -n 1; }

# Compares a run's transcript with the reference and adds the row. $1 target, $2 how it ran, $3 exit code, $4 transcript.
verdict() {
  local target=$1 how=$2 code=$3 transcript=$4 result
  if [ "$code" -eq 0 ] && cmp -s "$OUT/jit.txt" "$transcript"; then
    result="equal ($(wc -l < "$transcript") lines)"
  else
    result="**differs** (exit $code)"
    diff "$OUT/jit.txt" "$transcript" | head -n 20
    failed=1
  fi
  echo "$target: transcript $result"
  add_row "$target" "$how" "$(tail -n 1 "$transcript")" "$result"
}

log "JIT run, net10.0 (the reference transcript)"
if ! dotnet run -c Release --project "$APP" -p:AotTfm=net10.0 > "$OUT/jit.txt" 2> "$OUT/jit.err"; then
  cat "$OUT/jit.txt" "$OUT/jit.err"
  echo "The JIT run failed: the app's own expectations do not hold." >&2
  exit 1
fi
tail -n 1 "$OUT/jit.txt"

log "net472 under Mono"
if ! ensure_packages mono-runtime mono-devel; then
  echo "not run: cannot install mono-runtime and mono-devel (apt)"
  add_row "net472 on Mono" "not run" "cannot install mono-runtime and mono-devel (apt)" "not run"
  failed=1
elif ! dotnet build "$APP" -c Release -p:AotTfm=net472 > "$OUT/net472-build.log" 2>&1; then
  grep -E 'error|warning' "$OUT/net472-build.log" | sort -u | head -n 20
  add_row "net472 on Mono" "**build failed** (see $OUT/net472-build.log)" "-" "-"
  failed=1
else
  bin=$APP/bin/Release/net472
  mono_version=$(mono --version | head -n 1 | sed -E 's/ \(.*//')
  how="$mono_version; Prewired.dll built for $(built_for "$bin/Prewired.dll")"
  echo "$how"
  timeout 600 mono "$bin/Prewired.AotApp.exe" > "$OUT/mono.txt" 2> "$OUT/mono.err"
  code=$?
  [ -s "$OUT/mono.err" ] && head -n 20 "$OUT/mono.err"
  verdict "net472 on Mono" "$how" "$code" "$OUT/mono.txt"
fi
# Leave the app restored for net10.0, as the solution builds it.
dotnet restore "$APP" > /dev/null 2>&1

log "netstandard2.0 library in a net10.0 host"
if ! dotnet build "$HOST" -c Release > "$OUT/netstandard-build.log" 2>&1; then
  grep -E 'error|warning' "$OUT/netstandard-build.log" | sort -u | head -n 20
  add_row "netstandard2.0 in a net10.0 host" "**build failed** (see $OUT/netstandard-build.log)" "-" "-"
  failed=1
else
  bin=$HOST/bin/Release/net10.0
  builds="" wrong=""
  for assembly in Prewired.AotApp.NetStandard Prewired Prewired.DependencyInjection; do
    framework=$(built_for "$bin/$assembly.dll")
    builds="$builds${builds:+, }$assembly.dll $framework"
    [ "$framework" = ".NETStandard,Version=v2.0" ] || wrong="$wrong $assembly.dll"
  done
  how="$(dotnet --list-runtimes | grep -m1 'Microsoft.NETCore.App' | cut -d' ' -f1-2); $builds"
  echo "$how"
  if [ -n "$wrong" ]; then
    echo "not the netstandard2.0 build in $bin:$wrong"
    add_row "netstandard2.0 in a net10.0 host" "**wrong builds in bin/**:$wrong" "-" "-"
    failed=1
  else
    dotnet "$bin/Prewired.AotApp.NetStandardHost.dll" > "$OUT/netstandard.txt" 2> "$OUT/netstandard.err"
    code=$?
    [ -s "$OUT/netstandard.err" ] && head -n 20 "$OUT/netstandard.err"
    verdict "netstandard2.0 in a net10.0 host" "$how" "$code" "$OUT/netstandard.txt"
  fi
fi

# The Stopwatch benchmark of these targets (docs/benchmarks.md, "Other targets") builds and runs on both runtimes: one
# round of 1 ms per form, which checks that every form returns what its async body returns. No figure is kept from it.
log "benchmarks/Prewired.Benchmarks.Targets, smoke run (no figures)"
BENCH=benchmarks/Prewired.Benchmarks.Targets
if ! dotnet build "$BENCH" -c Release > "$OUT/benchmarks-build.log" 2>&1; then
  grep -E 'error|warning' "$OUT/benchmarks-build.log" | sort -u | head -n 20
  bench_rows+=("| all | **build failed** (see $OUT/benchmarks-build.log) | - |")
  failed=1
else
  for runtime in mono dotnet; do
    if [ $runtime = mono ]; then
      command -v mono > /dev/null || { bench_rows+=("| Mono | not run: mono is not installed | - |"); failed=1; continue; }
      run=(mono "$BENCH/bin/Release/net472/Prewired.Benchmarks.Targets.exe")
    else
      run=(dotnet "$BENCH/bin/Release/net10.0/Prewired.Benchmarks.Targets.dll")
    fi
    if "${run[@]}" --rounds 1 --round-ms 1 > "$OUT/benchmarks-$runtime.txt" 2>&1; then
      bench_rows+=("| $runtime | $(head -n 1 "$OUT/benchmarks-$runtime.txt" | sed 's/^Runtime: //') | $(grep -cE '^\| .* \| [0-9.]+ \|$' "$OUT/benchmarks-$runtime.txt") forms, each returning its async body's result |")
    else
      cat "$OUT/benchmarks-$runtime.txt"
      bench_rows+=("| $runtime | **failed** (see $OUT/benchmarks-$runtime.txt) | - |")
      failed=1
    fi
  done
fi

{
  echo "| Target | Runtime and builds | Last line | Transcript vs JIT (net10.0) |"
  echo "|---|---|---|---|"
  printf '%s\n' "${rows[@]}"
  echo
  echo "| Benchmark smoke run | Runtime and builds | Checked |"
  echo "|---|---|---|"
  printf '%s\n' "${bench_rows[@]}"
  echo
  echo "JIT reference: $(dotnet --list-runtimes | grep -m1 'Microsoft.NETCore.App' | cut -d' ' -f1-2), $(wc -l < "$OUT/jit.txt") lines, $(tail -n 1 "$OUT/jit.txt")."
} > "$OUT/summary.md"
log "summary"
cat "$OUT/summary.md"
exit $failed
