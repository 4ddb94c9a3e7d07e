using System.Threading.Tasks;
using BenchmarkDotNet.Attributes;

namespace Prewired.Benchmarks.Pipelines
{
    /// <summary>
    /// Warmup: what a pipeline costs before its first message, as NServiceBus's warm-up benchmark measures it: construct the
    /// behaviors and the chain (for the expression tree, compile one lambda per level) and invoke it once. Target: at least
    /// 1000x faster than the expression tree (NServiceBus's InvokerNode chain reached ~300x with FastExpressionCompiler as the
    /// baseline; this baseline uses the BCL compiler, see <see cref="ExpressionTreePipeline"/>).
    /// </summary>
    public partial class PipelineBenchmarks
    {
        /// <summary>Expression-tree chain, NServiceBus before #7631 (baseline).</summary>
        [Benchmark(Baseline = true, Description = "ExpressionTree"), BenchmarkCategory(Category.Warmup)]
        public Task Warmup_ExpressionTree() => BuildAndInvoke(PipelineForm.ExpressionTree);

        /// <summary>InvokerNode chain, NServiceBus since #7631/#7636.</summary>
        [Benchmark(Description = "RuntimePrewired"), BenchmarkCategory(Category.Warmup)]
        public Task Warmup_RuntimePrewired() => BuildAndInvoke(PipelineForm.RuntimePrewired);

#if PREWIRED_PIPELINES_GENERATED
        /// <summary>[Pipeline], IBehavior stages (delegate next).</summary>
        [Benchmark(Description = "Generated (delegate)"), BenchmarkCategory(Category.Warmup)]
        public Task Warmup_GeneratedDelegate() => BuildAndInvoke(PipelineForm.GeneratedDelegate);

        /// <summary>[Pipeline], IInlineBehavior stages (struct next).</summary>
        [Benchmark(Description = "Generated (struct)"), BenchmarkCategory(Category.Warmup)]
        public Task Warmup_GeneratedStruct() => BuildAndInvoke(PipelineForm.GeneratedStruct);
#endif

        /// <summary>One explicit method per level, delegates cached at construction.</summary>
        [Benchmark(Description = "HandWritten"), BenchmarkCategory(Category.Warmup)]
        public Task Warmup_HandWritten() => BuildAndInvoke(PipelineForm.HandWritten);

        // The same factory the other categories use: new behaviors, new terminator, new chain, one call.
        private Task BuildAndInvoke(PipelineForm form) => PipelineFactory.Create(form, Scenario.Success, PipelineDepth).Invoke(_context);
    }
}
