using System.Threading;
using System.Threading.Tasks;

namespace Prewired
{
    /// <summary>The struct-<c>next</c> shape of <see cref="ICancellableBehavior{TInContext, TOutContext}"/>.</summary>
    /// <typeparam name="TInContext">The context this step receives.</typeparam>
    /// <typeparam name="TOutContext">The context it passes to <c>next</c>.</typeparam>
    /// <remarks>
    /// A plain <see cref="IInlineBehavior{TInContext, TOutContext}"/> in a cancellable pipeline needs no change: its
    /// generated <c>next</c> struct carries the token past it. Implement this interface to read the token or pass another.
    /// </remarks>
    public interface ICancellableInlineBehavior<in TInContext, out TOutContext>
    {
        /// <summary>Runs this step; call <c>next.Invoke</c> to run the rest of the pipeline.</summary>
        /// <typeparam name="TNext">The generated continuation of this position.</typeparam>
        /// <param name="context">The context of this stage.</param>
        /// <param name="next">The rest of the pipeline; it takes the token to pass on.</param>
        /// <param name="cancellationToken">The token the caller (or the stage before) passed.</param>
        Task Invoke<TNext>(TInContext context, TNext next, CancellationToken cancellationToken) where TNext : struct, ICancellableNext<TOutContext>;
    }

    /// <summary>The struct-<c>next</c> shape of <see cref="ICancellableBehavior{TInContext, TOutContext, TResult}"/>.</summary>
    /// <typeparam name="TInContext">The context this step receives.</typeparam>
    /// <typeparam name="TOutContext">The context it passes to <c>next</c>.</typeparam>
    /// <typeparam name="TResult">The response every stage of the pipeline returns.</typeparam>
    public interface ICancellableInlineBehavior<in TInContext, out TOutContext, TResult>
    {
        /// <summary>Runs this step; call <c>next.Invoke</c> to run the rest of the pipeline and get its result.</summary>
        /// <typeparam name="TNext">The generated continuation of this position.</typeparam>
        /// <param name="context">The context of this stage.</param>
        /// <param name="next">The rest of the pipeline; it takes the token to pass on.</param>
        /// <param name="cancellationToken">The token the caller (or the stage before) passed.</param>
        ValueTask<TResult> Invoke<TNext>(TInContext context, TNext next, CancellationToken cancellationToken) where TNext : struct, ICancellableNext<TOutContext, TResult>;
    }
}
