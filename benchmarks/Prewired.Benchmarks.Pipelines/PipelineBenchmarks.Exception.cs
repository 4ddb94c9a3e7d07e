using System;
using System.Threading.Tasks;
using BenchmarkDotNet.Attributes;

namespace Prewired.Benchmarks.Pipelines
{
    /// <summary>
    /// Exception: the terminator yields, then throws; the exception comes back in a faulted task, awaited and caught here as
    /// MicroBenchmarks' <c>PipelineExceptionTrampoline</c> does (an async method returning the exception). The time is
    /// dominated by the throw and the thread-pool hop, so forms differ little (NServiceBus measured ~2%).
    /// </summary>
    public partial class PipelineBenchmarks
    {
        /// <summary>Expression-tree chain, NServiceBus before #7631 (baseline).</summary>
        [Benchmark(Baseline = true, Description = "ExpressionTree"), BenchmarkCategory(Category.Exception)]
        public Task<Exception?> Exception_ExpressionTree() => CatchAsync(_exception.ExpressionTree);

        /// <summary>InvokerNode chain, NServiceBus since #7631/#7636.</summary>
        [Benchmark(Description = "RuntimePrewired"), BenchmarkCategory(Category.Exception)]
        public Task<Exception?> Exception_RuntimePrewired() => CatchAsync(_exception.RuntimePrewired);

#if PREWIRED_PIPELINES_GENERATED
        /// <summary>[Pipeline], IBehavior stages (delegate next).</summary>
        [Benchmark(Description = "Generated (delegate)"), BenchmarkCategory(Category.Exception)]
        public Task<Exception?> Exception_GeneratedDelegate() => CatchAsync(_exception.GeneratedDelegate);

        /// <summary>[Pipeline], IInlineBehavior stages (struct next).</summary>
        [Benchmark(Description = "Generated (struct)"), BenchmarkCategory(Category.Exception)]
        public Task<Exception?> Exception_GeneratedStruct() => CatchAsync(_exception.GeneratedStruct);
#endif

        /// <summary>One explicit method per level, delegates cached at construction.</summary>
        [Benchmark(Description = "HandWritten"), BenchmarkCategory(Category.Exception)]
        public Task<Exception?> Exception_HandWritten() => CatchAsync(_exception.HandWritten);

        // Shared by Exception and ExceptionSync: a synchronous throw out of Invoke is caught by the same catch.
        private async Task<Exception?> CatchAsync(IPipeline<BenchmarkContext> pipeline)
        {
            try
            {
                await pipeline.Invoke(_context).ConfigureAwait(false);
            }
            catch (InvalidOperationException e)
            {
                return e;
            }

            return null;
        }
    }
}
