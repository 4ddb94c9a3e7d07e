using BenchmarkDotNet.Attributes;
using Prewired.Benchmarks.Shapes;

namespace Prewired.Benchmarks
{
    /// <summary>
    /// (d) Pass-through chains of 1, 3 and 5 layers down to a leaf returning a completed ValueTask&lt;int&gt;. Baseline per
    /// depth: async/await layers (<c>return await next();</c>). PRODUCT.md §3 targets for [TailAwait]: 0 B/op at every
    /// depth; at depth 5 Ratio ≤ 0.20 (at least 5x faster) and at most 1.5x the hand-elided time.
    /// All three forms pay the same depth switch in RunAsync, so it cancels out of the ratios.
    /// </summary>
    [MemoryDiagnoser]
    [ReturnValueValidator(failOnError: true)] // every form must return what the async body returns (checked once, in the host)
    public class PassThroughChainBenchmarks
    {
        private readonly AsyncChain _async = new AsyncChain();
        private readonly ElidedChain _elided = new ElidedChain();
#if PREWIRED_GENERATED
        private readonly TailAwaitChain _tailAwait = new TailAwaitChain();
#endif

        [Params(1, 3, 5)]
        public int Depth { get; set; }

        [Benchmark(Baseline = true, Description = "async/await layers")]
        public int AsyncLayers() => _async.RunAsync(Depth).GetAwaiter().GetResult();

        [Benchmark(Description = "Hand-elided")]
        public int HandElided() => _elided.RunAsync(Depth).GetAwaiter().GetResult();

#if PREWIRED_GENERATED
        [Benchmark(Description = "[TailAwait]")]
        public int TailAwait() => _tailAwait.RunAsync(Depth).GetAwaiter().GetResult();
#endif
    }
}
