// The construct bodies of issue 9's benchmark: an await inside a loop and awaits inside try/finally, each as the plain
// async method, the purely synchronous method, and [FastPath] generated from the async body. Only the classic assembly
// has these.
using System.Runtime.CompilerServices;
using System.Threading.Tasks;

namespace Prewired.Benchmarks.Shapes
{
    public partial class Constructs
    {
        private readonly int[] _values = { 1, 2, 3, 4, 5, 6, 7, 8 };
        private int _seed = 18;
        private int _opened;
        private int _closed;

        // Two leaves. ReadAsync is what a buffered reader's fast path looks like: an already completed ValueTask<int> the JIT
        // inlines, so a table over it shows what the await machinery itself costs per iteration. ReadCallAsync is the same
        // behind a call the JIT may not inline, which adds the same constant to every form. Read/ReadCall are the
        // synchronous counterparts.

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static ValueTask<int> ReadAsync(int value) => new ValueTask<int>(value);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static int Read(int value) => value;

        [MethodImpl(MethodImplOptions.NoInlining)]
        private static ValueTask<int> ReadCallAsync(int value) => new ValueTask<int>(value);

        [MethodImpl(MethodImplOptions.NoInlining)]
        private static int ReadCall(int value) => value;

        // ---- A loop of 8 awaits: sum the values, one await per iteration. ----

        public int SumSync()
        {
            var sum = 0;
            foreach (var value in _values)
            {
                sum += Read(value);
            }

            return sum;
        }

        public async ValueTask<int> SumAsync()
        {
            var sum = 0;
            foreach (var value in _values)
            {
                sum += await ReadAsync(value);
            }

            return sum;
        }

        /// <summary>
        /// Hand-written Optimization #3 of <see cref="SumAsync"/>: the loop tests each ValueTask and hands the rest of the
        /// loop to an async helper when one is pending. The floor for any fast path over ValueTask-returning calls.
        /// </summary>
        public ValueTask<int> SumOptimized()
        {
            var sum = 0;
            for (var i = 0; i < _values.Length; i++)
            {
                var pending = ReadAsync(_values[i]);
                if (!pending.IsCompletedSuccessfully)
                {
                    return SumSlowAsync(pending, sum, i);
                }

                sum += pending.Result;
            }

            return new ValueTask<int>(sum);
        }

        private async ValueTask<int> SumSlowAsync(ValueTask<int> pending, int sum, int i)
        {
            sum += await pending;
            for (i++; i < _values.Length; i++)
            {
                sum += await ReadAsync(_values[i]);
            }

            return sum;
        }

        // ---- The same loop over the non-inlined leaf. ----

        public int SumCallSync()
        {
            var sum = 0;
            foreach (var value in _values)
            {
                sum += ReadCall(value);
            }

            return sum;
        }

        public async ValueTask<int> SumCallAsync()
        {
            var sum = 0;
            foreach (var value in _values)
            {
                sum += await ReadCallAsync(value);
            }

            return sum;
        }

        // ---- try/finally around two awaits: a scope opened and closed around the awaited reads. The leaf is the
        // non-inlined one: with the inlined leaf the JIT folds the whole synchronous body (and the [FastPath] one, which it
        // inlines as well) into almost nothing (0.01 ns), which says little. ----

        public int ScopedSync()
        {
            _opened++;
            try
            {
                var first = ReadCall(_seed);
                var second = ReadCall(first);
                return first + second;
            }
            finally
            {
                _closed++;
            }
        }

        public async ValueTask<int> ScopedAsync()
        {
            _opened++;
            try
            {
                var first = await ReadCallAsync(_seed);
                var second = await ReadCallAsync(first);
                return first + second;
            }
            finally
            {
                _closed++;
            }
        }

#if PREWIRED_GENERATED
        /// <summary>[FastPath] of <see cref="SumAsync"/>: the loop runs in place while every await has completed.</summary>
        [FastPath(nameof(SumCoreAsync))]
        public partial ValueTask<int> SumFastPathAsync();

        private async ValueTask<int> SumCoreAsync()
        {
            var sum = 0;
            foreach (var value in _values)
            {
                sum += await ReadAsync(value);
            }

            return sum;
        }

        /// <summary>[FastPath] of <see cref="SumCallAsync"/>.</summary>
        [FastPath(nameof(SumCallCoreAsync))]
        public partial ValueTask<int> SumCallFastPathAsync();

        private async ValueTask<int> SumCallCoreAsync()
        {
            var sum = 0;
            foreach (var value in _values)
            {
                sum += await ReadCallAsync(value);
            }

            return sum;
        }

        /// <summary>[FastPath] of <see cref="ScopedAsync"/>: the try/finally runs in place while every await has completed.</summary>
        [FastPath(nameof(ScopedCoreAsync))]
        public partial ValueTask<int> ScopedFastPathAsync();

        private async ValueTask<int> ScopedCoreAsync()
        {
            _opened++;
            try
            {
                var first = await ReadCallAsync(_seed);
                var second = await ReadCallAsync(first);
                return first + second;
            }
            finally
            {
                _closed++;
            }
        }
#endif
    }
}
