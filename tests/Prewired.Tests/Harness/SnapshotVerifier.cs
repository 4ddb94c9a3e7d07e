using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Runtime.CompilerServices;
using System.Text;
using Microsoft.CodeAnalysis;
using Xunit;

namespace Prewired.Tests.Harness
{
    /// <summary>
    /// Snapshot tests in the Verify.SourceGenerators layout, so moving to that package later keeps every file:
    /// each generated source is compared with
    /// <c>&lt;folder of the test file&gt;/Snapshots/&lt;TestFile&gt;.&lt;TestMethod&gt;#&lt;hint name without .cs&gt;.verified.cs</c>.
    /// <para>
    /// <c>&lt;TestFile&gt;</c> is the test's file name without <c>.cs</c>, found with [CallerFilePath], so keep one test class
    /// per file named after it. A mismatch or a missing snapshot writes <c>.received.cs</c> beside it and fails with a line
    /// diff; review it and move it over the <c>.verified.cs</c>, or run the tests with
    /// <c>PREWIRED_ACCEPT_SNAPSHOTS=1</c>, which accepts everything received (never when <c>CI=true</c>).
    /// </para>
    /// </summary>
    /// <example>
    /// <code>
    /// [Fact]
    /// public void Generic_method()
    /// {
    ///     GeneratorRun run = GeneratorDriverHarness.Run(new TailAwaitGenerator(), Source);
    ///     SnapshotVerifier.Verify(run); // Snapshots/TailAwaitSnapshotTests.Generic_method#OrderStore.GetAsync.g.verified.cs
    /// }
    /// </code>
    /// </example>
    public static class SnapshotVerifier
    {
        public const string AcceptVariable = "PREWIRED_ACCEPT_SNAPSHOTS";
        public const string SnapshotFolder = "Snapshots";
        private const string VerifiedSuffix = ".verified.cs";
        private const string ReceivedSuffix = ".received.cs";

        /// <summary>Accepting rewrites the snapshots the tests exist to guard, so CI never does it, whatever else is set.</summary>
        public static bool AcceptFromEnvironment =>
            ShouldAccept(Environment.GetEnvironmentVariable(AcceptVariable), Environment.GetEnvironmentVariable("CI"));

        /// <summary>The rule behind <see cref="AcceptFromEnvironment"/>, given the two variables' values.</summary>
        public static bool ShouldAccept(string? acceptValue, string? ciValue) =>
            acceptValue == "1" && !string.Equals(ciValue, "true", StringComparison.OrdinalIgnoreCase);

        /// <param name="run">The generator run whose generated sources are verified.</param>
        /// <param name="variant">Distinguishes the rows of a [Theory]: the name becomes <c>Method_variant</c>.</param>
        /// <param name="testFile">Filled in by the compiler; a helper that wraps Verify passes its own caller's on.</param>
        /// <param name="testMethod">Filled in by the compiler, as <paramref name="testFile"/>.</param>
        public static void Verify(GeneratorRun run, string? variant = null, [CallerFilePath] string testFile = "", [CallerMemberName] string testMethod = "") =>
            Verify(run.RunResult, variant, testFile, testMethod);

        /// <inheritdoc cref="Verify(GeneratorRun, string?, string, string)"/>
        public static void Verify(GeneratorDriverRunResult result, string? variant = null, [CallerFilePath] string testFile = "", [CallerMemberName] string testMethod = "") =>
            Verify(result.Results.SelectMany(r => r.GeneratedSources).Select(s => (s.HintName, s.SourceText.ToString())), variant, testFile, testMethod);

        /// <inheritdoc cref="Verify(GeneratorRun, string?, string, string)"/>
        public static void Verify(IEnumerable<(string HintName, string Source)> sources, string? variant = null, [CallerFilePath] string testFile = "", [CallerMemberName] string testMethod = "")
        {
            if (string.IsNullOrEmpty(testFile) || !Path.IsPathRooted(testFile))
            {
                throw new ArgumentException("The test file path is needed to find its snapshots; do not pass testFile explicitly.", nameof(testFile));
            }

            string directory = Path.Combine(Path.GetDirectoryName(testFile)!, SnapshotFolder);
            string testName = Path.GetFileNameWithoutExtension(testFile) + "." + testMethod + (variant is null ? "" : "_" + variant);
            VerifyIn(directory, testName, sources, AcceptFromEnvironment);
        }

