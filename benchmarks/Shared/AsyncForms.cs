// The plain async forms the benchmarks measure, written once and compiled twice:
//  - into Prewired.Benchmarks (namespace Prewired.Benchmarks.Shapes): classic compiler-generated state machines;
//  - into Prewired.Benchmarks.RuntimeAsync (namespace Prewired.Benchmarks.RuntimeAsync, PREWIRED_RUNTIME_ASYNC defined,
//    compiled with runtime-async=on): every async method here becomes a runtime-async method (MethodImplAttributes.Async).
// The classic assembly adds the hand-written and Prewired-generated forms as further parts of these partial classes
// (see Prewired.Benchmarks/Shapes/*.cs), so every form of one shape shares the same helpers and the same data.
using System;
using System.Collections.Generic;
using System.Linq;
using System.Runtime.CompilerServices;
using System.Threading.Tasks;

#if PREWIRED_RUNTIME_ASYNC
namespace Prewired.Benchmarks.RuntimeAsync
#else
namespace Prewired.Benchmarks.Shapes
#endif
{
    /// <summary>
    /// The StockPrices shape of the blog post "The performance characteristics of async methods in C#": a cache of 100
    /// prices plus "MSFT" (101 entries) searched linearly, behind an async initialization that is complete once the
    /// cache is filled. With <c>yieldOnEveryCall</c> the initialization awaits <see cref="Task.Yield"/> on every call,
    /// as in the blog's "overhead of awaiting the task" section, so every call takes the pending path.
    /// </summary>
    public partial class StockPrices
    {
        private const int Count = 100;
        private readonly bool _yieldOnEveryCall;
        private List<(string name, decimal price)>? _stockPricesCache;

        public StockPrices(bool yieldOnEveryCall = false) => _yieldOnEveryCall = yieldOnEveryCall;

        /// <summary>The blog's async version (Task).</summary>
        public async Task<decimal> GetStockPriceForAsync(string companyId)
        {
            await InitializeMapIfNeededAsync();
            return DoGetPriceFromCache(companyId);
        }

        /// <summary>The blog's Optimization #2: the same body returning ValueTask.</summary>
        public async ValueTask<decimal> GetStockPriceValueTaskForAsync(string companyId)
        {
            await InitializeMapIfNeededAsync();
            return DoGetPriceFromCache(companyId);
        }

        /// <summary>The blog's purely synchronous version.</summary>
        public decimal GetPriceFromCacheFor(string companyId)
        {
            InitializeMapIfNeeded();
            return DoGetPriceFromCache(companyId);
        }

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

        [MethodImpl(MethodImplOptions.NoInlining)]
        private void InitializeMapIfNeeded()
        {
            // Similar initialization logic (empty, as in the blog).
        }

        private async Task InitializeMapIfNeededAsync()
        {
            if (_stockPricesCache != null)
            {
                if (_yieldOnEveryCall)
                {
                    await Task.Yield();
                }

                return;
            }

            await Task.Delay(42);

            // Getting the stock prices from the external source: 100 items plus "MSFT" make a cache hit somewhat expensive.
            _stockPricesCache = Enumerable.Range(1, Count)
                .Select(n => (name: n.ToString(System.Globalization.CultureInfo.InvariantCulture), price: (decimal)n))
                .ToList();
            _stockPricesCache.Add((name: "MSFT", price: 42));
        }
    }

    /// <summary>
    /// The tiny body: await a completed <see cref="ValueTask{TResult}"/> and add 1, where the whole cost is the async
    /// machinery. The leaf is a non-inlined method of this class (the generator can prove it changes no context).
    /// Every form writes the body as <c>var value = await LeafAsync(); return value + 1;</c>: for an async method that is
    /// the same state machine as <c>return await LeafAsync() + 1;</c>, and it is the await position [FastPath] splits
    /// (an await nested in a larger expression makes it forward to the body instead, warning PW0201).
    /// </summary>
    public partial class TinyBody
    {
        /// <summary>The synchronous leaf: 41 through a non-inlined call.</summary>
        [MethodImpl(MethodImplOptions.NoInlining)]
        public static int Leaf() => 41;

        /// <summary>The asynchronous leaf: an already completed ValueTask through a non-inlined call.</summary>
        [MethodImpl(MethodImplOptions.NoInlining)]
        public static ValueTask<int> LeafAsync() => new ValueTask<int>(41);

        /// <summary>Pure synchronous form: <c>41 + 1</c> through the non-inlined leaf.</summary>
        public int AddOneSync() => Leaf() + 1;

        /// <summary>async ValueTask form.</summary>
        public async ValueTask<int> AddOneValueTaskAsync()
        {
            var value = await LeafAsync();
            return value + 1;
        }

        /// <summary>async Task form (42 is outside the builder's cached Task&lt;int&gt; range, so it allocates).</summary>
        public async Task<int> AddOneTaskAsync()
        {
            var value = await LeafAsync();
            return value + 1;
        }
    }

    /// <summary>
    /// Run-time evidence of which async implementation executed: after a real suspension (Task.Yield), the innermost stack
    /// frame is the compiler-generated state machine's <c>MoveNext</c> for a classic async method, and the method itself
    /// for a runtime-async one (the runtime suspends and resumes the method; there is no state machine type).
    /// Used by <c>Prewired.Benchmarks --check-runtime-async</c>, never by a benchmark.
    /// </summary>
    public static class AsyncProbe
    {
        public static async Task<string> InnermostFrameAfterYieldAsync()
        {
            await Task.Yield();
            var method = new System.Diagnostics.StackTrace().GetFrame(0)?.GetMethod();
            return method is null ? "?" : method.DeclaringType?.Name + "." + method.Name;
        }
    }

    /// <summary>
    /// Pass-through chain with async/await layers: layer N is <c>return await LayerN-1Async();</c>, layer 0 is a leaf
    /// returning a completed ValueTask&lt;int&gt;. Every layer is non-inlined (as a layer in another object would be)
    /// so the table shows the per-layer cost rather than what the JIT folds away; every other chain form does the same.
    /// </summary>
    public partial class AsyncChain
    {
        [MethodImpl(MethodImplOptions.NoInlining)]
        public static ValueTask<int> LeafAsync() => new ValueTask<int>(41);

        [MethodImpl(MethodImplOptions.NoInlining)]
        public async ValueTask<int> Layer1Async()
        {
            return await LeafAsync();
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        public async ValueTask<int> Layer2Async()
        {
            return await Layer1Async();
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        public async ValueTask<int> Layer3Async()
        {
            return await Layer2Async();
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        public async ValueTask<int> Layer4Async()
        {
            return await Layer3Async();
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        public async ValueTask<int> Layer5Async()
        {
            return await Layer4Async();
        }

        /// <summary>The top of a chain of <paramref name="depth"/> layers (1 to 5).</summary>
        public ValueTask<int> RunAsync(int depth) => depth switch
        {
            1 => Layer1Async(),
            2 => Layer2Async(),
            3 => Layer3Async(),
            4 => Layer4Async(),
            5 => Layer5Async(),
            _ => throw new ArgumentOutOfRangeException(nameof(depth)),
        };
    }
}
