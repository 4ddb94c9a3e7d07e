#!/usr/bin/env bash
# The code fixes in a real host: 'dotnet format analyzers' (the SDK's command-line host for analyzers and code fixes)
# applies them to tests/FormatSample, a small project that references the generator, analyzers and code fixes the way
# the package does (as analyzers) and breaks each rule that has a fix:
#   PW0102 (tail-await candidate), PW0202 (fast-path candidate, raised from hidden by the sample's .editorconfig),
#   PW0001 (marked method not partial), PW0002 (type not partial), PW0003 (a typo of an existing body method: the fix
#   must use that method, never create a throwing one), PW0401 (closure on a
#   fast path: the capturing local function made static).
# Then tests/FormatSample/MultiTarget, two targets (net8.0;net10.0) with FEATURE defined on net8.0 only and usings that
# end in an '#if FEATURE' block (issue 33): 'dotnet format' fixes PW0202 once per target and merges, so the fix must
# write the same text on both, 'using Prewired;' once; the result builds for both targets and matches its Expected/.
# The sample is copied to artifacts/format-check/FormatSample (inside the repository, so its project references still
# resolve), fixed there, then built with warnings as errors, and every fixed file must equal tests/FormatSample/Expected.
#
#     bash eng/format-check.sh
#
# Exit code 0 when the fixes apply, the result builds and matches; the log is artifacts/format-check/format.log.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
OUT=$ROOT/artifacts/format-check
WORK=$OUT/FormatSample
rm -rf "$OUT" && mkdir -p "$OUT"
cp -r tests/FormatSample "$WORK"
rm -rf "$WORK/Expected" "$WORK/bin" "$WORK/obj" "$WORK/MultiTarget/Expected" "$WORK/MultiTarget/bin" "$WORK/MultiTarget/obj"

fail() { echo "FAILED: $1" >&2; exit 1; }

# The analyzer assemblies must exist before 'dotnet format' loads the project (it does not build references). Debug is
# what the sample's references resolve to when 'dotnet format' evaluates it without a configuration.
echo "==> build the generator, analyzers, code fixes and runtime (Debug)"
for project in src/Generator src/Analyzers src/Analyzers/CodeFixes; do
  dotnet build "$project" -c Debug > "$OUT/build-$(basename "$project").log" 2>&1 || { tail -n 30 "$OUT/build-$(basename "$project").log"; fail "build $project"; }
done

echo "==> dotnet format analyzers --diagnostics PW0102 PW0202 PW0001 PW0002 PW0003 PW0401"
dotnet format analyzers "$WORK/FormatSample.csproj" --diagnostics PW0102 PW0202 PW0001 PW0002 PW0003 PW0401 --severity hidden -v diag \
  > "$OUT/format.log" 2>&1 || { tail -n 40 "$OUT/format.log"; fail "dotnet format analyzers"; }
grep -E "Fixing|fix|Formatted" "$OUT/format.log" | head -n 20 || true

echo "==> the fixed sample builds with warnings as errors"
dotnet build "$WORK/FormatSample.csproj" -c Debug -warnaserror > "$OUT/build-sample.log" 2>&1 || { grep -E "error|warning" "$OUT/build-sample.log" | sort -u | head -n 20; fail "the fixed sample builds"; }

echo "==> the fixed files match tests/FormatSample/Expected"
status=0
expected_files=(tests/FormatSample/Expected/*.cs)
[ -e "${expected_files[0]}" ] || fail "tests/FormatSample/Expected holds no expected sources"
for expected in "${expected_files[@]}"; do
  actual="$WORK/$(basename "$expected")"
  if ! diff -u "$expected" "$actual"; then status=1; fi
done
[ $status -eq 0 ] || fail "the fixed files differ from tests/FormatSample/Expected (diff above)"

# ---- Two targets, a using block only one of them compiles (issue 33). ----
MULTI=$WORK/MultiTarget
echo "==> MultiTarget (net8.0 with FEATURE, net10.0 without): dotnet format analyzers --diagnostics PW0202"
dotnet format analyzers "$MULTI/FormatSampleMultiTarget.csproj" --diagnostics PW0202 --severity hidden -v diag \
  > "$OUT/format-multitarget.log" 2>&1 || { tail -n 40 "$OUT/format-multitarget.log"; fail "dotnet format analyzers (MultiTarget)"; }
# The targets' fixes are merged: the same text from both leaves one using; different places leave two (CS0105).
usings=$(grep -c '^using Prewired;' "$MULTI/Orders.cs" || true)
[ "$usings" -eq 1 ] || { cat "$MULTI/Orders.cs"; fail "MultiTarget: the merged fix writes 'using Prewired;' once (got $usings)"; }
echo "==> MultiTarget: the fixed sample builds for net8.0 and net10.0 with warnings as errors"
dotnet build "$MULTI/FormatSampleMultiTarget.csproj" -c Debug -warnaserror > "$OUT/build-multitarget.log" 2>&1 \
  || { grep -E "(error|warning) [A-Z]+[0-9]+" "$OUT/build-multitarget.log" | sed 's/ \[.*//' | sort -u | head -n 20; fail "the fixed MultiTarget sample builds for both targets"; }
for tfm in net8.0 net10.0; do
  [ -f "$MULTI/bin/Debug/$tfm/FormatSampleMultiTarget.dll" ] || fail "MultiTarget: built $tfm"
done
echo "==> MultiTarget: the fixed files match tests/FormatSample/MultiTarget/Expected"
for expected in tests/FormatSample/MultiTarget/Expected/*.cs; do
  diff -u "$expected" "$MULTI/$(basename "$expected")" || fail "the fixed MultiTarget files differ from tests/FormatSample/MultiTarget/Expected (diff above)"
done
echo "format check: ok (PW0102, PW0202, PW0001, PW0002, PW0003, PW0401 fixed by dotnet format analyzers; the result builds and matches; the two-target sample gets one 'using Prewired;', builds for both targets and matches)"
