// The README's [TailAwait] shape (BenchmarkDotNet's PassThroughChainBenchmarks at depth 5): five layers that only pass the
// result on (`return await next;`), down to a leaf returning an already completed ValueTask<int>. Every layer is its own
// non-inlined method, as a layer in another object would be.
using System.Runtime.CompilerServices;
using System.Threading.Tasks;
using Prewired;

namespace Quickstart
{
    /// <summary>Five async/await layers: a state machine per layer.</summary>
    public sealed class AsyncChain
    {
        [MethodImpl(MethodImplOptions.NoInlining)]
        public static ValueTask<int> LeafAsync() => new(41);

        [MethodImpl(MethodImplOptions.NoInlining)]
        public async ValueTask<int> Layer1Async() => await LeafAsync();

        [MethodImpl(MethodImplOptions.NoInlining)]
        public async ValueTask<int> Layer2Async() => await Layer1Async();

        [MethodImpl(MethodImplOptions.NoInlining)]
        public async ValueTask<int> Layer3Async() => await Layer2Async();

        [MethodImpl(MethodImplOptions.NoInlining)]
        public async ValueTask<int> Layer4Async() => await Layer3Async();

        [MethodImpl(MethodImplOptions.NoInlining)]
        public async ValueTask<int> Layer5Async() => await Layer4Async();
    }

    /// <summary>The same five layers with [TailAwait]: each generated layer returns the task of the layer below.</summary>
    public sealed partial class TailAwaitChain
    {
        [TailAwait(nameof(Layer1CoreAsync))]
        [MethodImpl(MethodImplOptions.NoInlining)]
        public partial ValueTask<int> Layer1Async();

        private async ValueTask<int> Layer1CoreAsync() => await AsyncChain.LeafAsync();

        [TailAwait(nameof(Layer2CoreAsync))]
        [MethodImpl(MethodImplOptions.NoInlining)]
        public partial ValueTask<int> Layer2Async();

        private async ValueTask<int> Layer2CoreAsync() => await Layer1Async();

        [TailAwait(nameof(Layer3CoreAsync))]
        [MethodImpl(MethodImplOptions.NoInlining)]
        public partial ValueTask<int> Layer3Async();

        private async ValueTask<int> Layer3CoreAsync() => await Layer2Async();

        [TailAwait(nameof(Layer4CoreAsync))]
        [MethodImpl(MethodImplOptions.NoInlining)]
        public partial ValueTask<int> Layer4Async();

        private async ValueTask<int> Layer4CoreAsync() => await Layer3Async();

        [TailAwait(nameof(Layer5CoreAsync))]
        [MethodImpl(MethodImplOptions.NoInlining)]
        public partial ValueTask<int> Layer5Async();

        private async ValueTask<int> Layer5CoreAsync() => await Layer4Async();
    }
}
