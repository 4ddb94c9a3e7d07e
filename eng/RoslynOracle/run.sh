#!/usr/bin/env bash
# The C# compiler's own async tests as an oracle (issue 33 point 2). Takes a dotnet/roslyn git directory (the `fetch`
# mirror, or any clone) and a commit, copies the test files named below out of it into a scratch directory OUTSIDE this
# repository (their text is never committed), builds the tool and runs it. Prints the totals table; findings, with the
# converted source and the generated code of each, go to $WORK/findings.txt.
#
#   bash eng/RoslynOracle/run.sh /work/.mirror/ljw1004+roslyn/repo HEAD [/tmp/oracle]
#
# With --files, takes a directory of test files already copied out (transcribed from a stored index, as for the C# 8
# files of README.md) instead of a git directory, and a scratch directory for the work:
#
#   bash eng/RoslynOracle/run.sh --files /tmp/roslyn-c8/files /tmp/roslyn-c8
set -euo pipefail
if [ "${1:-}" = "--files" ]; then
  FILES_DIR=$(cd "${2:?"usage: run.sh --files <test files dir> <scratch dir>"}" && pwd)
  SCRATCH=${3:?"usage: run.sh --files <test files dir> <scratch dir>"}
  HERE="$(cd "$(dirname "$0")" && pwd)"
  REPO="$(cd "$HERE/../.." && pwd)"
  case "$FILES_DIR" in "$REPO"*) echo "the test files must be outside the repository" >&2; exit 2;; esac
  case "$SCRATCH" in "$REPO"*) echo "the scratch directory must be outside the repository" >&2; exit 2;; esac
  dotnet build "$HERE" -c Release -v q -nologo
  exec dotnet "$HERE/bin/Release/net10.0/Prewired.RoslynOracle.dll" "$FILES_DIR" "$SCRATCH/work"
fi
ROSLYN_GIT=${1:?"usage: run.sh <roslyn git dir> <commit> [scratch dir]"}
COMMIT=${2:-HEAD}
SCRATCH=${3:-/tmp/prewired-roslyn-oracle}
HERE="$(cd "$(dirname "$0")" && pwd)"
REPO="$(cd "$HERE/../.." && pwd)"
case "$SCRATCH" in "$REPO"*) echo "the scratch directory must be outside the repository" >&2; exit 2;; esac

# The async emit tests, then the other emit and semantic test files with async programs. A file missing at the commit is
# reported and left out (the 2016 snapshot predates await foreach and await using).
FILES=(
  Emit/CodeGen/CodeGenAsyncTests.cs Emit/CodeGen/CodeGenAsyncEHTests.cs Emit/CodeGen/CodeGenAsyncLocalsTests.cs
  Emit/CodeGen/CodeGenAsyncSpillTests.cs Emit/CodeGen/CodeGenAsyncIteratorTests.cs Emit/CodeGen/CodeGenAsyncMainTests.cs
  Emit/CodeGen/CodeGenAwaitForeachTests.cs Emit/CodeGen/CodeGenAwaitUsingTests.cs Emit/CodeGen/CodeGenAsyncDisposableTests.cs
  Emit/CodeGen/CodeGenShortCircuitOperatorTests.cs Emit/CodeGen/CodeGenTupleTest.cs Emit/CodeGen/CodeGenLocalFunctionTests.cs
  Emit/CodeGen/ObjectAndCollectionInitializerTests.cs Emit/Attributes/AttributeTests_WellKnownAttributes.cs
  Semantic/Semantics/BindingAwaitTests.cs Semantic/Semantics/BindingAsyncTasklikeTests.cs
  Semantic/Semantics/BindingAsyncTasklikeMoreTests.cs Semantic/Semantics/OverloadResolutionTests.cs
  Semantic/Semantics/DynamicTests.cs Semantic/Semantics/LocalFunctionTests.cs Semantic/Semantics/OutVarTests.cs
  Semantic/Semantics/SemanticErrorTests.cs Semantic/Semantics/BindingTests.cs
)
rm -rf "$SCRATCH/files"
mkdir -p "$SCRATCH/files"
RESOLVED=$(git --git-dir="$ROSLYN_GIT" rev-parse "$COMMIT")
echo "roslyn commit: $RESOLVED"
for f in "${FILES[@]}"; do
  if git --git-dir="$ROSLYN_GIT" cat-file -e "$RESOLVED:src/Compilers/CSharp/Test/$f" 2>/dev/null; then
    git --git-dir="$ROSLYN_GIT" show "$RESOLVED:src/Compilers/CSharp/Test/$f" > "$SCRATCH/files/$(basename "$f")"
  else
    echo "not at this commit: $f"
  fi
done

dotnet build "$HERE" -c Release -v q -nologo
dotnet "$HERE/bin/Release/net10.0/Prewired.RoslynOracle.dll" "$SCRATCH/files" "$SCRATCH/work"
