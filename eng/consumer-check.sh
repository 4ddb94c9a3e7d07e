#!/usr/bin/env bash
# Prewired as a user gets it: pack Prewired and Prewired.DependencyInjection into a local folder, then build and run the
# consumer projects in tests/Consumers from a scratch folder outside the repository, restoring the packages by
# PackageReference only (a nuget.config pointing at the folder; no project references), warnings as errors:
#   Net8Lang12  net8.0 with C# 12 (the .NET 8 SDK floor)     Net10  net10.0
#   PipelinesDI pipelines + Microsoft.Extensions.DependencyInjection, referencing only Prewired.DependencyInjection
#   SkippedDefault an assembly default skipped for its constraint: warning PW0312 in dotnet build's output, -warnaserror fails
#   SkippedMessageBehavior a notification and a stream behavior skipped for their constraints: warning PW0326, the same way
#   MultiTarget net472;netstandard2.0;net8.0;net10.0 library (built, not run)   MultiTargetConvert: the same, converted by the code fix first   NotServed  netstandard1.6: NU1202 at restore
# and the generated-code review workflow on ReviewWorkflow: emit writes Generated/, verify passes, an edited body makes
# verify fail naming the stale file, a new marked method makes it fail naming the missing one, regenerating fixes both;
# and on LongOverloads, overloads with long parameter types: emit writes a short file name per overload (CS0016 before).
# Also:
#   quick start  the README's "Quick start (the package)" commands and Program.cs, taken from README.md and run as
#                written, in a scratch home folder (~) outside the repository; then a restore with an empty NuGet cache
#   adoption     Adoption/Library (warnings as errors, ordinary closures in async code nobody marked, an NServiceBus-shaped
#                behavior calling next concurrently) adds the package and builds clean, its findings only suggestions; Adoption/Library.Tests, which has only a ProjectReference to it, builds clean and runs
#                with the runtime, without Prewired's generator and analyzers
# Every restore uses a NuGet cache of its own (NUGET_PACKAGES, empty at the start), as on a fresh machine.
#
#     bash eng/consumer-check.sh
#
# Each run packs a unique prerelease version (0.1.0-local.<time>), so the global NuGet cache never serves an older
# build of the same version. Exit code 0 when every step behaves; the summary is in artifacts/consumer/summary.md.
#
#     CONSUMER_CHECK_ONLY=LongOverloads bash eng/consumer-check.sh    (or SkippedMessageBehavior)
#
# packs, then runs only that step (for working on it; CI runs everything).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
OUT=$ROOT/artifacts/consumer
VERSION=0.1.0-local.$(date +%Y%m%d%H%M%S)
rm -rf "$OUT" && mkdir -p "$OUT/packages"
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
export NUGET_PACKAGES=$WORK/nuget-packages DOTNET_NOLOGO=1
summary=()

step() { printf '\n==> %s\n' "$*"; }
pass() { echo "ok: $1"; summary+=("| $1 | ok |"); }
fail() { echo "FAILED: $1" >&2; summary+=("| $1 | **failed** |"); write_summary; exit 1; }
write_summary() { { echo "| Check | Result |"; echo "|---|---|"; printf '%s\n' "${summary[@]}"; } > "$OUT/summary.md"; }

step "pack $VERSION"
for project in src/Runtime src/DependencyInjection; do
  dotnet pack "$project" -c Release -p:Version="$VERSION" -o "$OUT/packages" > "$OUT/pack.log" 2>&1 || { cat "$OUT/pack.log"; fail "pack $project"; }
done
ls "$OUT/packages"
pass "pack Prewired and Prewired.DependencyInjection $VERSION"

cp -r tests/Consumers/. "$WORK/"
cat > "$WORK/nuget.config" <<EOF
<?xml version="1.0" encoding="utf-8"?>
<configuration>
  <packageSources>
    <clear />
    <add key="prewired-local" value="$OUT/packages" />
    <add key="nuget.org" value="https://api.nuget.org/v3/index.json" />
  </packageSources>
</configuration>
EOF

