using System;
using System.Threading.Tasks;
using BenchmarkDotNet.Attributes;

namespace Prewired.Benchmarks.Pipelines
{
    /// <summary>
    /// ExceptionSync: the terminator is a non-async method that throws, as MicroBenchmarks' <c>PipelineException</c> does, so
    /// the exception unwinds synchronously through every level (no task is ever faulted) and is caught by the same async
    /// catch as Exception. Time grows with the number of frames to unwind, which is where the forms differ.
    /// </summary>
    public partial class PipelineBenchmarks
    {
        /// <summary>Expression-tree chain, NServiceBus before #7631 (baseline).</summary>
        [Benchmark(Baseline = true, Description = "ExpressionTree"), BenchmarkCategory(Category.ExceptionSync)]
        public Task<Exception?> ExceptionSync_ExpressionTree() => CatchAsync(_exceptionSync.ExpressionTree);

        /// <summary>InvokerNode chain, NServiceBus since #7631/#7636.</summary>
        [Benchmark(Description = "RuntimePrewired"), BenchmarkCategory(Category.ExceptionSync)]
        public Task<Exception?> ExceptionSync_RuntimePrewired() => CatchAsync(_exceptionSync.RuntimePrewired);

#if PREWIRED_PIPELINES_GENERATED
        /// <summary>[Pipeline], IBehavior stages (delegate next).</summary>
        [Benchmark(Description = "Generated (delegate)"), BenchmarkCategory(Category.ExceptionSync)]
        public Task<Exception?> ExceptionSync_GeneratedDelegate() => CatchAsync(_exceptionSync.GeneratedDelegate);

        /// <summary>[Pipeline], IInlineBehavior stages (struct next).</summary>
        [Benchmark(Description = "Generated (struct)"), BenchmarkCategory(Category.ExceptionSync)]
        public Task<Exception?> ExceptionSync_GeneratedStruct() => CatchAsync(_exceptionSync.GeneratedStruct);
#endif

        /// <summary>One explicit method per level, delegates cached at construction.</summary>
        [Benchmark(Description = "HandWritten"), BenchmarkCategory(Category.ExceptionSync)]
        public Task<Exception?> ExceptionSync_HandWritten() => CatchAsync(_exceptionSync.HandWritten);
    }
}
