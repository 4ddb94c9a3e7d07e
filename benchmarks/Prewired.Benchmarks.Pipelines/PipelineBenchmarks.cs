using System;
using System.Collections.Generic;
using System.Linq;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;

namespace Prewired.Benchmarks.Pipelines
{
    /// <summary>
    /// The NServiceBus pipeline benchmarks (#7631's Execution/Success, Async Exception, Sync Exception, Replay and Warmup
    /// tables) for the five forms of <see cref="PipelineForm"/>, one category per scenario, each with the expression-tree
    /// chain as its baseline so Ratio reads against NServiceBus before #7631. PRODUCT.md §3 targets: 0 B/op on Success and
    /// Replay; the generated delegate shape at most 0.7x the runtime-prewired (InvokerNode) time, the struct shape at most
    /// 0.2x of it; Warmup at least 1000x faster than the expression tree.
    /// <para>
    /// One context object is reused by every call. Steady-state benchmarks return the pipeline's task without an async
    /// wrapper (BenchmarkDotNet waits for it), so no constant overhead dilutes the ratios; the exception benchmarks catch the
    /// exception in an async method like NServiceBus's did. Every form is called through <see cref="IPipeline{TContext}"/>
    /// (one interface call each, monomorphic per benchmark process). Each category lives in its own file.
    /// </para>
    /// </summary>
    [MemoryDiagnoser]
    [GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory)]
    [CategoriesColumn]
    public partial class PipelineBenchmarks
    {
        /// <summary>Names the environment variable that limits the depths, e.g. <c>PREWIRED_PIPELINE_DEPTHS=10</c> (default 10,20,40).</summary>
        public const string DepthsVariable = "PREWIRED_PIPELINE_DEPTHS";

        private readonly BenchmarkContext _context = new BenchmarkContext();
        private FormSet _success = null!;
        private FormSet _exception = null!;
        private FormSet _exceptionSync = null!;
        private FormSet _replay = null!;

        /// <summary>Behaviors before the terminator: 10, 20 and 40 as in NServiceBus's benchmarks, or what <see cref="DepthsVariable"/> says.</summary>
        [ParamsSource(nameof(Depths))]
        public int PipelineDepth { get; set; }

        /// <summary>The depths to run.</summary>
        public static IEnumerable<int> Depths => Environment.GetEnvironmentVariable(DepthsVariable) is { Length: > 0 } depths
            ? depths.Split(',').Select(int.Parse)
            : new[] { 10, 20, 40 };

        /// <summary>Builds every form of every scenario once and runs each once, failing the case if one is miswired.</summary>
        [GlobalSetup]
        public void Setup()
        {
            _success = new FormSet(Scenario.Success, PipelineDepth, _context);
            _exception = new FormSet(Scenario.Exception, PipelineDepth, _context);
            _exceptionSync = new FormSet(Scenario.ExceptionSync, PipelineDepth, _context);
            _replay = new FormSet(Scenario.Replay, PipelineDepth, _context);
        }

        private static class Category
        {
            public const string Success = "Success";
            public const string Exception = "Exception";
            public const string ExceptionSync = "ExceptionSync";
            public const string Replay = "Replay";
            public const string Warmup = "Warmup";
        }

        /// <summary>The five forms of one scenario, built once and checked once.</summary>
        private sealed class FormSet
        {
            public FormSet(Scenario scenario, int depth, BenchmarkContext context)
            {
                ExpressionTree = Build(PipelineForm.ExpressionTree, scenario, depth, context);
                RuntimePrewired = Build(PipelineForm.RuntimePrewired, scenario, depth, context);
#if PREWIRED_PIPELINES_GENERATED
                GeneratedDelegate = Build(PipelineForm.GeneratedDelegate, scenario, depth, context);
                GeneratedStruct = Build(PipelineForm.GeneratedStruct, scenario, depth, context);
#endif
                HandWritten = Build(PipelineForm.HandWritten, scenario, depth, context);
            }

            public IPipeline<BenchmarkContext> ExpressionTree { get; }

            public IPipeline<BenchmarkContext> RuntimePrewired { get; }

#if PREWIRED_PIPELINES_GENERATED
            public IPipeline<BenchmarkContext> GeneratedDelegate { get; }

            public IPipeline<BenchmarkContext> GeneratedStruct { get; }
#endif

            public IPipeline<BenchmarkContext> HandWritten { get; }

            private static IPipeline<BenchmarkContext> Build(PipelineForm form, Scenario scenario, int depth, BenchmarkContext context)
            {
                var pipeline = PipelineFactory.Create(form, scenario, depth);
                PipelineVerifier.EnsureWorks(pipeline, scenario, context, $"{form} at depth {depth}");
                return pipeline;
            }
        }
    }
}
