#!/usr/bin/env bash
# A library author's conversion, repeatable (issue 21, point 5): on a checked-out library (its own git clone, clean),
#   1. pack this repository's Prewired into a local package folder (a unique version);
#   2. before: build the projects to convert (every target framework they ship, with their own warnings-as-errors
#      setting) and the test project, keep the built assemblies, run the test project;
#   3. add the package to each project to convert (`dotnet add package`, from the local folder through
#      RestoreAdditionalProjectSources), convert with the code fix as README.md tells a user
#      (`dotnet format analyzers --diagnostics PW0202 --severity hidden`, with PrewiredFastPathCandidates set);
#   4. after: build again (with PrewiredEmitGeneratedFiles=true, so the generated files can be read and counted), run the
#      same tests unchanged;
#   5. print the counts: methods converted, split / forwarded (from the generated files: a forwarding method says
#      "// Forwarding to '...'"), build errors and warnings, tests run / passed / failed / skipped before and after (and
#      which tests changed outcome), and per target the assembly's size and the IL of the converted methods (IlSize.cs).
#
#     eng/RealLibraries/convert-and-test.sh <library-dir> <test-project> <project-to-convert> [<project-to-convert>...]
#
# Project paths are relative to <library-dir>. The script fetches nothing and carries no library code: get the library
# as eng/RealLibraries/README.md says. It converts the clone in place and leaves it converted (inspect it with git diff;
# undo with `git checkout . && git clean -fd` in the clone). Environment:
#   CANDIDATES   valuetask | all: which methods PW0202 offers (PrewiredFastPathCandidates); default all
#   FRAMEWORK    target framework the tests run on (dotnet test -f); default: every one the test project has
#   TEST_ARGS    more arguments for both test runs, split at spaces, never glob-expanded (a test filter: a test that
#                needs the network, e.g. Microsoft.Testing.Platform's --treenode-filter '/*/*/*/(!Name)'); default none
#   BUILD_ARGS   more arguments for every build, split at spaces (-m:1 on a shared machine); default none
#   OUT          where logs, assemblies and summary.md go; default artifacts/real-libraries/<library-dir name>
#   AfterMicrosoftNETSdkTargets and any other MSBuild property from the environment reach every build, as usual (an
#   offline adaptation of pinned versions, docs/real-libraries.md).
# The package is added as a user would: `dotnet add package` writes a PackageVersion into Directory.Packages.props when
# the library manages versions centrally. When the library's own NuGet.config maps packages to sources
# (packageSourceMapping, which would leave a source it does not map unused), the script adds the folder as a source there
# with a mapping for Prewired (the clone's NuGet.config is part of the conversion's diff).
# Exit code: 0 when both builds succeed and the tests ran both times (failing tests are reported, not fatal: compare
# the two lists); 1 otherwise.
set -euo pipefail

