using System;
using System.Collections.Generic;
using System.Linq;
using System.Text;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Text;
using Prewired.Generator;
using Prewired.Tests.Harness;
using Xunit;

namespace Prewired.Tests.Scale
{
    /// <summary>
    /// The generator on a project of the size PRODUCT.md §3 names (1,000 marked methods, 100 pipelines): what it generates
    /// compiles, an unrelated edit re-runs nothing, and an edit in one body regenerates that method's file and no other.
    /// The time these take is measured by benchmarks/Prewired.Benchmarks.Generator, never asserted here.
    /// </summary>
    public sealed class ScaleIncrementalTests : IClassFixture<ScaleIncrementalTests.Project>
    {
        private const int ServiceFiles = 100;

        private static readonly string[] s_modelSteps =
        {
            TrackingNames.FastPathModels, TrackingNames.NonNullFastPathModels,
            TrackingNames.TailAwaitModels, TrackingNames.NonNullTailAwaitModels,
            TrackingNames.PipelineModels, TrackingNames.NonNullPipelineModels,
        };

        private readonly Project _project;

        public ScaleIncrementalTests(Project project) => _project = project;

        [Fact]
        public void The_project_generates_a_file_per_marked_method_and_pipeline_that_compiles_cleanly()
        {
            Assert.Equal(1000, SyntheticProject.MarkedMethods(ServiceFiles));
            Assert.Equal(
                SyntheticProject.MarkedMethods(ServiceFiles) + SyntheticProject.Pipelines(ServiceFiles),
                _project.Run.GeneratedSources.Length);
            _project.Run.AssertGeneratedCodeCompilesCleanly();

            // Every method is split (none forwards to its body), so the project measures the generator's real work.
            var forwarding = _project.Run.GeneratedSources
                .Select(s => s.SourceText.ToString())
                .SelectMany(text => WrappedComments.JoinedLines(text))
                .Where(line => line.StartsWith("// Forwarding to", StringComparison.Ordinal));
            Assert.Empty(forwarding.Distinct());
        }

        [Fact]
        public void An_unrelated_edit_leaves_every_step_cached()
        {
            IncrementalCachingAssert.AssertCachedAfterEdit(
                _project.Run, c => Replace(c, SyntheticProject.UnrelatedFilePath, SyntheticProject.UnrelatedEditText(1)), s_modelSteps);
        }

        [Fact]
        public void An_edit_in_one_body_regenerates_only_that_methods_file()
        {
            var edited = Replace(_project.Run.InputCompilation, SyntheticProject.EditedFilePath, SyntheticProject.EditOneBody(1));
            var second = _project.Run.Driver.RunGenerators(edited).GetRunResult();

            // The models: only the edited method's is Modified. Its file's other methods re-run (the tree changed) and
            // compare equal; every other file's come from the cache.
            var modified = second.Results.SelectMany(r => r.TrackedSteps)
                .Where(kv => s_modelSteps.Contains(kv.Key))
                .SelectMany(kv => kv.Value.SelectMany(step => step.Outputs.Select(o => (Step: kv.Key, o.Value, o.Reason))))
                .Where(o => o.Reason is not (IncrementalStepRunReason.Cached or IncrementalStepRunReason.Unchanged))
                .ToList();
            Assert.All(modified, o => Assert.Equal(IncrementalStepRunReason.Modified, o.Reason));
            Assert.Equal(new[] { TrackingNames.FastPathModels, TrackingNames.NonNullFastPathModels }, modified.Select(o => o.Step).OrderBy(s => s, StringComparer.Ordinal));
            Assert.All(modified, o => Assert.Contains("." + SyntheticProject.EditedMethodName + ".", HintNameOf(o.Value), StringComparison.Ordinal));

            // The output: one source output re-ran, and exactly one generated file's text differs.
            var reRun = second.Results.SelectMany(r => r.TrackedOutputSteps.Values.SelectMany(steps => steps))
                .SelectMany(step => step.Outputs)
                .Count(o => o.Reason is not (IncrementalStepRunReason.Cached or IncrementalStepRunReason.Unchanged));
            Assert.Equal(1, reRun);
            var before = _project.Run.GeneratedSources.ToDictionary(s => s.HintName, s => s.SourceText.ToString());
            var changed = second.Results.SelectMany(r => r.GeneratedSources)
                .Where(s => before[s.HintName] != s.SourceText.ToString())
                .Select(s => s.HintName)
                .ToList();
            Assert.Equal(before.Count, second.Results.Sum(r => r.GeneratedSources.Length));
            var single = Assert.Single(changed);
            Assert.Contains("." + SyntheticProject.EditedMethodName + ".", single, StringComparison.Ordinal);
        }

        /// <summary>The hint name a method model carries (the model type is the generator's own, internal).</summary>
        private static string HintNameOf(object model)
        {
            var shell = model.GetType().GetProperty("Shell")!.GetValue(model)!;
            return (string)shell.GetType().GetProperty("HintName")!.GetValue(shell)!;
        }

        private static Compilation Replace(Compilation compilation, string path, string text)
        {
            var tree = compilation.SyntaxTrees.Single(t => t.FilePath == path);
            return compilation.ReplaceSyntaxTree(tree, tree.WithChangedText(SourceText.From(text, Encoding.UTF8)));
        }

        /// <summary>One generator run over the whole project, shared by the tests (it is the expensive part).</summary>
        public sealed class Project
        {
            public Project()
            {
                var parseOptions = TestCompilationSettings.Default.ParseOptions;
                var trees = SyntheticProject.Sources(ServiceFiles)
                    .Select(s => CSharpSyntaxTree.ParseText(SourceText.From(s.Text, Encoding.UTF8), parseOptions, s.Path));
                var compilation = CSharpCompilation.Create(
                    "Synthetic",
                    trees,
                    TestReferences.Default,
                    new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary, nullableContextOptions: NullableContextOptions.Enable, optimizationLevel: OptimizationLevel.Release));
                Run = GeneratorDriverHarness.Run(compilation, new IIncrementalGenerator[] { new PrewiredGenerator() });
            }

            public GeneratorRun Run { get; }
        }
    }
}
