using System.Linq;
using System.Runtime.CompilerServices;
using Prewired.Generator;
using Prewired.Tests.Harness;
using Xunit;

namespace Prewired.Tests.Generator
{
    /// <summary>
    /// The one way generator tests run a source: the generated code must compile without warnings, every marked method
    /// must produce its file, every pipeline step must stay cached on a re-run and after an unrelated edit, and the
    /// output must match the committed snapshot.
    /// </summary>
    internal static class GeneratorTest
    {
        public const string Usings = "using System;\nusing System.Threading;\nusing System.Threading.Tasks;\nusing Prewired;\n\n";

        public static GeneratorRun Verify(string source, int expectedFiles, [CallerFilePath] string testFile = "", [CallerMemberName] string testMethod = "")
        {
            var run = GeneratorDriverHarness.Run(new PrewiredGenerator(), Usings + source);
            run.AssertGeneratedCodeCompilesCleanly();
            Assert.True(run.GeneratedSources.Length == expectedFiles,
                run.Describe($"Expected {expectedFiles} generated file(s), got {run.GeneratedSources.Length}.", Enumerable.Empty<string>()));
            IncrementalCachingAssert.AssertCachedOnRerun(run, TrackingNames.TailAwaitModels, TrackingNames.FastPathModels);
            IncrementalCachingAssert.AssertCachedAfterUnrelatedEdit(run, TrackingNames.TailAwaitModels, TrackingNames.FastPathModels);
            SnapshotVerifier.Verify(run, testFile: testFile, testMethod: testMethod);
            return run;
        }
    }
}
