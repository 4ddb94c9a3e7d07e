using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using Prewired.Benchmarks.Shapes;

namespace Prewired.Benchmarks
{
    /// <summary>
    /// (f) Constructs the generator splits since issue 9, completing synchronously. Baseline per category: the async
    /// ValueTask body.
    /// <list type="bullet">
    /// <item><c>Loop8</c>: a foreach over 8 values with one await per iteration of an inlined leaf (what the await machinery costs).</item>
    /// <item><c>Loop8Call</c>: the same loop awaiting a leaf behind a non-inlined call.</item>
    /// <item><c>TryFinally</c>: two awaits of the non-inlined leaf inside try/finally.</item>
    /// </list>
    /// Both bodies return 36, so the return-value validator can compare every row of the class.
    /// Target (issue 9): [FastPath] at least 2x faster than the async body (Ratio ≤ 0.50) and 0 B/op. Each leaf is a
    /// method of the same class that provably leaves the contexts alone, so no context guard is generated.
    /// </summary>
    [MemoryDiagnoser]
    [ReturnValueValidator(failOnError: true)] // every form must return what the async body returns (checked once, in the host)
    [GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory)]
    [CategoriesColumn]
    public class ConstructBenchmarks
    {
        private const string Loop8 = "Loop8";
        private const string Loop8Call = "Loop8Call";
        private const string TryFinally = "TryFinally";

        private readonly Constructs _constructs = new Constructs();

        [Benchmark(Description = "Pure sync")]
        [BenchmarkCategory(Loop8)]
        public int LoopSync() => _constructs.SumSync();

        [Benchmark(Baseline = true, Description = "async ValueTask")]
        [BenchmarkCategory(Loop8)]
        public int LoopAsync() => _constructs.SumAsync().GetAwaiter().GetResult();

        [Benchmark(Description = "Hand-written Opt #3")]
        [BenchmarkCategory(Loop8)]
        public int LoopHandOpt3() => _constructs.SumOptimized().GetAwaiter().GetResult();

#if PREWIRED_GENERATED
        [Benchmark(Description = "[FastPath]")]
        [BenchmarkCategory(Loop8)]
        public int LoopFastPath() => _constructs.SumFastPathAsync().GetAwaiter().GetResult();
#endif

        [Benchmark(Description = "Pure sync")]
        [BenchmarkCategory(Loop8Call)]
        public int LoopCallSync() => _constructs.SumCallSync();

        [Benchmark(Baseline = true, Description = "async ValueTask")]
        [BenchmarkCategory(Loop8Call)]
        public int LoopCallAsync() => _constructs.SumCallAsync().GetAwaiter().GetResult();

#if PREWIRED_GENERATED
        [Benchmark(Description = "[FastPath]")]
        [BenchmarkCategory(Loop8Call)]
        public int LoopCallFastPath() => _constructs.SumCallFastPathAsync().GetAwaiter().GetResult();
#endif

        [Benchmark(Description = "Pure sync")]
        [BenchmarkCategory(TryFinally)]
        public int TryFinallySync() => _constructs.ScopedSync();

        [Benchmark(Baseline = true, Description = "async ValueTask")]
        [BenchmarkCategory(TryFinally)]
        public int TryFinallyAsync() => _constructs.ScopedAsync().GetAwaiter().GetResult();

#if PREWIRED_GENERATED
        [Benchmark(Description = "[FastPath]")]
        [BenchmarkCategory(TryFinally)]
        public int TryFinallyFastPath() => _constructs.ScopedFastPathAsync().GetAwaiter().GetResult();
#endif
    }
}