if [ $# -lt 3 ]; then
  sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//' >&2
  exit 2
fi

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
LIB=$(cd "$1" && pwd)
TEST_PROJECT=$2
shift 2
CONVERT=("$@")
CANDIDATES=${CANDIDATES:-all}
OUT=${OUT:-$ROOT/artifacts/real-libraries/$(basename "$LIB")}
# A stable version, unique per run (so the NuGet cache never serves an older build): a library that packs on build
# (MQTTnet: GeneratePackageOnBuild) gets NU5104 for a prerelease dependency, an error under its warnings as errors,
# which a user of a released Prewired never sees.
# (Each part at most 65534: it is also the assemblies' version.)
VERSION=0.$(date -u +%y%j).$((10#$(date -u +%H%M)))
export DOTNET_NOLOGO=1 DOTNET_CLI_TELEMETRY_OPTOUT=1

step() { printf '\n==> %s (%s)\n' "$*" "$(date -u +%H:%M:%S)"; }
die() { echo "FAILED: $*" >&2; exit 1; }

[ -d "$LIB/.git" ] || [ -f "$LIB/.git" ] || die "$LIB is not a git clone"
if [ -n "$(git -C "$LIB" status --porcelain)" ]; then
  die "$LIB has changes: the script converts a clean clone in place (git -C $LIB status)"
fi
for p in "$TEST_PROJECT" "${CONVERT[@]}"; do [ -f "$LIB/$p" ] || die "no project $LIB/$p"; done
COMMIT=$(git -C "$LIB" rev-parse HEAD)
rm -rf "$OUT" && mkdir -p "$OUT/feed" "$OUT/before" "$OUT/after"
echo "library $LIB at $COMMIT; tests $TEST_PROJECT; converting ${CONVERT[*]}; candidates $CANDIDATES; output $OUT"

# The tests run from the folder of the global.json nearest to the test project (the clone's root when there is none):
# dotnet test reads it from the current folder upwards (refit keeps it in src/).
TEST_DIR=$(dirname "$LIB/$TEST_PROJECT")
while [ "$TEST_DIR" != "$LIB" ] && [ ! -f "$TEST_DIR/global.json" ]; do TEST_DIR=$(dirname "$TEST_DIR"); done
TEST_PATH=$(realpath --relative-to="$TEST_DIR" "$LIB/$TEST_PROJECT")

# Microsoft.Testing.Platform projects (global.json "test": {"runner": ...}) take the project after --project.
test_command() {
  local args=(-c Release --no-build)
  [ -n "${FRAMEWORK:-}" ] && args+=(-f "$FRAMEWORK")
  [ -n "${TEST_ARGS:-}" ] && args+=("$TEST_ARGS")
  if grep -qs '"Microsoft.Testing.Platform"' "$TEST_DIR/global.json"; then
    echo dotnet test --project "$TEST_PATH" "${args[@]}"
  else
    echo dotnet test "$TEST_PATH" "${args[@]}"
  fi
}

# Each built assembly of a project: "<tfm> <path>" per target framework.
targets_of() {
  local project=$1 tfms tfm
  tfms=$(cd "$LIB" && dotnet msbuild "$project" -getProperty:TargetFrameworks -p:Configuration=Release)
  [ -n "$tfms" ] || tfms=$(cd "$LIB" && dotnet msbuild "$project" -getProperty:TargetFramework -p:Configuration=Release)
  for tfm in ${tfms//;/ }; do
    echo "$tfm $(cd "$LIB" && dotnet msbuild "$project" -getProperty:TargetPath -p:Configuration=Release -p:TargetFramework="$tfm")"
  done
}

build() { # <label> [msbuild args]: every project to convert, then the test project; stops at the first that fails
  local label=$1 p
  shift
  : > "$OUT/build-$label.log"
  for p in "${CONVERT[@]}" "$TEST_PROJECT"; do
    # shellcheck disable=SC2086
    (cd "$LIB" && dotnet build "$p" -c Release ${BUILD_ARGS:-} "$@") >> "$OUT/build-$label.log" 2>&1 || return 1
  done
}

keep_assemblies() { # <label>
  local p tfm path
  for p in "${CONVERT[@]}"; do
    while read -r tfm path; do
      mkdir -p "$OUT/$1/$(basename "$p" .csproj)/$tfm"
      cp "$path" "$OUT/$1/$(basename "$p" .csproj)/$tfm/"
    done < <(targets_of "$p")
  done
}

run_tests() { # <label>
  local command
  command=$(test_command)
  if [ "$TEST_DIR" = "$LIB" ]; then echo "$command"; else echo "$command, in ${TEST_DIR#"$LIB"/}"; fi > "$OUT/test-$1.command"
  (set -f; cd "$TEST_DIR" && $command) > "$OUT/test-$1.log" 2>&1 || true
}

# "run passed failed skipped" from a dotnet test log (VSTest's "Failed!  - Failed: 4, Passed: 481, Skipped: 0, Total: 485"
# per test assembly, or Microsoft.Testing.Platform's "total: 485 failed: 4 succeeded: 481 skipped: 0" per module), summed.
test_counts() {
  python3 - "$1" <<'PY'
import re, sys
text = open(sys.argv[1], errors="replace").read()
run = passed = failed = skipped = 0
vstest = re.findall(r"(?:Passed|Failed)!\s+-\s+Failed:\s+(\d+),\s+Passed:\s+(\d+),\s+Skipped:\s+(\d+),\s+Total:\s+(\d+)", text)
for f, p, s, t in vstest:
    run += int(t); passed += int(p); failed += int(f); skipped += int(s)
if not vstest:
    # Microsoft.Testing.Platform: one block per test module, "total: N", "failed: N", "succeeded: N", "skipped: N" lines.
    for block in re.findall(r"total:\s+(\d+)\s+failed:\s+(\d+)\s+succeeded:\s+(\d+)\s+skipped:\s+(\d+)", text):
        t, f, p, s = map(int, block)
        run += t; passed += p; failed += f; skipped += s
print(run, passed, failed, skipped)
PY
}

failed_tests() { # the failed tests' names, sorted (both runners' formats)
  grep -oE '^\s*(Failed|failed) [^ ]+' "$1" | awk '{print $2}' | sort -u || true
}

generated_folders() { # per converted project and target: "<project> <tfm> <folder>"
  local p dir tfm
  for p in "${CONVERT[@]}"; do
    dir=$LIB/$(dirname "$p")/Generated
    [ -d "$dir" ] || continue
    if compgen -G "$dir/*.cs" > /dev/null; then
      echo "$(basename "$p" .csproj) - $dir"
    else
      for tfm in "$dir"/*/; do echo "$(basename "$p" .csproj) $(basename "$tfm") ${tfm%/}"; done
    fi
  done
}

# A NuGet.config at the clone's root with a <packageSourceMapping> ignores every source it does not map for a package,
# RestoreAdditionalProjectSources included (NU1100): add the folder there as a source with Prewired mapped to it.
map_local_feed() {
  local config
  config=$(find "$LIB" -maxdepth 1 -iname nuget.config | head -n 1)
  [ -n "$config" ] && grep -q '<packageSourceMapping' "$config" || return 0
  python3 - "$config" "$OUT/feed" <<'PY'
import re, sys
path, feed = sys.argv[1], sys.argv[2]
text = open(path, encoding="utf-8-sig").read()
indent = re.search(r"\n([ \t]*)<packageSourceMapping", text).group(1)
step = re.search(r"<packageSourceMapping>\s*?\n([ \t]*)<", text)
step = step.group(1)[len(indent):] if step else "  "
source = f'{indent}{step}<add key="prewired-local" value="{feed}" />\n'
text, n = re.subn(r"([ \t]*)</packageSources>", lambda m: source + m.group(0), text, count=1)
if n == 0:
    sys.exit(f"{path}: a packageSourceMapping but no packageSources")
mapping = (f'{indent}{step}<packageSource key="prewired-local">\n'
           f'{indent}{step}{step}<package pattern="Prewired" />\n'
           f'{indent}{step}{step}<package pattern="Prewired.*" />\n'
           f'{indent}{step}</packageSource>\n')
text = re.sub(r"[ \t]*</packageSourceMapping>", lambda m: mapping + m.group(0), text, count=1)
open(path, "w", encoding="utf-8").write(text)
PY
  echo "$(basename "$config"): the folder added as source 'prewired-local', Prewired mapped to it (packageSourceMapping)"
}

step "pack Prewired $VERSION"
dotnet pack "$ROOT/src/Runtime" -c Release -p:Version="$VERSION" -o "$OUT/feed" > "$OUT/pack.log" 2>&1 || { tail -n 30 "$OUT/pack.log"; die "pack"; }

step "before: build (${CONVERT[*]} $TEST_PROJECT)"
build before || { grep -E ' error ' "$OUT/build-before.log" | sort -u | head -n 20; die "the library does not build before the conversion ($OUT/build-before.log)"; }
keep_assemblies before
step "before: $(test_command)"
start=$(date +%s); run_tests before; echo "$(( $(date +%s) - start )) s"
read -r run_b passed_b failed_b skipped_b < <(test_counts "$OUT/test-before.log")
echo "before: $run_b run, $passed_b passed, $failed_b failed, $skipped_b skipped"
[ "$run_b" -gt 0 ] || die "no test ran before the conversion ($OUT/test-before.log)"

step "add Prewired $VERSION and convert (PW0202, PrewiredFastPathCandidates=$CANDIDATES)"
export RestoreAdditionalProjectSources=$OUT/feed
map_local_feed
for p in "${CONVERT[@]}"; do
  (cd "$LIB" && dotnet add "$p" package Prewired --version "$VERSION" --no-restore) >> "$OUT/convert.log" 2>&1 || die "dotnet add package ($p)"
done
for p in "${CONVERT[@]}"; do
  start=$(date +%s)
  (cd "$LIB" && PrewiredFastPathCandidates=$CANDIDATES dotnet format analyzers "$p" --diagnostics PW0202 --severity hidden -v n) \
    >> "$OUT/convert.log" 2>&1 || die "dotnet format analyzers ($p): $OUT/convert.log"
  echo "$p: $(( $(date +%s) - start )) s"
done
git -C "$LIB" diff > "$OUT/conversion.diff"
converted=$(grep -cE '^\+\s*\[FastPath\(nameof\(' "$OUT/conversion.diff" || true)
echo "$converted methods converted; $(git -C "$LIB" diff --name-only | wc -l) files changed"

step "after: build with PrewiredEmitGeneratedFiles=true"
build_ok=yes
build after -p:PrewiredEmitGeneratedFiles=true || build_ok=no
errors=$(grep -E ' error [A-Z]+[0-9]+' "$OUT/build-after.log" | sed 's/ \[[^]]*\]$//' | sort -u || true)
generated_warnings=$(grep -E ' warning [A-Z]+[0-9]+' "$OUT/build-after.log" | grep -E '\.g\.cs|Prewired\.Generator' | sed 's/ \[[^]]*\]$//' | sort -u || true)
[ -n "$errors" ] && { echo "errors:"; echo "$errors" | head -n 40; }
[ -n "$generated_warnings" ] && { echo "warnings in generated code:"; echo "$generated_warnings" | head -n 40; }
if [ "$build_ok" = no ]; then
  die "the converted library does not build ($OUT/build-after.log)"
fi
keep_assemblies after
step "after: $(test_command)"
start=$(date +%s); run_tests after; echo "$(( $(date +%s) - start )) s"
read -r run_a passed_a failed_a skipped_a < <(test_counts "$OUT/test-after.log")

step "summary"
{
  echo "# $(basename "$LIB") at ${COMMIT:0:8}: converted with Prewired $VERSION (PrewiredFastPathCandidates=$CANDIDATES)"
  echo
  echo "Methods converted: $converted ([FastPath] partial declarations the code fix wrote; $OUT/conversion.diff)."
  echo
  echo "| Project | Target | Generated [FastPath] files | Split | Forwarded |"
  echo "|---|---|---:|---:|---:|"
  while read -r project tfm folder; do
    total=$(find "$folder" -name '*.FastPath.g.cs' | wc -l)
    forwarded=$( (grep -lE "^\s*// Forwarding to '" "$folder"/*.FastPath.g.cs 2>/dev/null || true) | wc -l)
    echo "| $project | $tfm | $total | $((total - forwarded)) | $forwarded |"
  done < <(generated_folders)
  echo
  echo "Build after: $(echo -n "$errors" | grep -c . || true) errors, $(echo -n "$generated_warnings" | grep -c . || true) warnings in generated code."
  echo
  echo "| Tests ($(cat "$OUT/test-before.command")) | Run | Passed | Failed | Skipped |"
  echo "|---|---:|---:|---:|---:|"
  echo "| before | $run_b | $passed_b | $failed_b | $skipped_b |"
  echo "| after | $run_a | $passed_a | $failed_a | $skipped_a |"
  echo
  failed_tests "$OUT/test-before.log" > "$OUT/failed-before.txt"
  failed_tests "$OUT/test-after.log" > "$OUT/failed-after.txt"
  if cmp -s "$OUT/failed-before.txt" "$OUT/failed-after.txt"; then
    echo "The same tests failed before and after: $(tr '\n' ' ' < "$OUT/failed-before.txt")"
  else
    echo "Failed only before: $(comm -23 "$OUT/failed-before.txt" "$OUT/failed-after.txt" | tr '\n' ' ')"
    echo "Failed only after: $(comm -13 "$OUT/failed-before.txt" "$OUT/failed-after.txt" | tr '\n' ' ')"
  fi
  echo
  echo "| Project | Target | File before → after (B) | IL, all bodies | IL of the converted methods |"
  echo "|---|---|---|---|---|"
  for before in "$OUT"/before/*/*/*; do
    rel=${before#"$OUT"/before/}
    after=$OUT/after/$rel
    [ -f "$after" ] || continue
    dotnet run "$ROOT/eng/RealLibraries/IlSize.cs" -- "$before" "$after" > "$OUT/ilsize-${rel//\//_}.txt"
    file=$(awk -F'\t' '$1 == "file bytes" { print $2 " → " $3 " (" $4 ")" }' "$OUT/ilsize-${rel//\//_}.txt")
    all=$(awk -F'\t' '$1 == "IL bytes (all bodies)" { print $2 " → " $3 " (" $4 ")" }' "$OUT/ilsize-${rel//\//_}.txt")
    methods=$(awk -F'\t' '$1 ~ /^IL bytes of the / { sub(/^IL bytes of the /, "", $1); sub(/ converted methods/, "", $1); print $2 " → " $3 " (" $4 ", " $1 " methods)" }' "$OUT/ilsize-${rel//\//_}.txt")
    echo "| $(cut -d/ -f1 <<< "$rel") | $(cut -d/ -f2 <<< "$rel") | $file | $all | $methods |"
  done
  echo
  echo "Per method: $OUT/ilsize-*.txt (IlSize.cs). Logs: $OUT/build-*.log, $OUT/test-*.log, $OUT/convert.log."
} | tee "$OUT/summary.md"
[ "$run_a" -gt 0 ] || die "no test ran after the conversion ($OUT/test-after.log)"
