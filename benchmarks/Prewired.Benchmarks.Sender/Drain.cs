using System.Collections.Generic;
using System.Threading;

namespace Prewired.Benchmarks.Sender
{
    /// <summary>Enumerates a stream to its end, the same way for both sides.</summary>
    internal static class Drain
    {
        /// <summary>
        /// The sum of the items. Every item here is ready when asked for, so each MoveNextAsync completes synchronously and is
        /// taken with GetAwaiter().GetResult(), as the repository's benchmarks consume every result: no async method of the
        /// benchmark's own adds to either side.
        /// </summary>
        public static int Sum(IAsyncEnumerable<int> stream)
        {
            var sum = 0;
            var enumerator = stream.GetAsyncEnumerator(CancellationToken.None);
            try
            {
                while (enumerator.MoveNextAsync().GetAwaiter().GetResult()) sum += enumerator.Current;
            }
            finally
            {
                enumerator.DisposeAsync().GetAwaiter().GetResult();
            }

            return sum;
        }
    }
}
