using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Prewired.Generator;
using Prewired.Tests.Harness;
using Xunit;

namespace Prewired.Tests.Generator
{
    /// <summary>
    /// A pipeline's model depends on its stage types, which usually live in other files: an edit there must reach the
    /// generated chain (re-validated, regenerated or removed), while an edit that changes nothing about the stages keeps it cached.
    /// </summary>
    public sealed class PipelineIncrementalTests
    {
        private const string PipelineFile = GeneratorTest.Usings + """
            namespace Shop;
            [Pipeline(typeof(Audit), typeof(Handle))]
            public sealed partial class OrderPipeline;
            """;

        private const string StagesFile = GeneratorTest.Usings + """
            namespace Shop;
            public sealed class Order { }
            public sealed class Audit : IBehavior<Order, Order>
            {
                public Task Invoke(Order context, Func<Order, Task> next) => next(context);
            }
            public sealed class Handle : IPipelineTerminator<Order>
            {
                public Task Terminate(Order context) => Task.CompletedTask;
            }
            """;

        [Fact]
        public void A_change_of_a_stage_body_in_another_file_keeps_the_pipeline_cached()
        {
            var run = GeneratorDriverHarness.Run(new[] { new PrewiredGenerator() }, new[] { PipelineFile, StagesFile });
            run.AssertGeneratedCodeCompilesCleanly();
            IncrementalCachingAssert.AssertCachedAfterEdit(run, ReplaceInFile(1, "=> next(context);", "{ System.Console.WriteLine(); return next(context); }"),
                TrackingNames.PipelineModels);
        }

        [Fact]
        public void A_stage_switching_to_the_struct_shape_in_another_file_regenerates_the_chain()
        {
            var run = GeneratorDriverHarness.Run(new[] { new PrewiredGenerator() }, new[] { PipelineFile, StagesFile });
            Assert.Contains("__next1 = __Stage1;", Single(run.Driver));

            var edited = ReplaceInFile(1, """
                public sealed class Audit : IBehavior<Order, Order>
                {
                    public Task Invoke(Order context, Func<Order, Task> next) => next(context);
                }
                """, """
                public sealed class Audit : IInlineBehavior<Order, Order>
                {
                    public Task Invoke<TNext>(Order context, TNext next) where TNext : struct, INext<Order> => next.Invoke(context);
                }
                """)(run.InputCompilation);
            var driver = run.Driver.RunGenerators(edited);
            Assert.Contains("new __Next1 { __pipeline = this }", Single(driver));
        }

        [Fact]
        public void A_stage_that_stops_being_a_behavior_in_another_file_removes_the_generated_chain()
        {
            var run = GeneratorDriverHarness.Run(new[] { new PrewiredGenerator() }, new[] { PipelineFile, StagesFile });
            Assert.Single(run.GeneratedSources);

            var edited = ReplaceInFile(1, "public sealed class Audit : IBehavior<Order, Order>", "public sealed class Audit")(run.InputCompilation);
            var driver = run.Driver.RunGenerators(edited);
            Assert.Empty(driver.GetRunResult().GeneratedTrees);
        }

        private const string OpenPipelineFile = GeneratorTest.Usings + """
            namespace Shop;
            [Pipeline(typeof(Start), typeof(Logging<,>), typeof(Reply))]
            public sealed partial class RequestPipeline;
            """;

        private const string OpenStagesFile = GeneratorTest.Usings + """
            namespace Shop;
            public interface IAudited { }
            public sealed class Ask { }
            public sealed class Start : IBehavior<Ask, Ask, int> { public ValueTask<int> Invoke(Ask context, Func<Ask, ValueTask<int>> next) => next(context); }
            public sealed class Logging<TRequest, TResponse> : IBehavior<TRequest, TRequest, TResponse>
            {
                public ValueTask<TResponse> Invoke(TRequest context, Func<TRequest, ValueTask<TResponse>> next) => next(context);
            }
            public sealed class Reply : IPipelineTerminator<Ask, int> { public ValueTask<int> Terminate(Ask context) => new(1); }
            """;

        [Fact]
        public void A_change_of_an_open_generic_stage_body_keeps_the_closed_pipeline_cached()
        {
            var run = GeneratorDriverHarness.Run(new[] { new PrewiredGenerator() }, new[] { OpenPipelineFile, OpenStagesFile });
            run.AssertGeneratedCodeCompilesCleanly();
            Assert.Contains("global::Shop.Logging<global::Shop.Ask, int> __stage1;", Single(run.Driver));
            IncrementalCachingAssert.AssertCachedAfterEdit(run, ReplaceInFile(1, "=> next(context);\n}", "{ System.Console.WriteLine(); return next(context); }\n}"),
                TrackingNames.PipelineModels);
        }

        [Fact]
        public void A_constraint_the_closed_stage_stops_meeting_in_another_file_removes_the_generated_chain()
        {
            var run = GeneratorDriverHarness.Run(new[] { new PrewiredGenerator() }, new[] { OpenPipelineFile, OpenStagesFile });
            Assert.Single(run.GeneratedSources);

            var edited = ReplaceInFile(1, "IBehavior<TRequest, TRequest, TResponse>\n", "IBehavior<TRequest, TRequest, TResponse> where TRequest : IAudited\n")(run.InputCompilation);
            var driver = run.Driver.RunGenerators(edited);
            Assert.Empty(driver.GetRunResult().GeneratedTrees);
        }

        [Fact]
        public void An_assembly_default_declared_in_another_file_reaches_every_pipeline_and_its_removal_too()
        {
            const string defaults = GeneratorTest.Usings + "[assembly: PipelineDefaults(typeof(Shop.Logging<,>))]\n";
            var run = GeneratorDriverHarness.Run(new[] { new PrewiredGenerator() }, new[] { OpenPipelineFile, OpenStagesFile, defaults });
            run.AssertGeneratedCodeCompilesCleanly();
            Assert.Contains("global::Shop.Logging<global::Shop.Ask, int> __stage0;", Single(run.Driver));

            var edited = ReplaceInFile(2, "[assembly: PipelineDefaults(typeof(Shop.Logging<,>))]", "")(run.InputCompilation);
            var driver = run.Driver.RunGenerators(edited);
            Assert.Contains("global::Shop.Start __stage0;", Single(driver));
        }

        private static string Single(GeneratorDriver driver) => driver.GetRunResult().GeneratedTrees.Single().GetText().ToString();

        private static System.Func<Compilation, Compilation> ReplaceInFile(int fileIndex, string oldText, string newText) => compilation =>
        {
            var tree = compilation.SyntaxTrees.ElementAt(fileIndex);
            var text = tree.GetText().ToString();
            Assert.Contains(oldText, text);
            return compilation.ReplaceSyntaxTree(tree, tree.WithChangedText(Microsoft.CodeAnalysis.Text.SourceText.From(text.Replace(oldText, newText))));
        };
    }
}
