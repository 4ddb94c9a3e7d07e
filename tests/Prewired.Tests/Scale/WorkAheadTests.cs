using System;
using System.Collections.Generic;
using System.Linq;
using System.Text;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Text;
using Prewired.Generator;
using Prewired.Tests.Harness;
using Xunit;

namespace Prewired.Tests.Scale
{
    /// <summary>
    /// The generator's second thread (Parsing/WorkAhead.cs) checks the files after the current one for compile errors and
    /// binds their marked bodies while the transforms work: what it computes must be exactly what the transforms would have
    /// computed themselves. A project of many files, some marked bodies in it broken, generates the same text with the
    /// thread (concurrent build, the compiler's default) and without it.
    /// </summary>
    public sealed class WorkAheadTests
    {
        private const int ServiceFiles = 24;

        /// <summary>Files whose first marked body reads a name that does not exist: the generator must forward them. One
        /// file in three, so a run cancelled while the thread ahead checks a file most often catches it on a broken one.</summary>
        private static readonly int[] s_brokenFiles = Enumerable.Range(0, ServiceFiles).Where(file => file % 3 == 1).ToArray();

        [Fact]
        public void Generated_code_is_the_same_with_and_without_the_thread_ahead()
        {
            var ahead = Generate(concurrentBuild: true);
            var alone = Generate(concurrentBuild: false);

            Assert.Equal(SyntheticProject.MarkedMethods(ServiceFiles) + SyntheticProject.Pipelines(ServiceFiles), ahead.Count);
            Assert.Equal(alone.Keys.OrderBy(k => k, StringComparer.Ordinal), ahead.Keys.OrderBy(k => k, StringComparer.Ordinal));
            Assert.All(alone, file => Assert.Equal(file.Value, ahead[file.Key]));

            // The broken bodies (the first method of each broken file) forward, and nothing else does.
            var forwarding = ahead.Where(f => f.Value.Contains("// Forwarding to", StringComparison.Ordinal)).Select(f => f.Key).OrderBy(k => k, StringComparer.Ordinal);
            var expected = s_brokenFiles.Select(file => SyntheticProject.MethodNames(file).First())
                .Select(method => ahead.Keys.Single(k => k.Contains("." + method + ".", StringComparison.Ordinal)))
                .OrderBy(k => k, StringComparer.Ordinal);
            Assert.Equal(expected, forwarding);
            Assert.All(forwarding, key => Assert.Contains("does not compile", ahead[key], StringComparison.Ordinal));
        }

        [Fact]
        public void A_run_cancelled_part_way_and_run_again_on_the_same_compilation_generates_what_a_fresh_run_does()
        {
            var expected = Generate(concurrentBuild: true);
            var cancelled = 0;

            // Cancelled wherever the token finds the transforms and the thread ahead (early, part-way, late), then the same
            // compilation again on the same driver: checks the cancelled run left half done are redone, the thread starts again.
            foreach (var delay in new[] { 1, 20, 40, 80, 120, 200 })
            {
                var compilation = Compilation(concurrentBuild: true);
                var driver = GeneratorDriverHarness.CreateDriver(new IIncrementalGenerator[] { new PrewiredGenerator() }, TestCompilationSettings.Default.ParseOptions);
                using (var cancellation = new CancellationTokenSource(TimeSpan.FromMilliseconds(delay)))
                {
                    try
                    {
                        driver = driver.RunGenerators(compilation, cancellation.Token);
                    }
                    catch (OperationCanceledException)
                    {
                        cancelled++;
                    }
                }

                var again = driver.RunGenerators(compilation).GetRunResult().Results.SelectMany(r => r.GeneratedSources)
                    .ToDictionary(s => s.HintName, s => s.SourceText.ToString());
                Assert.Equal(expected.Keys.OrderBy(k => k, StringComparer.Ordinal), again.Keys.OrderBy(k => k, StringComparer.Ordinal));
                Assert.All(expected, file => Assert.Equal(file.Value, again[file.Key]));
            }

            Assert.True(cancelled > 0, "no run was cancelled: the test did not test anything");
        }

        private static Dictionary<string, string> Generate(bool concurrentBuild)
        {
            var run = GeneratorDriverHarness.Run(Compilation(concurrentBuild), new IIncrementalGenerator[] { new PrewiredGenerator() });
            return run.GeneratedSources.ToDictionary(s => s.HintName, s => s.SourceText.ToString());
        }

        private static CSharpCompilation Compilation(bool concurrentBuild)
        {
            var parseOptions = TestCompilationSettings.Default.ParseOptions;
            var trees = SyntheticProject.Sources(ServiceFiles).Select((source, index) =>
            {
                var text = s_brokenFiles.Contains(index) ? Break(source.Text) : source.Text;
                return CSharpSyntaxTree.ParseText(SourceText.From(text, Encoding.UTF8), parseOptions, source.Path);
            });
            return CSharpCompilation.Create(
                "Synthetic",
                trees,
                TestReferences.Default,
                new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary, nullableContextOptions: NullableContextOptions.Enable, concurrentBuild: concurrentBuild));
        }

        /// <summary>The file with its first marked body (shape 0) reading an undeclared name.</summary>
        private static string Break(string text)
        {
            const string Original = "return first + _offset;";
            var at = text.IndexOf(Original, StringComparison.Ordinal);
            Assert.True(at >= 0);
            return text.Substring(0, at) + "return first + _undeclared;" + text.Substring(at + Original.Length);
        }
    }
}
