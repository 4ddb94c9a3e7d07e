// The README's headline shape (BenchmarkDotNet's TinyBodyBenchmarks, StaticLeaf): an async method that awaits an already
// completed ValueTask<int> and adds 1, so the whole cost of a call is the async machinery around it.
using System.Runtime.CompilerServices;
using System.Threading.Tasks;
using Prewired;

namespace Quickstart
{
    public partial class TinyBody
    {
        /// <summary>An already completed ValueTask, through a call that is not inlined (a method of another class would not be either).</summary>
        [MethodImpl(MethodImplOptions.NoInlining)]
        public static ValueTask<int> LeafAsync() => new(41);

        /// <summary>The plain async method: a state machine and a builder on every call, also when the leaf has completed.</summary>
        public async ValueTask<int> AddOneAsync()
        {
            var value = await LeafAsync();
            return value + 1;
        }

        /// <summary>The same method with its fast path generated from it.</summary>
        [FastPath(nameof(AddOneAsync))]
        public partial ValueTask<int> AddOneFastAsync();
    }
}
