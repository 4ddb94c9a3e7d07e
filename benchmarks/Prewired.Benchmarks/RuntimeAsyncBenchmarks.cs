// The runtime-async types live in an assembly marked [RequiresPreviewFeatures] (it is built with .NET 10's experimental
// runtime async); calling into it is the point of these benchmarks, so the preview-feature analyzer is silenced here only.
#pragma warning disable CA2252

using System.Runtime.CompilerServices;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using Classic = Prewired.Benchmarks.Shapes;
using RuntimeAsync = Prewired.Benchmarks.RuntimeAsync;

namespace Prewired.Benchmarks
{
    /// <summary>
    /// (e) The platform's own answer, side by side with the classic forms and Prewired's: the same async source
    /// (../Shared/AsyncForms.cs) compiled classically and with <c>runtime-async=on</c>, run under <c>DOTNET_RuntimeAsync=1</c>
    /// (see <see cref="RuntimeAsyncConfig"/> for why one job serves both). Baseline per category: the classic async ValueTask
    /// method. The chains are in <see cref="RuntimeAsyncChainBenchmarks"/> (they take a depth parameter).
    /// </summary>
    [MemoryDiagnoser]
    [Config(typeof(RuntimeAsyncConfig))]
    [GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory)]
    [CategoriesColumn]
    public class RuntimeAsyncBenchmarks
    {
        private const string StockPricesCategory = "StockPrices";
        private const string TinyBodyCategory = "TinyBody";
        private const string CompanyId = "MSFT";

        private readonly Classic.StockPrices _classicStockPrices = new Classic.StockPrices();
        private readonly Classic.TinyBody _classicTiny = new Classic.TinyBody();

        // Typed object, read back with Unsafe.As (a no-op: no type check, no extra load): BenchmarkDotNet's host process,
        // which runs without DOTNET_RuntimeAsync=1, reads the type of every field and property of a benchmark class, and a
        // runtime-async class there throws TypeLoadException (so no helper property either). Created in GlobalSetup, in the
        // benchmark process, after RuntimeAsyncCheck has checked the environment.
        private object _runtimeAsyncStockPrices = null!;
        private object _runtimeAsyncTiny = null!;

        [GlobalSetup]
        public void Setup()
        {
            RuntimeAsyncCheck.EnsureActive();
            _classicStockPrices.GetStockPriceForAsync(CompanyId).GetAwaiter().GetResult();
            CreateRuntimeAsyncInstances();
        }

        // Separate and not inlined: compiling a method that names a runtime-async type already loads it, so this must not be
        // compiled before EnsureActive has run.
        [MethodImpl(MethodImplOptions.NoInlining)]
        private void CreateRuntimeAsyncInstances()
        {
            var stockPrices = new RuntimeAsync.StockPrices();
            stockPrices.GetStockPriceForAsync(CompanyId).GetAwaiter().GetResult();
            _runtimeAsyncStockPrices = stockPrices;
            _runtimeAsyncTiny = new RuntimeAsync.TinyBody();
        }

        // ---- StockPrices, synchronous completion (the shape of StockPricesSyncBenchmarks) ----

        [Benchmark(Baseline = true, Description = "async ValueTask (classic)")]
        [BenchmarkCategory(StockPricesCategory)]
        public decimal StockPricesClassicValueTask() => _classicStockPrices.GetStockPriceValueTaskForAsync(CompanyId).GetAwaiter().GetResult();

        [Benchmark(Description = "async ValueTask (runtime async)")]
        [BenchmarkCategory(StockPricesCategory)]
        public decimal StockPricesRuntimeAsyncValueTask() => Unsafe.As<RuntimeAsync.StockPrices>(_runtimeAsyncStockPrices).GetStockPriceValueTaskForAsync(CompanyId).GetAwaiter().GetResult();

        [Benchmark(Description = "async Task (classic)")]
        [BenchmarkCategory(StockPricesCategory)]
        public decimal StockPricesClassicTask() => _classicStockPrices.GetStockPriceForAsync(CompanyId).GetAwaiter().GetResult();

        [Benchmark(Description = "async Task (runtime async)")]
        [BenchmarkCategory(StockPricesCategory)]
        public decimal StockPricesRuntimeAsyncTask() => Unsafe.As<RuntimeAsync.StockPrices>(_runtimeAsyncStockPrices).GetStockPriceForAsync(CompanyId).GetAwaiter().GetResult();

        [Benchmark(Description = "Pure sync")]
        [BenchmarkCategory(StockPricesCategory)]
        public decimal StockPricesPureSync() => _classicStockPrices.GetPriceFromCacheFor(CompanyId);

#if PREWIRED_GENERATED
        [Benchmark(Description = "[FastPath]")]
        [BenchmarkCategory(StockPricesCategory)]
        public decimal StockPricesFastPath() => _classicStockPrices.GetStockPriceFastPathAsync(CompanyId).GetAwaiter().GetResult();
#endif

        // ---- Tiny body (the StaticLeaf shape of TinyBodyBenchmarks) ----

        [Benchmark(Baseline = true, Description = "async ValueTask (classic)")]
        [BenchmarkCategory(TinyBodyCategory)]
        public int TinyClassicValueTask() => _classicTiny.AddOneValueTaskAsync().GetAwaiter().GetResult();

        [Benchmark(Description = "async ValueTask (runtime async)")]
        [BenchmarkCategory(TinyBodyCategory)]
        public int TinyRuntimeAsyncValueTask() => Unsafe.As<RuntimeAsync.TinyBody>(_runtimeAsyncTiny).AddOneValueTaskAsync().GetAwaiter().GetResult();

        [Benchmark(Description = "Hand-written Opt #3")]
        [BenchmarkCategory(TinyBodyCategory)]
        public int TinyHandOpt3() => _classicTiny.AddOneOptimized().GetAwaiter().GetResult();

#if PREWIRED_GENERATED
        [Benchmark(Description = "[FastPath]")]
        [BenchmarkCategory(TinyBodyCategory)]
        public int TinyFastPath() => _classicTiny.AddOneFastPathAsync().GetAwaiter().GetResult();
#endif
    }
}
