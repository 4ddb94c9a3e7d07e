using BenchmarkDotNet.Attributes;
using Prewired.Benchmarks.Shapes;

namespace Prewired.Benchmarks
{
    /// <summary>
    /// (a) StockPrices, synchronous completion: the cache is initialized, so every await is already complete and the cost
    /// is the linear search of 101 entries plus whatever machinery each form adds. Baseline: the purely synchronous method.
    /// PRODUCT.md §3 target: [FastPath] within 5% of it (Ratio ≤ 1.05), 0 B/op.
    /// The company id is the literal "MSFT", as in the blog post: where a form is inlined into the benchmark method, the
    /// JIT folds the literal into the string comparison of the search. <see cref="StockPricesSyncDataIdBenchmarks"/> runs
    /// the same forms with the id read from a field, as a real caller passes it.
    /// </summary>
    public class StockPricesSyncBenchmarks : StockPricesSyncForms<LiteralCompanyId>
    {
    }

    /// <summary>(a') The forms of (a) with the company id read from a field: nothing to fold into the search.</summary>
    public class StockPricesSyncDataIdBenchmarks : StockPricesSyncForms<FieldCompanyId>
    {
    }

    /// <summary>The literal "MSFT": a struct type argument, so the JIT specializes the forms and sees the constant.</summary>
    public readonly struct LiteralCompanyId : ICompanyId
    {
        public string Value => "MSFT";
    }

    /// <summary>"MSFT" read from a field on every call, as a real caller passes data.</summary>
    public readonly struct FieldCompanyId : ICompanyId
    {
        private readonly string _value;

        public FieldCompanyId() => _value = "MSFT";

        public string Value => _value;
    }

    /// <summary>Where the StockPrices tables take the company id from.</summary>
    public interface ICompanyId
    {
        string Value { get; }
    }

    /// <summary>The forms both StockPrices synchronous tables compare, over the company id their subclass supplies.</summary>
    [MemoryDiagnoser]
    [ReturnValueValidator(failOnError: true)] // every form must return what the async body returns (checked once, in the host)
    public abstract class StockPricesSyncForms<TCompanyId>
        where TCompanyId : struct, ICompanyId
    {
        private readonly StockPrices _stockPrices = new StockPrices();
        private readonly TCompanyId _companyId = new TCompanyId();

        // Generic over a struct: each table's code is specialized for its id source, with no virtual call in between.
        private string CompanyId => _companyId.Value;

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
