#!/usr/bin/env bash
# Builds the generator as it was at an earlier commit, for benchmarks that compare two emitters in one run
# (benchmarks/Prewired.Benchmarks.Emitters): the same bodies compiled once by this checkout's generator and once by the
# baseline's, side by side in one BenchmarkDotNet process.
#
#     bash eng/baseline-generator.sh            # the emitter before one continuation per method (issue 19)
#     bash eng/baseline-generator.sh <commit>   # any other commit
#
# Output: artifacts/baseline-generator/Prewired.Generator.dll (plus baseline-generator/COMMIT naming what it is).
# The baseline's generated code must compile against this checkout's runtime library (src/Runtime only grew since
# the default commit). Needs git history: a shallow clone must be deepened first (git fetch --unshallow).
set -euo pipefail
cd "$(dirname "$0")/.."

# 5507ce3 is "[FastPath] one continuation per method (issue 19)"; its parent is the last per-await emitter.
COMMIT=${1:-5507ce3^}
OUT=artifacts/baseline-generator
SOURCE=$(mktemp -d)
trap 'git worktree remove --force "$SOURCE" >/dev/null 2>&1 || rm -rf "$SOURCE"' EXIT

resolved=$(git rev-parse --verify "$COMMIT^{commit}")
git worktree add --detach "$SOURCE" "$resolved" >/dev/null
rm -rf "$OUT" && mkdir -p "$OUT"
dotnet build "$SOURCE/src/Generator/Prewired.Generator.csproj" -c Release -o "$(pwd)/$OUT" -nologo -v quiet
echo "$resolved" > "$OUT/COMMIT"
echo "baseline generator at $(git log -1 --format='%h %s' "$resolved" | cut -c1-100) -> $OUT/Prewired.Generator.dll"
