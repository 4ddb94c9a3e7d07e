using System.Threading.Tasks;
using BenchmarkDotNet.Attributes;

namespace Prewired.Benchmarks.Pipelines
{
    /// <summary>Success: the whole chain completes synchronously. Target: 0 B/op for every prewired form.</summary>
    public partial class PipelineBenchmarks
    {
        /// <summary>Expression-tree chain, NServiceBus before #7631 (baseline).</summary>
        [Benchmark(Baseline = true, Description = "ExpressionTree"), BenchmarkCategory(Category.Success)]
        public Task Success_ExpressionTree() => _success.ExpressionTree.Invoke(_context);

        /// <summary>InvokerNode chain, NServiceBus since #7631/#7636.</summary>
        [Benchmark(Description = "RuntimePrewired"), BenchmarkCategory(Category.Success)]
        public Task Success_RuntimePrewired() => _success.RuntimePrewired.Invoke(_context);

#if PREWIRED_PIPELINES_GENERATED
        /// <summary>[Pipeline], IBehavior stages (delegate next).</summary>
        [Benchmark(Description = "Generated (delegate)"), BenchmarkCategory(Category.Success)]
        public Task Success_GeneratedDelegate() => _success.GeneratedDelegate.Invoke(_context);

        /// <summary>[Pipeline], IInlineBehavior stages (struct next).</summary>
        [Benchmark(Description = "Generated (struct)"), BenchmarkCategory(Category.Success)]
        public Task Success_GeneratedStruct() => _success.GeneratedStruct.Invoke(_context);
#endif

        /// <summary>One explicit method per level, delegates cached at construction.</summary>
        [Benchmark(Description = "HandWritten"), BenchmarkCategory(Category.Success)]
        public Task Success_HandWritten() => _success.HandWritten.Invoke(_context);
    }
}