# ---- Overloads with long parameter types, their generated files written to disk (issue 33). ----
# An overload's hint name, which is its file name on disk, carried its whole parameter list: over the 255 bytes a file
# name may have on Linux, so a build writing the files (PrewiredEmitGeneratedFiles, EmitCompilerGeneratedFiles) failed
# with CS0016. Now: the method's name and 8 hex digits of a hash of its parameter types, every name at most 128 bytes.
check_long_overloads() {
  step "LongOverloads: overloads with long parameter types, built with PrewiredEmitGeneratedFiles=true"
  local project=$WORK/LongOverloads log=$OUT/LongOverloads.log names output
  dotnet build "$project" -c Release -p:PrewiredVersion="$VERSION" -p:PrewiredEmitGeneratedFiles=true -warnaserror > "$log" 2>&1 \
    || { grep -E "(error|warning) [A-Z]+[0-9]+" "$log" | sed 's/ \[.*//' | sort -u | head -n 20; fail "LongOverloads builds with PrewiredEmitGeneratedFiles=true"; }
  [ -d "$project/Generated" ] || fail "LongOverloads: emit writes Generated/"
  names=$(ls "$project/Generated")
  echo "$names"
  [ "$(grep -cE '^LongOverloads\.Caching\.Distributed\.HybridCache\.GetOrCreateAsync_[0-9a-f]{8}\.FastPath\.g\.cs$' <<<"$names")" -eq 2 ] \
    || fail "LongOverloads: Generated/ holds one file per overload, named by the method and a hash"
  while read -r name; do
    [ "$(printf '%s' "$name" | wc -c)" -le 128 ] || fail "LongOverloads: $name is at most 128 bytes"
  done <<<"$names"
  output=$(dotnet run --no-build -c Release --project "$project" -p:PrewiredVersion="$VERSION" 2>&1) || { echo "$output"; fail "LongOverloads runs"; }
  echo "$output"
  [[ "$output" == OK* ]] || fail "LongOverloads prints OK"
  # The committed copies are found by name: a clean build in a compiler process of its own (no shared compiler server)
  # must produce the same names, as a hash from string.GetHashCode (randomized per process) would not.
  rm -rf "$project/obj" "$project/bin"
  dotnet build "$project" -c Release -p:PrewiredVersion="$VERSION" -p:PrewiredVerifyGeneratedFiles=true -p:UseSharedCompilation=false -warnaserror >> "$log" 2>&1 \
    || { grep -E "error" "$log" | sort -u | head -n 10; fail "LongOverloads: a clean build in another compiler process verifies the emitted copies"; }
  pass "LongOverloads: two overloads with long parameter types emit Generated/ files named by the method and a hash of the parameter types (at most 128 bytes), run, and a clean build in another compiler process verifies them"
}

# ---- A notification behavior and a stream behavior skipped for their constraints (PW0326), as SkippedDefault's PW0312. ----
# One warning per message a behavior leaves out, at its typeof in the assembly attribute: Audit<> for Pinged (not IAudited),
# CountItems<,> for GetNames (not ICounted); none for Metrics<>, whose typeof is under #pragma. A warnings-as-errors build
# stops on both.
check_skipped_message_behavior() {
  step "SkippedMessageBehavior: notification and stream behaviors skipped for their constraints, in dotnet build's output"
  local project=$WORK/SkippedMessageBehavior log=$OUT/SkippedMessageBehavior.log skipped output
  dotnet build "$project" -c Release -p:PrewiredVersion="$VERSION" -p:TreatWarningsAsErrors=false > "$log" 2>&1 \
    || { tail -n 30 "$log"; fail "SkippedMessageBehavior builds with warnings allowed"; }
  # Each warning line without its path and trailing [project] (MSBuild prints it inline and again in the summary).
  skipped=$(grep -E "warning PW0326" "$log" | sed -E 's/^.*(Program\.cs\([0-9]+,[0-9]+\): warning PW0326: .*) \[[^]]*\]$/\1/' | sort -u)
  echo "$skipped"
  [ "$(printf '%s\n' "$skipped" | grep -c PW0326)" = 2 ] || fail "SkippedMessageBehavior: dotnet build prints PW0326 twice (one notification, one stream request)"
  grep -qF "'Audit<>' from [assembly: NotificationDefaults] is not applied to the notification 'Pinged': its constraint 'where TNotification : IAudited' is not met by 'Pinged'" <<< "$skipped" \
    || fail "SkippedMessageBehavior: the notification warning names the behavior, the notification and the unmet constraint"
  grep -F "'CountItems<,>' from [assembly: StreamDefaults] is not applied to" <<< "$skipped" | grep -qF "'GetNames'" \
    || fail "SkippedMessageBehavior: the stream warning names the behavior and the stream request"
  ! grep -q "Metrics<>" <<< "$skipped" || fail "SkippedMessageBehavior: no PW0326 for the behavior under #pragma"
  output=$(dotnet run --no-build -c Release --project "$project" -p:PrewiredVersion="$VERSION" 2>&1) || { echo "$output"; fail "SkippedMessageBehavior runs"; }
  echo "$output"
  [[ "$output" == OK* ]] || fail "SkippedMessageBehavior prints OK"
  if dotnet build "$project" --no-incremental -c Release -p:PrewiredVersion="$VERSION" -warnaserror > "$log.strict" 2>&1; then
    fail "SkippedMessageBehavior: a warnings-as-errors build stops on PW0326"
  fi
  [ "$(grep -E "error PW0326" "$log.strict" | sed -E 's/ \[[^]]*\]$//' | sort -u | wc -l)" = 2 ] \
    || { grep -E "error" "$log.strict" | sort -u | head; fail "SkippedMessageBehavior: the warnings-as-errors build fails with the two PW0326 only"; }
  pass "SkippedMessageBehavior: dotnet build prints warning PW0326 for the notification and the stream request a behavior leaves out (not for the one under #pragma), runs ($output), and fails with -warnaserror"
}

