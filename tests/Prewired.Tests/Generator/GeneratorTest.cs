using System.Linq;
using System.Runtime.CompilerServices;
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
            return run;
        }
    }
}
