using System.Threading.Tasks;
using Prewired.Benchmarks.Shapes;

namespace Prewired.Benchmarks.Targets
{
    /// <summary>
    /// One call of one form. Each form is a struct, so the timing loop (<see cref="Form{TOperation, TResult}"/>) is compiled
    /// for it alone and calls it directly: no delegate call, whose cost would be added to every form of a 1 ns body.
    /// </summary>
    internal interface IOperation<out TResult>
    {
        TResult Invoke();
    }

    // ---- The tiny body: var value = await LeafAsync(); return value + 1; over a completed ValueTask<int>. ----

    internal readonly struct TinyPureSync : IOperation<int>
    {
        private readonly TinyBody _body;
        public TinyPureSync(TinyBody body) => _body = body;
        public int Invoke() => _body.AddOneSync();
    }

    internal readonly struct TinyValueTask : IOperation<int>
    {
        private readonly TinyBody _body;
        public TinyValueTask(TinyBody body) => _body = body;
        public int Invoke() => _body.AddOneValueTaskAsync().GetAwaiter().GetResult();
    }

    internal readonly struct TinyTask : IOperation<int>
    {
        private readonly TinyBody _body;
        public TinyTask(TinyBody body) => _body = body;
        public int Invoke() => _body.AddOneTaskAsync().GetAwaiter().GetResult();
    }

    internal readonly struct TinyHandOpt3 : IOperation<int>
    {
        private readonly TinyBody _body;
        public TinyHandOpt3(TinyBody body) => _body = body;
        public int Invoke() => _body.AddOneOptimized().GetAwaiter().GetResult();
    }

    internal readonly struct TinyFastPath : IOperation<int>
    {
        private readonly TinyBody _body;
        public TinyFastPath(TinyBody body) => _body = body;
        public int Invoke() => _body.AddOneFastPathAsync().GetAwaiter().GetResult();
    }

    internal readonly struct TinyInterfaceValueTask : IOperation<int>
    {
        private readonly TinyBody _body;
        public TinyInterfaceValueTask(TinyBody body) => _body = body;
        public int Invoke() => _body.AddOneInterfaceValueTaskAsync().GetAwaiter().GetResult();
    }

    internal readonly struct TinyInterfaceHandOpt3 : IOperation<int>
    {
        private readonly TinyBody _body;
        public TinyInterfaceHandOpt3(TinyBody body) => _body = body;
        public int Invoke() => _body.AddOneInterfaceOptimized().GetAwaiter().GetResult();
    }

    internal readonly struct TinyInterfaceFastPath : IOperation<int>
    {
        private readonly TinyBody _body;
        public TinyInterfaceFastPath(TinyBody body) => _body = body;
        public int Invoke() => _body.AddOneInterfaceFastPathAsync().GetAwaiter().GetResult();
    }

    // ---- The StockPrices shape: a linear search of 101 entries behind an async initialization. The company id is read from
    // a field, as a caller passes data (nothing for a JIT to fold into the search). With yieldOnEveryCall the
    // initialization awaits Task.Yield() on every call: every form takes its pending path (a thread-pool hop). ----

    internal readonly struct StockPureSync : IOperation<decimal>
    {
        private readonly StockPrices _prices;
        private readonly string _id;
        public StockPureSync(StockPrices prices, string id) { _prices = prices; _id = id; }
        public decimal Invoke() => _prices.GetPriceFromCacheFor(_id);
    }

    internal readonly struct StockValueTask : IOperation<decimal>
    {
        private readonly StockPrices _prices;
        private readonly string _id;
        public StockValueTask(StockPrices prices, string id) { _prices = prices; _id = id; }
        public decimal Invoke() => _prices.GetStockPriceValueTaskForAsync(_id).GetAwaiter().GetResult();
    }

    internal readonly struct StockTask : IOperation<decimal>
    {
        private readonly StockPrices _prices;
        private readonly string _id;
        public StockTask(StockPrices prices, string id) { _prices = prices; _id = id; }
        public decimal Invoke() => _prices.GetStockPriceForAsync(_id).GetAwaiter().GetResult();
    }

    internal readonly struct StockHandOpt3 : IOperation<decimal>
    {
        private readonly StockPrices _prices;
        private readonly string _id;
        public StockHandOpt3(StockPrices prices, string id) { _prices = prices; _id = id; }
        public decimal Invoke() => _prices.GetStockPriceWithValueTaskAsync_Optimized(_id).GetAwaiter().GetResult();
    }

    internal readonly struct StockFastPath : IOperation<decimal>
    {
        private readonly StockPrices _prices;
        private readonly string _id;
        public StockFastPath(StockPrices prices, string id) { _prices = prices; _id = id; }
        public decimal Invoke() => _prices.GetStockPriceFastPathAsync(_id).GetAwaiter().GetResult();
    }
}
