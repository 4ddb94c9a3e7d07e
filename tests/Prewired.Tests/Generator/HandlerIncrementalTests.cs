using System.Linq;
using Microsoft.CodeAnalysis;
using Prewired.Generator;
using Prewired.Tests.Harness;
using Xunit;

namespace Prewired.Tests.Generator
{
    /// <summary>
    /// A discovered handler's pipeline depends on the handler, the assembly's defaults and every explicit [Pipeline] and
    /// other handler (which may take its request over): edits to those reach it, an edit of a handler's body does not.
    /// </summary>
    public sealed class HandlerIncrementalTests
    {
        private const string HandlerFile = GeneratorTest.Usings + """
            namespace Shop;
            public sealed class Ping { }
            public sealed class PingHandler : ICancellableTerminator<Ping, int>
            {
                public ValueTask<int> Terminate(Ping context, CancellationToken cancellationToken) => new(1);
            }
            """;

        private const string OtherFile = GeneratorTest.Usings + """
            namespace Shop;
            public sealed class Unrelated { }
            """;

        [Fact]
        public void A_change_of_the_handler_body_keeps_its_pipeline_cached()
        {
            var run = GeneratorDriverHarness.Run(new[] { new PrewiredGenerator() }, new[] { HandlerFile, OtherFile });
            run.AssertGeneratedCodeCompilesCleanly();
            Assert.Single(run.GeneratedSources, g => g.HintName.EndsWith(".Pipeline.g.cs"));
            IncrementalCachingAssert.AssertCachedAfterEdit(run, ReplaceInFile(0, "=> new(1);", "=> new(System.Environment.ProcessorCount);"),
                TrackingNames.HandlerModels, TrackingNames.DiscoveredPipelines);
        }

        [Fact]
        public void A_second_handler_in_another_file_gets_no_pipeline_and_the_first_keeps_its_own()
        {
            var run = GeneratorDriverHarness.Run(new[] { new PrewiredGenerator() }, new[] { HandlerFile, OtherFile });
            var before = Single(run.Driver);

            var edited = ReplaceInFile(1, "public sealed class Unrelated { }", """
                public sealed class LatePingHandler : ICancellableTerminator<Ping, int>
                {
                    public ValueTask<int> Terminate(Ping context, CancellationToken cancellationToken) => new(2);
                }
                """)(run.InputCompilation);
            var driver = run.Driver.RunGenerators(edited);
            Assert.Equal(before, Single(driver));
            Assert.Contains("global::Shop.PingHandler __stage0;", Single(driver));
        }

        [Fact]
        public void An_explicit_pipeline_added_in_another_file_replaces_the_generated_one_and_its_removal_brings_it_back()
        {
            var run = GeneratorDriverHarness.Run(new[] { new PrewiredGenerator() }, new[] { HandlerFile, OtherFile });
            Assert.Equal("Prewired.Generated.Shop.PingPipeline.Pipeline.g.cs", run.GeneratedSources.Single(g => g.HintName.EndsWith(".Pipeline.g.cs")).HintName);

            var withExplicit = ReplaceInFile(1, "public sealed class Unrelated { }", "[Pipeline(typeof(PingHandler))] public sealed partial class MyPingPipeline;")(run.InputCompilation);
            var driver = run.Driver.RunGenerators(withExplicit);
            Assert.Equal("Shop.MyPingPipeline.Pipeline.g.cs", driver.GetRunResult().Results.Single().GeneratedSources.Single(g => g.HintName.EndsWith(".Pipeline.g.cs")).HintName);

            driver = driver.RunGenerators(run.InputCompilation);
            Assert.Equal("Prewired.Generated.Shop.PingPipeline.Pipeline.g.cs", driver.GetRunResult().Results.Single().GeneratedSources.Single(g => g.HintName.EndsWith(".Pipeline.g.cs")).HintName);
        }

        [Fact]
        public void An_assembly_default_declared_later_reaches_the_handler_pipeline()
        {
            var run = GeneratorDriverHarness.Run(new[] { new PrewiredGenerator() }, new[] { HandlerFile, OtherFile });
            var edited = ReplaceInFile(1, "public sealed class Unrelated { }", """
                public sealed class Pass<TRequest, TResponse> : IInlineBehavior<TRequest, TRequest, TResponse>
                {
                    public ValueTask<TResponse> Invoke<TNext>(TRequest context, TNext next) where TNext : struct, INext<TRequest, TResponse> => next.Invoke(context);
                }
                """)(run.InputCompilation);
            edited = edited.AddSyntaxTrees(Microsoft.CodeAnalysis.CSharp.CSharpSyntaxTree.ParseText(
                "[assembly: Prewired.PipelineDefaults(typeof(Shop.Pass<,>))]", (Microsoft.CodeAnalysis.CSharp.CSharpParseOptions)run.InputCompilation.SyntaxTrees.First().Options));
            var driver = run.Driver.RunGenerators(edited);
            Assert.Contains("global::Shop.Pass<global::Shop.Ping, int> __stage0;", Single(driver));
        }

        /// <summary>The one pipeline file (the sender beside it is not what these tests are about).</summary>
        private static string Single(GeneratorDriver driver)
            => driver.GetRunResult().GeneratedTrees.Single(t => t.FilePath.EndsWith(".Pipeline.g.cs", System.StringComparison.Ordinal)).GetText().ToString();

        private static System.Func<Compilation, Compilation> ReplaceInFile(int fileIndex, string oldText, string newText) => compilation =>
        {
            var tree = compilation.SyntaxTrees.ElementAt(fileIndex);
            var text = tree.GetText().ToString();
            Assert.Contains(oldText, text);
            return compilation.ReplaceSyntaxTree(tree, tree.WithChangedText(Microsoft.CodeAnalysis.Text.SourceText.From(text.Replace(oldText, newText))));
        };
    }
}
