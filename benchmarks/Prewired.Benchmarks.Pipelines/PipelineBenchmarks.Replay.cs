using System.Threading.Tasks;
using BenchmarkDotNet.Attributes;

namespace Prewired.Benchmarks.Pipelines
{
    /// <summary>
    /// Replay: the root behavior awaits <c>next</c> three times in a row, so the other depth - 1 levels and the terminator run
    /// three times per call. Everything completes synchronously; target 0 B/op (the async root's state machine stays on the
    /// stack and it returns the cached completed task).
    /// </summary>
    public partial class PipelineBenchmarks
    {
        /// <summary>Expression-tree chain, NServiceBus before #7631 (baseline).</summary>
        [Benchmark(Baseline = true, Description = "ExpressionTree"), BenchmarkCategory(Category.Replay)]
        public Task Replay_ExpressionTree() => _replay.ExpressionTree.Invoke(_context);

        /// <summary>InvokerNode chain, NServiceBus since #7631/#7636.</summary>
        [Benchmark(Description = "RuntimePrewired"), BenchmarkCategory(Category.Replay)]
        public Task Replay_RuntimePrewired() => _replay.RuntimePrewired.Invoke(_context);

#if PREWIRED_PIPELINES_GENERATED
        /// <summary>[Pipeline], IBehavior stages (delegate next).</summary>
        [Benchmark(Description = "Generated (delegate)"), BenchmarkCategory(Category.Replay)]
        public Task Replay_GeneratedDelegate() => _replay.GeneratedDelegate.Invoke(_context);

        /// <summary>[Pipeline], IInlineBehavior stages (struct next).</summary>
        [Benchmark(Description = "Generated (struct)"), BenchmarkCategory(Category.Replay)]
        public Task Replay_GeneratedStruct() => _replay.GeneratedStruct.Invoke(_context);
#endif

        /// <summary>One explicit method per level, delegates cached at construction.</summary>
        [Benchmark(Description = "HandWritten"), BenchmarkCategory(Category.Replay)]
        public Task Replay_HandWritten() => _replay.HandWritten.Invoke(_context);
    }
}
