// The calls the Quickstart measures, one struct per form (see Measurement/Form.cs for why structs): each makes one call
// and consumes the result as a caller awaiting a completed task would.
using System.Threading.Tasks;
using Quickstart.Measurement;

namespace Quickstart
{
    internal readonly struct StockPricesTaskCall(StockPrices prices) : ICall
    {
        public int Invoke() => (int)prices.GetStockPriceForTaskAsync("MSFT").GetAwaiter().GetResult();
    }

    internal readonly struct StockPricesValueTaskCall(StockPrices prices) : ICall
    {
        public int Invoke() => (int)prices.GetStockPriceForAsync("MSFT").GetAwaiter().GetResult();
    }

    internal readonly struct StockPricesFastPathCall(StockPrices prices) : ICall
    {
        public int Invoke() => (int)prices.GetStockPriceForFastAsync("MSFT").GetAwaiter().GetResult();
    }

    internal readonly struct TinyAsyncCall(TinyBody tiny) : ICall
    {
        public int Invoke() => tiny.AddOneAsync().GetAwaiter().GetResult();
    }

    internal readonly struct TinyFastPathCall(TinyBody tiny) : ICall
    {
        public int Invoke() => tiny.AddOneFastAsync().GetAwaiter().GetResult();
    }

    internal readonly struct AsyncChainCall(AsyncChain chain) : ICall
    {
        public int Invoke() => chain.Layer5Async().GetAwaiter().GetResult();
    }

    internal readonly struct TailAwaitChainCall(TailAwaitChain chain) : ICall
    {
        public int Invoke() => chain.Layer5Async().GetAwaiter().GetResult();
    }
}
