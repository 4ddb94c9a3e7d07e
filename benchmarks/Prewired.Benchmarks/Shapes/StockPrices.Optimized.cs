// The hand-written and Prewired-generated forms of the StockPrices shape (the plain async forms are in
// ../../Shared/AsyncForms.cs). Only the classic assembly has these.
using System.Threading.Tasks;

namespace Prewired.Benchmarks.Shapes
{
    public partial class StockPrices
    {
        /// <summary>
        /// The blog's Optimization #3 (GetStockPriceWithValueTaskAsync_Optimized), verbatim: no async modifier, a completed
        /// initialization task takes the synchronous path, a pending one goes to a local function that receives what it
        /// needs as parameters (it uses only <c>this</c> otherwise, so no display class is allocated).
        /// As in the blog it does not observe a faulted completed task; that is the hand-written form's inexactness.
        /// </summary>
        public ValueTask<decimal> GetStockPriceWithValueTaskAsync_Optimized(string companyId)
        {
            var task = InitializeMapIfNeededAsync();

            // Optimizing for a common case: no async machinery involved.
            if (task.IsCompleted)
            {
                return new ValueTask<decimal>(DoGetPriceFromCache(companyId));
            }

            return DoGetStockPricesForAsync(task, companyId);

            async ValueTask<decimal> DoGetStockPricesForAsync(Task initializeTask, string localCompanyId)
            {
                await initializeTask;
                return DoGetPriceFromCache(localCompanyId);
            }
        }

        /// <summary>
        /// The blog's GetStockPriceWithValueTaskAsync_Optimized2: the natural local function captures <c>task</c> and
        /// <c>companyId</c>, so the compiler allocates the display class on entry, even on the synchronous path.
        /// </summary>
        public ValueTask<decimal> GetStockPriceWithValueTaskAsync_Optimized2(string companyId)
        {
            // Oops! This will lead to a closure allocation at the beginning of the method!
            var task = InitializeMapIfNeededAsync();

            // Optimizing for a common case: no async machinery involved.
            if (task.IsCompleted)
            {
                return new ValueTask<decimal>(DoGetPriceFromCache(companyId));
            }

            return DoGetStockPricesForAsync();

            async ValueTask<decimal> DoGetStockPricesForAsync()
            {
                await task;
                return DoGetPriceFromCache(companyId);
            }
        }

#if PREWIRED_GENERATED
        /// <summary>Prewired's answer: Optimization #3 generated from the async body below.</summary>
        [FastPath(nameof(GetStockPriceCoreAsync))]
        public partial ValueTask<decimal> GetStockPriceFastPathAsync(string companyId);

        private async ValueTask<decimal> GetStockPriceCoreAsync(string companyId)
        {
            await InitializeMapIfNeededAsync();
            return DoGetPriceFromCache(companyId);
        }
#endif
    }
}
