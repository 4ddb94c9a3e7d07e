// The hand-elided and [TailAwait] forms of the pass-through chain (the async/await layers are AsyncChain in
// ../../Shared/AsyncForms.cs). Each form has five concrete, non-inlined layers; layer N calls layer N-1 directly, layer 1
// calls the shared leaf AsyncChain.LeafAsync() (a completed ValueTask<int>). Concrete calls, not an interface: a layer's
// synchronous part then only calls a Prewired-generated method or a provably context-neutral method of this compilation,
// which is the case where PRODUCT.md §1.1 lets the generator drop the context guard.
using System;
using System.Runtime.CompilerServices;
using System.Threading.Tasks;

namespace Prewired.Benchmarks.Shapes
{
    /// <summary>Hand-elided layers: each is just <c>return next();</c> with no async modifier.</summary>
    public sealed class ElidedChain
    {
        [MethodImpl(MethodImplOptions.NoInlining)]
        public ValueTask<int> Layer1Async() => AsyncChain.LeafAsync();

        [MethodImpl(MethodImplOptions.NoInlining)]
        public ValueTask<int> Layer2Async() => Layer1Async();

        [MethodImpl(MethodImplOptions.NoInlining)]
        public ValueTask<int> Layer3Async() => Layer2Async();

        [MethodImpl(MethodImplOptions.NoInlining)]
        public ValueTask<int> Layer4Async() => Layer3Async();

        [MethodImpl(MethodImplOptions.NoInlining)]
        public ValueTask<int> Layer5Async() => Layer4Async();

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

#if PREWIRED_GENERATED
    /// <summary>[TailAwait] layers: each is a generated partial method over an async body <c>return await next();</c>.</summary>
    public sealed partial class TailAwaitChain
    {
        [TailAwait(nameof(Layer1CoreAsync))]
        [MethodImpl(MethodImplOptions.NoInlining)]
        public partial ValueTask<int> Layer1Async();

        private async ValueTask<int> Layer1CoreAsync()
        {
            return await AsyncChain.LeafAsync();
        }

        [TailAwait(nameof(Layer2CoreAsync))]
        [MethodImpl(MethodImplOptions.NoInlining)]
        public partial ValueTask<int> Layer2Async();

        private async ValueTask<int> Layer2CoreAsync()
        {
            return await Layer1Async();
        }

        [TailAwait(nameof(Layer3CoreAsync))]
        [MethodImpl(MethodImplOptions.NoInlining)]
        public partial ValueTask<int> Layer3Async();

        private async ValueTask<int> Layer3CoreAsync()
        {
            return await Layer2Async();
        }

        [TailAwait(nameof(Layer4CoreAsync))]
        [MethodImpl(MethodImplOptions.NoInlining)]
        public partial ValueTask<int> Layer4Async();

        private async ValueTask<int> Layer4CoreAsync()
        {
            return await Layer3Async();
        }

        [TailAwait(nameof(Layer5CoreAsync))]
        [MethodImpl(MethodImplOptions.NoInlining)]
        public partial ValueTask<int> Layer5Async();

        private async ValueTask<int> Layer5CoreAsync()
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
#endif
}