case "${CONSUMER_CHECK_ONLY:-}" in
  LongOverloads) check_long_overloads; write_summary; exit 0 ;;
  SkippedMessageBehavior) check_skipped_message_behavior; write_summary; exit 0 ;;
esac

for consumer in Net8Lang12 Net10 PipelinesDI; do
  step "$consumer"
  log="$OUT/$consumer.log"
  dotnet build "$WORK/$consumer" -c Release -p:PrewiredVersion="$VERSION" -warnaserror > "$log" 2>&1 || { tail -n 30 "$log"; fail "$consumer builds with warnings as errors"; }
  grep -q "project.assets.json" "$log" || true
  output=$(dotnet run --no-build -c Release --project "$WORK/$consumer" -p:PrewiredVersion="$VERSION" 2>&1) || { echo "$output"; fail "$consumer runs"; }
  echo "$output"
  [[ "$output" == OK* ]] || fail "$consumer prints OK"
  # The package, not a project reference, is what compiled it: its assets name Prewired $VERSION.
  grep -q "\"Prewired/$VERSION\"" "$WORK/$consumer/obj/project.assets.json" || fail "$consumer restored Prewired $VERSION from the local folder"
  pass "$consumer: restored Prewired $VERSION by PackageReference, built with warnings as errors, ran ($output)"
done

step "SkippedDefault: a default skipped for its constraint, in dotnet build's output"
# PW0312 was a suggestion, which dotnet build does not print even at -v n: only a SARIF log showed it. As a warning it is in
# the ordinary output, for the one pipeline that does not say the skip is meant (not for ExcludeDefaults, not under #pragma),
# and a warnings-as-errors build stops on it.
log="$OUT/SkippedDefault.log"
dotnet build "$WORK/SkippedDefault" -c Release -p:PrewiredVersion="$VERSION" -p:TreatWarningsAsErrors=false > "$log" 2>&1 \
  || { tail -n 30 "$log"; fail "SkippedDefault builds with warnings allowed"; }
# Each warning line without its path and trailing [project] (MSBuild prints it inline and again in the summary).
skipped=$(grep -E "warning PW0312" "$log" | sed -E 's/^.*(Program\.cs\([0-9]+,[0-9]+\): warning PW0312: .*) \[[^]]*\]$/\1/' | sort -u)
echo "$skipped"
[ "$(printf '%s\n' "$skipped" | grep -c PW0312)" = 1 ] || fail "SkippedDefault: dotnet build prints PW0312 for exactly one pipeline"
grep -qF "'Validation<,>' from [assembly: PipelineDefaults] is not applied to 'UnsaidPricePipeline': its constraint 'where TRequest : IValidatable' is not met by 'GetPrice'" <<< "$skipped" \
  || fail "SkippedDefault: the warning names the default, the pipeline and the unmet constraint"
