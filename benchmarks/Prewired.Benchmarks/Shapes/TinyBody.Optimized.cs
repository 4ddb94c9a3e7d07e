// The hand-written and Prewired-generated forms of the tiny body (the plain async forms are in ../../Shared/AsyncForms.cs).
using System.Runtime.CompilerServices;
using System.Threading.Tasks;

namespace Prewired.Benchmarks.Shapes
{
    /// <summary>A source of an already completed ValueTask&lt;int&gt; behind an interface call.</summary>
    public interface IValueSource
    {
        ValueTask<int> GetAsync();
    }

    /// <summary>The only <see cref="IValueSource"/>: returns a completed <c>new ValueTask&lt;int&gt;(41)</c>.</summary>
    public sealed class CompletedValueSource : IValueSource
    {
        [MethodImpl(MethodImplOptions.NoInlining)]
        public ValueTask<int> GetAsync() => new ValueTask<int>(41);
    }

    public partial class TinyBody
    {
        private readonly IValueSource _source = new CompletedValueSource();

        /// <summary>Hand-written Optimization #3 over the static leaf: take a completed result, else a static async helper.</summary>
        public ValueTask<int> AddOneOptimized()
        {
            var task = LeafAsync();
            if (task.IsCompletedSuccessfully)
            {
                return new ValueTask<int>(task.Result + 1);
            }

            return AddOneSlowAsync(task);

            static async ValueTask<int> AddOneSlowAsync(ValueTask<int> pending)
            {
                var value = await pending;
                return value + 1;
            }
        }

        // ---- The same body over an interface call: the generator cannot see what the callee does to ExecutionContext or
        // SynchronizationContext, so its fast path must carry the context guard (PRODUCT.md §1.1). ----

        /// <summary>async ValueTask form over the interface leaf.</summary>
        public async ValueTask<int> AddOneInterfaceValueTaskAsync()
        {
            var value = await _source.GetAsync();
            return value + 1;
        }

        /// <summary>Hand-written Optimization #3 over the interface leaf (no guard: hand-written code is not exact).</summary>
        public ValueTask<int> AddOneInterfaceOptimized()
        {
            var task = _source.GetAsync();
            if (task.IsCompletedSuccessfully)
            {
                return new ValueTask<int>(task.Result + 1);
            }

            return AddOneSlowAsync(task);

            static async ValueTask<int> AddOneSlowAsync(ValueTask<int> pending)
            {
                var value = await pending;
                return value + 1;
            }
        }

#if PREWIRED_GENERATED
        /// <summary>[FastPath] over the static leaf, a method of this compilation that provably changes no context.</summary>
        [FastPath(nameof(AddOneCoreAsync))]
        public partial ValueTask<int> AddOneFastPathAsync();

        private async ValueTask<int> AddOneCoreAsync()
        {
            var value = await LeafAsync();
            return value + 1;
        }

        /// <summary>[FastPath] over the interface leaf: the generator cannot prove the callee leaves the contexts alone.</summary>
        [FastPath(nameof(AddOneInterfaceCoreAsync))]
        public partial ValueTask<int> AddOneInterfaceFastPathAsync();

        /// <summary>
        /// The same body with the guard turned off explicitly (AssumeContextUnchanged = true): the guarded row minus this
        /// one is the guard's own cost.
        /// </summary>
        [FastPath(nameof(AddOneInterfaceCoreAsync), AssumeContextUnchanged = true)]
        public partial ValueTask<int> AddOneInterfaceUnguardedFastPathAsync();

        private async ValueTask<int> AddOneInterfaceCoreAsync()
        {
            var value = await _source.GetAsync();
            return value + 1;
        }
#endif
    }
}
