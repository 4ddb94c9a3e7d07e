using BenchmarkDotNet.Attributes;
using Prewired.Benchmarks.Shapes;

namespace Prewired.Benchmarks
{
    /// <summary>
    /// (a) StockPrices, synchronous completion: the cache is initialized, so every await is already complete and the cost
    /// is the linear search of 101 entries plus whatever machinery each form adds. Baseline: the purely synchronous method.
    /// PRODUCT.md §3 target: [FastPath] within 5% of it (Ratio ≤ 1.05), 0 B/op.
    /// </summary>
    [MemoryDiagnoser]
    [ReturnValueValidator(failOnError: true)] // every form must return what the async body returns (checked once, in the host)
    public class StockPricesSyncBenchmarks
    {
        private const string CompanyId = "MSFT";
        private readonly StockPrices _stockPrices = new StockPrices();

        [GlobalSetup]
        public void WarmUpCache() => _stockPrices.GetStockPriceForAsync(CompanyId).GetAwaiter().GetResult();

        [Benchmark(Baseline = true, Description = "Pure sync")]
        public decimal PureSync() => _stockPrices.GetPriceFromCacheFor(CompanyId);

        [Benchmark(Description = "async Task")]
        public decimal AsyncTask() => _stockPrices.GetStockPriceForAsync(CompanyId).GetAwaiter().GetResult();

        [Benchmark(Description = "async ValueTask")]
        public decimal AsyncValueTask() => _stockPrices.GetStockPriceValueTaskForAsync(CompanyId).GetAwaiter().GetResult();

        [Benchmark(Description = "Hand-written Opt #3")]
        public decimal HandOpt3() => _stockPrices.GetStockPriceWithValueTaskAsync_Optimized(CompanyId).GetAwaiter().GetResult();

        [Benchmark(Description = "Opt #3 with closure")]
        public decimal HandOpt3WithClosure() => _stockPrices.GetStockPriceWithValueTaskAsync_Optimized2(CompanyId).GetAwaiter().GetResult();

#if PREWIRED_GENERATED
        [Benchmark(Description = "[FastPath]")]
        public decimal FastPath() => _stockPrices.GetStockPriceFastPathAsync(CompanyId).GetAwaiter().GetResult();
#endif
    }
}
