using BenchmarkDotNet.Attributes;
using Prewired.Benchmarks.Shapes;

namespace Prewired.Benchmarks
{
    /// <summary>
    /// (b) StockPrices, asynchronous completion: InitializeMapIfNeededAsync awaits Task.Yield() on every call, so every form
    /// takes its pending path (a thread-pool hop, and GetResult blocks until it finishes). Baseline: the async ValueTask
    /// method, the body [FastPath] is generated from. PRODUCT.md §3 target: [FastPath] no slower (Ratio ≤ 1.00 within
    /// noise) and Allocated no larger than the baseline.
    /// </summary>
    [MemoryDiagnoser]
    [ReturnValueValidator(failOnError: true)] // every form must return what the async body returns (checked once, in the host)
    public class StockPricesYieldBenchmarks
    {
        private const string CompanyId = "MSFT";
        private readonly StockPrices _stockPrices = new StockPrices(yieldOnEveryCall: true);

        [GlobalSetup]
        public void WarmUpCache() => _stockPrices.GetStockPriceForAsync(CompanyId).GetAwaiter().GetResult();

        [Benchmark(Description = "async Task")]
        public decimal AsyncTask() => _stockPrices.GetStockPriceForAsync(CompanyId).GetAwaiter().GetResult();

        [Benchmark(Baseline = true, Description = "async ValueTask")]
        public decimal AsyncValueTask() => _stockPrices.GetStockPriceValueTaskForAsync(CompanyId).GetAwaiter().GetResult();

        [Benchmark(Description = "Hand-written Opt #3")]
        public decimal HandOpt3() => _stockPrices.GetStockPriceWithValueTaskAsync_Optimized(CompanyId).GetAwaiter().GetResult();

#if PREWIRED_GENERATED
        [Benchmark(Description = "[FastPath]")]
        public decimal FastPath() => _stockPrices.GetStockPriceFastPathAsync(CompanyId).GetAwaiter().GetResult();
#endif
    }
}
