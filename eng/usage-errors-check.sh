#!/usr/bin/env bash
# The usage errors a user must see from the command line. The compiler does not report analyzer diagnostics when the
# build has errors, so a misuse that causes a compiler error of its own (a partial method in a non-partial type: CS0751;
# a marked method neither partial nor with a body: CS0501; an 'in' parameter an async body cannot take: CS1988) would show
# only the CS error. The generator reports those PW errors itself (src/Generator/Marks/UsageErrorReporting.cs).
# tests/UsageErrorsSample holds one of each; this builds it with 'dotnet build' and requires each PW error, at its file and
# line, in what the command line prints.
#
#     bash eng/usage-errors-check.sh
#
# Exit code 0 when every expected PW error is printed; the log is artifacts/usage-errors-check/build.log.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
OUT=$ROOT/artifacts/usage-errors-check
WORK=$OUT/UsageErrorsSample
rm -rf "$OUT" && mkdir -p "$OUT"
cp -r tests/UsageErrorsSample "$WORK"
rm -rf "$WORK/bin" "$WORK/obj"

fail() { echo "FAILED: $1" >&2; exit 1; }

echo "==> dotnet build tests/UsageErrorsSample (it must fail)"
if dotnet build "$WORK/UsageErrorsSample.csproj" -c Debug > "$OUT/build.log" 2>&1; then
  fail "the sample built, but every file in it is a usage error"
fi

# What the build printed, once per error (MSBuild repeats them in its summary), without the project path suffix.
errors=$(grep -E ": error (PW|CS)[0-9]+" "$OUT/build.log" | sed -E 's| \[[^]]*\]$||; s|^.*/UsageErrorsSample/||' | awk '!seen[$0]++')
echo "$errors"

expect() { # file(line,col) id
  grep -qF "$1: error $2:" <<< "$errors" || fail "the build does not print '$1: error $2'"
  echo "ok: $1 error $2"
}
expect "NotPartialType.cs(9,35)" PW0002
expect "NotPartialMethod.cs(9,22)" PW0001
expect "InParameter.cs(9,35)" PW0007
echo "usage errors check: ok (PW0002, PW0001, PW0007 printed by dotnet build next to CS0751, CS0501, CS1988)"
