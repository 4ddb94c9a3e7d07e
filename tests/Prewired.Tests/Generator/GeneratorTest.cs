using System.Linq;
using System.Runtime.CompilerServices;
using Microsoft.CodeAnalysis;
using Prewired.Generator;
using Prewired.Tests.Harness;
using Xunit;

namespace Prewired.Tests.Generator
{
    /// <summary>
    /// The one way generator tests run a source: the generated code must compile without warnings, every marked method
    /// and pipeline must produce its files, every tracked step must stay cached on a re-run and after an unrelated edit,
    /// and the output must match the committed snapshot.
    /// </summary>
    internal static class GeneratorTest
    {
        public const string Usings = "using System;\nusing System.Threading;\nusing System.Threading.Tasks;\nusing Prewired;\n\n";

        private static readonly string[] s_trackingNames =
        {
            TrackingNames.TailAwaitModels, TrackingNames.FastPathModels, TrackingNames.PipelineModels,
            TrackingNames.HandlerModels, TrackingNames.DiscoveredPipelines, TrackingNames.SenderModel,
            TrackingNames.MessageModels, TrackingNames.Publishers, TrackingNames.StreamPipelines,
        };

        public static GeneratorRun Verify(string source, int expectedFiles, [CallerFilePath] string testFile = "", [CallerMemberName] string testMethod = "")
            => Verify(source, expectedFiles, TestCompilationSettings.Default, testFile, testMethod);

        /// <summary>As <see cref="Verify(string, int, string, string)"/>, compiled with <paramref name="settings"/> (e.g. more references).</summary>
        public static GeneratorRun Verify(string source, int expectedFiles, TestCompilationSettings settings, [CallerFilePath] string testFile = "", [CallerMemberName] string testMethod = "")
        {
            var run = GeneratorDriverHarness.Run(new[] { new PrewiredGenerator() }, new[] { Usings + source }, settings);
            run.AssertGeneratedCodeCompilesCleanly();
            Assert.True(run.GeneratedSources.Length == expectedFiles,
                run.Describe($"Expected {expectedFiles} generated file(s), got {run.GeneratedSources.Length}.", Enumerable.Empty<string>()));
            IncrementalCachingAssert.AssertCachedOnRerun(run, s_trackingNames);
            IncrementalCachingAssert.AssertCachedAfterUnrelatedEdit(run, s_trackingNames);
            SnapshotVerifier.Verify(run, testFile: testFile, testMethod: testMethod);
            if (settings.Target == TestTarget.Net && settings.AdditionalAssemblies.IsEmpty)
            {
                VerifyForNetStandard20(run, source, settings, testFile, testMethod);
            }

            return run;
        }

        /// <summary>
        /// The same source for a netstandard2.0 (net462+) consumer: generated code must compile cleanly against that
        /// reference set too (PRODUCT.md: it uses only what the target has), and where it differs from the net10.0 output
        /// the difference is a snapshot of its own (<c>_netstandard2.0</c>). A source that uses net-only APIs itself (its
        /// own code does not compile there) has nothing to show for that target and is left out.
        /// </summary>
        private static void VerifyForNetStandard20(GeneratorRun net, string source, TestCompilationSettings settings, string testFile, string testMethod)
        {
            var run = GeneratorDriverHarness.Run(new[] { new PrewiredGenerator() }, new[] { Usings + source }, settings with { Target = TestTarget.NetStandard20 });
            if (!CompilesOnNetStandard20(run)) return;
            run.AssertGeneratedCodeCompilesCleanly();
            // The target's features are read per compilation: an unrelated edit must still leave every model cached.
            IncrementalCachingAssert.AssertCachedOnRerun(run, s_trackingNames);
            IncrementalCachingAssert.AssertCachedAfterUnrelatedEdit(run, s_trackingNames);
            var netSources = net.GeneratedSources.Select(s => (s.HintName, s.SourceText.ToString()));
            var standardSources = run.GeneratedSources.Select(s => (s.HintName, s.SourceText.ToString())).ToList();
            var differs = !netSources.SequenceEqual(standardSources);
            // Verified even when equal, with nothing expected: a stale netstandard2.0 snapshot then fails as stale.
            SnapshotVerifier.Verify(differs ? standardSources : Enumerable.Empty<(string, string)>(), "netstandard2.0", testFile, testMethod);
        }

        private static bool CompilesOnNetStandard20(GeneratorRun run)
        {
            var generated = run.GeneratedSources.Select(s => s.SyntaxTree).ToList();
            return !run.CompilationDiagnostics.Any(d => d.Severity == DiagnosticSeverity.Error && !generated.Contains(d.Location.SourceTree!));
        }
    }
}
