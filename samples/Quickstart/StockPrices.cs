// The StockPrices class of the blog post "The performance characteristics of async methods in C#": a cache of 100
// prices plus MSFT, searched linearly so a call does some real work, behind an async initialization that completes
// synchronously once the cache is filled. The post's "Optimization #3" hand-writes a fast path for exactly this method;
// here [FastPath] generates it from the plain async method instead.
using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Threading.Tasks;
using Prewired;

namespace Quickstart
{
    public partial class StockPrices
    {
        private const int Count = 100;
        private List<(string name, decimal price)>? _stockPricesCache;

        /// <summary>The post's async method as it starts, returning Task: the builder allocates the Task&lt;decimal&gt; on every call.</summary>
        public async Task<decimal> GetStockPriceForTaskAsync(string companyId)
        {
            await InitializeMapIfNeededAsync();
            return DoGetPriceFromCache(companyId);
        }

        /// <summary>The post's async method (with ValueTask, its Optimization #2): the form [FastPath] is generated from.</summary>
        public async ValueTask<decimal> GetStockPriceForAsync(string companyId)
        {
            await InitializeMapIfNeededAsync();
            return DoGetPriceFromCache(companyId);
        }

        /// <summary>
        /// The same method with its fast path generated: while the initialization task is already complete it runs like a
        /// synchronous method, and only a pending initialization goes to a generated async continuation. The generated
        /// code is in obj/&lt;Configuration&gt;/net10.0/generated/ (the program prints where).
        /// </summary>
        [FastPath(nameof(GetStockPriceForAsync))]
        public partial ValueTask<decimal> GetStockPriceForFastAsync(string companyId);

        // A plain loop, as in the post, so the lookup itself allocates nothing.
        private decimal DoGetPriceFromCache(string name)
        {
            foreach (var kvp in _stockPricesCache!)
            {
                if (kvp.name == name)
                {
                    return kvp.price;
                }
            }

            throw new InvalidOperationException($"Can't find price for '{name}'.");
        }

        private async Task InitializeMapIfNeededAsync()
        {
            if (_stockPricesCache != null)
            {
                return;
            }

            await Task.Delay(42);

            // Getting the stock prices from the external source.
            _stockPricesCache = Enumerable.Range(1, Count)
                .Select(n => (name: n.ToString(CultureInfo.InvariantCulture), price: (decimal)n))
                .ToList();
            _stockPricesCache.Add((name: "MSFT", price: 42));
        }
    }
}