        /// <summary>
        /// Compares <paramref name="sources"/> with the snapshots named <c>&lt;testName&gt;#&lt;hint&gt;.verified.cs</c> in
        /// <paramref name="directory"/>; with <paramref name="accept"/> it writes them instead of failing.
        /// </summary>
        public static void VerifyIn(string directory, string testName, IEnumerable<(string HintName, string Source)> sources, bool accept)
        {
            Directory.CreateDirectory(directory);
            string prefix = testName + "#";

            // Received files from an earlier run describe that run; leaving them would suggest a failure that is gone.
            foreach (string stale in Directory.EnumerateFiles(directory, prefix + "*" + ReceivedSuffix))
            {
                File.Delete(stale);
            }

            var failures = new List<string>();
            var expectedFiles = new HashSet<string>(StringComparer.Ordinal);
            foreach ((string hintName, string source) in sources.OrderBy(s => s.HintName, StringComparer.Ordinal))
            {
                string stem = Path.Combine(directory, prefix + FileStem(hintName));
                string verifiedPath = stem + VerifiedSuffix;
                string receivedPath = stem + ReceivedSuffix;
                if (!expectedFiles.Add(verifiedPath))
                {
                    failures.Add($"{hintName}: two generated sources map to the same snapshot file {verifiedPath}.");
                    continue;
                }

                string received = LineDiff.Normalize(source);
                string? verified = File.Exists(verifiedPath) ? LineDiff.Normalize(File.ReadAllText(verifiedPath)) : null;
                if (verified == received)
                {
                    continue;
                }

                if (accept)
                {
                    WriteText(verifiedPath, received);
                    continue;
                }

                WriteText(receivedPath, received);
                failures.Add(verified is null
                    ? $"{hintName}: no verified snapshot yet.{Environment.NewLine}  received: {receivedPath}{Environment.NewLine}"
                        + LineDiff.Format("", received)
                    : $"{hintName}: differs from its verified snapshot.{Environment.NewLine}  verified: {verifiedPath}{Environment.NewLine}  received: {receivedPath}{Environment.NewLine}"
                        + LineDiff.Format(verified, received));
            }

            foreach (string verifiedPath in Directory.EnumerateFiles(directory, prefix + "*" + VerifiedSuffix).Where(p => !expectedFiles.Contains(p)).OrderBy(p => p, StringComparer.Ordinal))
            {
                if (accept)
                {
                    File.Delete(verifiedPath);
                    continue;
                }

                failures.Add($"Stale snapshot {verifiedPath}: nothing was generated under its hint name any more. Delete it if that is intended.");
            }

            if (failures.Count > 0)
            {
                Assert.Fail($"Snapshot verification failed for {testName} ({failures.Count} problem(s)):{Environment.NewLine}{Environment.NewLine}"
                    + string.Join(Environment.NewLine, failures)
                    + $"{Environment.NewLine}Review each .received.cs; to accept, move it over its .verified.cs, or rerun with {AcceptVariable}=1 (ignored when CI=true).");
            }
        }

        /// <summary>The hint name as it appears in a snapshot file name: without .cs, and safe as a file name.</summary>
        public static string FileStem(string hintName)
        {
            string stem = hintName.EndsWith(".cs", StringComparison.OrdinalIgnoreCase) ? hintName.Substring(0, hintName.Length - 3) : hintName;
            char[] invalid = Path.GetInvalidFileNameChars();
            return new string(stem.Select(c => c == '/' || c == '\\' || Array.IndexOf(invalid, c) >= 0 ? '_' : c).ToArray());
        }

        // Snapshots are committed text: LF line ends and no BOM, whatever the OS, so they diff cleanly everywhere.
        private static void WriteText(string path, string text) => File.WriteAllText(path, text, new UTF8Encoding(encoderShouldEmitUTF8Identifier: false));
    }
}
