using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using Prewired.Benchmarks.Shapes;

namespace Prewired.Benchmarks
{
    /// <summary>
    /// (c) Tiny body: <c>var value = await LeafAsync(); return value + 1;</c> over an already completed
    /// ValueTask&lt;int&gt;, so the whole cost is the async machinery. Baseline per category: the async ValueTask body.
    /// <list type="bullet">
    /// <item><c>StaticLeaf</c>: the leaf is a non-inlined static method of the same class that provably leaves
    /// ExecutionContext and SynchronizationContext alone, so the generator can omit the context guard.
    /// Target: [FastPath] Ratio ≤ 0.33 (at least 3x faster than async ValueTask) and at most 2x hand-written Opt #3.</item>
    /// <item><c>InterfaceLeaf</c>: the same body through an interface call the generator cannot see into, so the
    /// generated fast path carries the context guard. Target: Ratio ≤ 0.56 (at least 1.8x faster) and at most 2x
    /// hand-written Opt #3. The difference between the two categories is the price of exactness.</item>
    /// </list>
    /// 0 B/op for [FastPath] in both.
    /// </summary>
    [MemoryDiagnoser]
    [ReturnValueValidator(failOnError: true)] // every form must return what the async body returns (checked once, in the host)
    [GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory)]
    [CategoriesColumn]
    public class TinyBodyBenchmarks
    {
        private const string StaticLeaf = "StaticLeaf";
        private const string InterfaceLeaf = "InterfaceLeaf";

        private readonly TinyBody _tiny = new TinyBody();

        [Benchmark(Description = "Pure sync")]
        [BenchmarkCategory(StaticLeaf)]
        public int PureSync() => _tiny.AddOneSync();

        [Benchmark(Baseline = true, Description = "async ValueTask")]
        [BenchmarkCategory(StaticLeaf)]
        public int AsyncValueTask() => _tiny.AddOneValueTaskAsync().GetAwaiter().GetResult();

        [Benchmark(Description = "async Task")]
        [BenchmarkCategory(StaticLeaf)]
        public int AsyncTask() => _tiny.AddOneTaskAsync().GetAwaiter().GetResult();

        [Benchmark(Description = "Hand-written Opt #3")]
        [BenchmarkCategory(StaticLeaf)]
        public int HandOpt3() => _tiny.AddOneOptimized().GetAwaiter().GetResult();

#if PREWIRED_GENERATED
        [Benchmark(Description = "[FastPath]")]
        [BenchmarkCategory(StaticLeaf)]
        public int FastPath() => _tiny.AddOneFastPathAsync().GetAwaiter().GetResult();
#endif

        [Benchmark(Baseline = true, Description = "async ValueTask")]
        [BenchmarkCategory(InterfaceLeaf)]
        public int InterfaceAsyncValueTask() => _tiny.AddOneInterfaceValueTaskAsync().GetAwaiter().GetResult();

        [Benchmark(Description = "Hand-written Opt #3")]
        [BenchmarkCategory(InterfaceLeaf)]
        public int InterfaceHandOpt3() => _tiny.AddOneInterfaceOptimized().GetAwaiter().GetResult();

#if PREWIRED_GENERATED
        [Benchmark(Description = "[FastPath]")]
        [BenchmarkCategory(InterfaceLeaf)]
        public int InterfaceFastPath() => _tiny.AddOneInterfaceFastPathAsync().GetAwaiter().GetResult();
#endif
    }
}