output=$(dotnet run --no-build -c Release --project "$WORK/SkippedDefault" -p:PrewiredVersion="$VERSION" 2>&1) || { echo "$output"; fail "SkippedDefault runs"; }
echo "$output"
[[ "$output" == OK* ]] || fail "SkippedDefault prints OK"
if dotnet build "$WORK/SkippedDefault" --no-incremental -c Release -p:PrewiredVersion="$VERSION" -warnaserror > "$log.strict" 2>&1; then
  fail "SkippedDefault: a warnings-as-errors build stops on PW0312"
fi
grep -q "error PW0312: 'Validation<,>' from \[assembly: PipelineDefaults\] is not applied to 'UnsaidPricePipeline'" "$log.strict" \
  || { grep -E "error" "$log.strict" | sort -u | head; fail "SkippedDefault: the warnings-as-errors build fails with PW0312 only for UnsaidPricePipeline"; }
pass "SkippedDefault: dotnet build prints warning PW0312 for the pipeline that says nothing (not for ExcludeDefaults or #pragma), runs ($output), and fails with -warnaserror"

check_skipped_message_behavior

step "quick start, as README.md writes it"
# The first bash and the first csharp block of the README's "Quick start (the package)" section, verbatim.
quickstart_block() {
  awk -v fence='```'"$1" '/^## Quick start \(the package\)/ { inside = 1; next }
    inside && /^## / { exit }
    inside && !block && $0 == fence { block = 1; next }
    block && /^```/ { exit }
    block { print }' README.md
}
home=$WORK/home
mkdir -p "$home"
quickstart_block bash > "$OUT/quickstart.sh"
quickstart_block csharp > "$OUT/quickstart.cs"
grep -q "dotnet add package Prewired" "$OUT/quickstart.sh" && grep -q "FastPath" "$OUT/quickstart.cs" || fail "quick start: README.md has the commands and Program.cs"
props=$(sha256sum Directory.Packages.props)
( export HOME=$home; bash -euo pipefail "$OUT/quickstart.sh" ) > "$OUT/quickstart.log" 2>&1 || { tail -n 30 "$OUT/quickstart.log"; fail "quick start: the README's commands run as written"; }
app=$home/MyApp
[ -f "$app/MyApp.csproj" ] || fail "quick start: the app is in ~/MyApp"
[ "$(sha256sum Directory.Packages.props)" == "$props" ] || fail "quick start: the repository's Directory.Packages.props is left alone"
grep -q '<PackageReference Include="Prewired" Version="0.1.0" />' "$app/MyApp.csproj" || { cat "$app/MyApp.csproj"; fail "quick start: the app references Prewired 0.1.0"; }
cp "$OUT/quickstart.cs" "$app/Program.cs"
# The folder must stay a source of the app: a later restore, with the cache emptied again, still finds the package.
rm -rf "$NUGET_PACKAGES"
output=$(cd "$app" && HOME=$home dotnet run 2>&1) || { echo "$output" | tail -n 30; fail "quick start: dotnet run restores with an empty NuGet cache and runs"; }
echo "$output"
[ "$output" == $'421.5\n421.5' ] || fail "quick start: dotnet run prints 421.5 twice"
pass "quick start: README's commands and Program.cs as written, outside the repository (Directory.Packages.props unchanged), restored again with an empty NuGet cache, print 421.5 twice"

step "adoption: a library built with warnings as errors adds the package; its test project references it"
adoption=$WORK/Adoption
dotnet build "$adoption/Library.Tests" -c Release -p:PrewiredVersion="$VERSION" > "$OUT/adoption.log" 2>&1 || { grep -E "error|warning" "$OUT/adoption.log" | sort -u | head -n 20; fail "adoption: the library and its test project build with warnings as errors"; }
output=$(dotnet run --no-build -c Release --project "$adoption/Library.Tests" -p:PrewiredVersion="$VERSION" 2>&1) || { echo "$output"; fail "adoption: the test project runs"; }
echo "$output"
[[ "$output" == OK* ]] || fail "adoption: the test project's checks pass"
[ -f "$adoption/Library.Tests/bin/Release/net10.0/Prewired.dll" ] || fail "adoption: the runtime flows to the test project"
# Prewired's Analyzer items (the generator, the analyzers, the code fixes) as the compile would get them.
prewired_analyzers() {
  dotnet msbuild "$@" -p:Configuration=Release -p:PrewiredVersion="$VERSION" -t:ResolveLockFileAnalyzers -getItem:Analyzer 2>&1 \
    | grep -c '"NuGetPackageId": "Prewired"' || true
}
library_analyzers=$(prewired_analyzers "$adoption/Library")
tests_analyzers=$(prewired_analyzers "$adoption/Library.Tests")
# The opt-in brings them back: what NuGet alone would have done, so the count above is the targets' doing.
tests_opted_in=$(prewired_analyzers "$adoption/Library.Tests" -p:PrewiredTransitiveAnalyzers=true)
echo "Prewired analyzer assemblies: Library $library_analyzers, Library.Tests $tests_analyzers (with PrewiredTransitiveAnalyzers=true: $tests_opted_in)"
[ "$library_analyzers" -eq 3 ] || fail "adoption: the library that references the package gets the generator and analyzers"
[ "$tests_analyzers" -eq 0 ] || fail "adoption: the test project (ProjectReference only) gets no Prewired analyzers"
[ "$tests_opted_in" -eq 3 ] || fail "adoption: PrewiredTransitiveAnalyzers=true gives the test project the analyzers"
# The clean build is not for want of findings: the analyzers see the closures and the concurrent next, as suggestions.
# The error log (SARIF) lists Info diagnostics, which the build output does not.
dotnet build "$adoption/Library" --no-incremental -c Release -p:PrewiredVersion="$VERSION" -p:ErrorLog="$OUT/adoption.sarif" > "$OUT/adoption-sarif.log" 2>&1 || fail "adoption: the library rebuilds with an error log"
suggestions=$(grep -oE '"ruleId": "PW0(402|32[0-3]|401)"' "$OUT/adoption.sarif" | sort | uniq -c | awk '{print $NF"x"$1}' | tr -d '"' | paste -sd' ' || true)
echo "Library's Prewired reports (error log): ${suggestions:-none}"
grep -q '"ruleId": "PW0322"' "$OUT/adoption.sarif" || fail "adoption: the NServiceBus-shaped FanOut gets the suggestion PW0322"
grep -q '"ruleId": "PW0402"' "$OUT/adoption.sarif" || fail "adoption: the unmarked closures get the suggestion PW0402"
pass "adoption: Library (closures in unmarked async code, an NServiceBus-shaped behavior calling next concurrently: PW0402/PW0322 suggestions) and Library.Tests (ProjectReference) build with warnings as errors and run; the runtime flows, the generator and analyzers stay in Library"

# ---- Every target a library ships (issue 18): a multi-targeted library, and a target the package does not serve. ----
step "MultiTarget: net472;netstandard2.0;net8.0;net10.0"
log="$OUT/MultiTarget.log"
dotnet build "$WORK/MultiTarget" -c Release -p:PrewiredVersion="$VERSION" -warnaserror > "$log" 2>&1 \
  || { grep -E "(error|warning) [A-Z]+[0-9]+" "$log" | sed 's/ \[.*//' | sort -u | tail -n 30; fail "MultiTarget builds for every target with warnings as errors"; }
for tfm in net472 netstandard2.0 net8.0 net10.0; do
  [ -f "$WORK/MultiTarget/bin/Release/$tfm/MultiTarget.dll" ] || fail "MultiTarget: built $tfm"
done
# net472 and netstandard2.0 compile against Prewired's netstandard2.0 build, net8.0 and net10.0 against their own.
for lib in netstandard2.0 net8.0 net10.0; do
  grep -q "\"lib/$lib/Prewired.dll\"" "$WORK/MultiTarget/obj/project.assets.json" || fail "MultiTarget: restored lib/$lib/Prewired.dll"
done
grep -q "\"Prewired/$VERSION\"" "$WORK/MultiTarget/obj/project.assets.json" || fail "MultiTarget restored Prewired $VERSION from the local folder"
pass "MultiTarget: [FastPath]/[TailAwait]/[Pipeline] built clean with warnings as errors for net472, netstandard2.0 (lib/netstandard2.0), net8.0 and net10.0"

step "MultiTargetConvert: converted by the code fix, every target"
log="$OUT/MultiTargetConvert.log"
dotnet restore "$WORK/MultiTargetConvert" -p:PrewiredVersion="$VERSION" > "$log" 2>&1 || fail "MultiTargetConvert restores"
dotnet format analyzers "$WORK/MultiTargetConvert/MultiTargetConvert.csproj" --diagnostics PW0202 --severity hidden --no-restore >> "$log" 2>&1 \
  || fail "MultiTargetConvert: dotnet format analyzers --diagnostics PW0202 ran"
# Four methods, one of them with a header per target: both of its branches are converted, five marks in all.
converted=$(grep -c '\[FastPath(nameof(' "$WORK/MultiTargetConvert/Library.cs" || true)
[ "$converted" -eq 5 ] || { cat "$WORK/MultiTargetConvert/Library.cs"; fail "MultiTargetConvert: the code fix converted 4 methods, 5 headers (got $converted)"; }
# dotnet format merges the targets' fixes of the file; different rewrites would be written in as a conflict.
if grep -q "Unmerged change" "$WORK/MultiTargetConvert/Library.cs"; then cat "$WORK/MultiTargetConvert/Library.cs"; fail "MultiTargetConvert: every target's fix wrote the same text (no unmerged change)"; fi
dotnet build "$WORK/MultiTargetConvert" -c Release -p:PrewiredVersion="$VERSION" -warnaserror --no-restore >> "$log" 2>&1 \
  || { grep -E "(error|warning) [A-Z]+[0-9]+" "$log" | sed 's/ \[.*//' | sort -u | tail -n 30; cat "$WORK/MultiTargetConvert/Library.cs"; fail "MultiTargetConvert builds for every target with warnings as errors"; }
for tfm in net472 netstandard2.0 net8.0 net10.0; do
  [ -f "$WORK/MultiTargetConvert/bin/Release/$tfm/MultiTargetConvert.dll" ] || fail "MultiTargetConvert: built $tfm"
done
pass "MultiTargetConvert: 4 async methods (one with #if in its body, one with a header per target, a using under #if) converted to [FastPath] by the code fix, then built clean with warnings as errors for net472, netstandard2.0, net8.0 and net10.0"

step "NotServed: netstandard1.6"
if dotnet restore "$WORK/NotServed" -p:PrewiredVersion="$VERSION" > "$OUT/NotServed.log" 2>&1; then fail "NotServed: restore fails for a target no lib folder serves"; fi
grep -q "error NU1202: Package Prewired $VERSION is not compatible with netstandard1.6" "$OUT/NotServed.log" \
  || { tail -n 20 "$OUT/NotServed.log"; fail "NotServed: restore fails with NU1202"; }
pass "NotServed: netstandard1.6 fails at restore with NU1202 (not a silent restore and CS0246)"
# ---- end of issue 18's checks ----

step "review workflow"
review="$WORK/ReviewWorkflow"
build() { dotnet build "$review" -c Release -p:PrewiredVersion="$VERSION" "$@" > "$OUT/review.log" 2>&1; }
# A plain build first: turning the option on afterwards, with no source change, must still write the files.
build || { tail -n 30 "$OUT/review.log"; fail "review: plain build"; }
build -p:PrewiredEmitGeneratedFiles=true || { tail -n 30 "$OUT/review.log"; fail "emit: build with PrewiredEmitGeneratedFiles=true"; }
generated="Generated/ReviewWorkflow.Inventory.CountAsync.FastPath.g.cs"
[ -f "$review/$generated" ] || { ls -R "$review"; fail "emit: writes $generated"; }
pass "emit: PrewiredEmitGeneratedFiles=true, turned on after a plain build, writes $generated (kept out of compilation)"
# The #line directives that map the body's statements name Inventory.cs relative to the project in the committed copy, so
# a copy emitted on one machine verifies on another.
grep -qE '^#line \([0-9]+,[0-9]+\)-\([0-9]+,[0-9]+\) [0-9]+ "Inventory.cs"$' "$review/$generated" || { grep '^#line' "$review/$generated" | head; fail "emit: the committed copy maps the body to the project-relative Inventory.cs"; }
! grep -qF "$review" "$review/$generated" || fail "emit: the committed copy holds no machine path"
pass "emit: the committed copy's #line directives name the body's file relative to the project"

build -p:PrewiredVerifyGeneratedFiles=true || { tail -n 30 "$OUT/review.log"; fail "verify: passes on fresh copies"; }
pass "verify: PrewiredVerifyGeneratedFiles=true passes while the committed copies are current"

sed -i 's/return _stock.GetValueOrDefault(item);/return _stock.GetValueOrDefault(item) + 1;/' "$review/Inventory.cs"
if build -p:PrewiredVerifyGeneratedFiles=true; then fail "verify: fails after the body changed"; fi
grep -E "error PW1001" "$OUT/review.log" | sort -u | head -n 3
grep -q "error PW1001: Generated file '$generated' is stale" "$OUT/review.log" || fail "verify: the error names the stale file"
pass "verify: after editing the body, the build fails with PW1001 naming $generated"

cat >> "$review/Inventory.cs" <<'EOF'

public partial class Shelf
{
    [TailAwait(nameof(LabelCoreAsync))]
    public partial Task<string> LabelAsync();

    private async Task<string> LabelCoreAsync() => await Task.FromResult("shelf");
}
EOF
if build -p:PrewiredVerifyGeneratedFiles=true; then fail "verify: fails when a marked method is added"; fi
grep -q "error PW1001: Generated file 'Generated/ReviewWorkflow.Shelf.LabelAsync.TailAwait.g.cs' is missing" "$OUT/review.log" || { grep PW1001 "$OUT/review.log" | head; fail "verify: the error names the missing file"; }
pass "verify: a new marked method fails with PW1001 naming the missing file"

build -p:PrewiredEmitGeneratedFiles=true || fail "emit: regenerate"
build -p:PrewiredVerifyGeneratedFiles=true || { grep PW1001 "$OUT/review.log" | head; fail "verify: passes after regenerating"; }
grep -q "GetValueOrDefault(item) + 1" "$review/$generated" || fail "emit: the regenerated file has the new body"
pass "regenerate: emit again, verify passes, the committed copy shows the edit"

sed -i '/^public partial class Shelf$/,$d' "$review/Inventory.cs"
if build -p:PrewiredVerifyGeneratedFiles=true; then fail "verify: fails when a marked method is removed"; fi
grep -q "error PW1001: Generated file 'Generated/ReviewWorkflow.Shelf.LabelAsync.TailAwait.g.cs' is no longer generated" "$OUT/review.log" \
  || { grep PW1001 "$OUT/review.log" | head; fail "verify: the error names the file no longer generated"; }
build -p:PrewiredEmitGeneratedFiles=true || fail "emit: after removing a method"
[ ! -e "$review/Generated/ReviewWorkflow.Shelf.LabelAsync.TailAwait.g.cs" ] || fail "emit: deletes the file no longer generated"
build -p:PrewiredVerifyGeneratedFiles=true || fail "verify: passes after the removal is regenerated"
pass "remove: a removed marked method fails verify naming its file; emit deletes it; verify passes"

step "review workflow with an absolute intermediate folder (UseArtifactsOutput, or BaseIntermediateOutputPath set so)"
# Polly builds with UseArtifactsOutput: obj/ is an absolute path outside the project. The generator's output folder was
# "$(MSBuildProjectDirectory)/$(BaseIntermediateOutputPath)...", a folder inside the project whose .g.cs files the next
# build compiled as sources (CS0111 on every generated member).
outside_obj="$WORK/review-obj/"
rm -rf "$review/obj"   # its .cs files (assembly info) would be sources once obj/ is elsewhere
build -p:BaseIntermediateOutputPath="$outside_obj" -p:PrewiredEmitGeneratedFiles=true || { tail -n 30 "$OUT/review.log"; fail "absolute obj: emit"; }
stray=$(find "$review" -name '*.g.cs' -not -path "$review/Generated/*" | head -n 3)
[ -z "$stray" ] || fail "absolute obj: the generator's output stays in the intermediate folder (found $stray)"
[ -f "$review/$generated" ] || fail "absolute obj: emit writes $generated"
build -p:BaseIntermediateOutputPath="$outside_obj" -p:PrewiredVerifyGeneratedFiles=true || { grep -E "error" "$OUT/review.log" | sort -u | head; fail "absolute obj: a second build verifies"; }
pass "absolute obj: with BaseIntermediateOutputPath outside the project, emit writes Generated/ only and the next build verifies"

check_long_overloads

write_summary
step "summary"
cat "$OUT/summary.md"
