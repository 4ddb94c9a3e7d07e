using System;
using System.Threading;
using System.Threading.Tasks;

namespace Prewired
{
    /// <summary>
    /// <see cref="IBehavior{TInContext, TOutContext}"/> with the pipeline's <see cref="CancellationToken"/>: the generated
    /// <c>Invoke(context, cancellationToken)</c> passes it to the first stage, and each stage passes it (or a token of its
    /// own, such as a linked one with a timeout) to <c>next</c>. No context field carries it.
    /// </summary>
    /// <typeparam name="TInContext">The context this step receives.</typeparam>
    /// <typeparam name="TOutContext">The context it passes to <c>next</c>.</typeparam>
    public interface ICancellableBehavior<in TInContext, out TOutContext>
    {
        /// <summary>Runs this step; call <paramref name="next"/> to run the rest of the pipeline.</summary>
        /// <param name="context">The context of this stage.</param>
        /// <param name="next">The rest of the pipeline; it takes the token to pass on.</param>
        /// <param name="cancellationToken">The token the caller (or the stage before) passed.</param>
        Task Invoke(TInContext context, Func<TOutContext, CancellationToken, Task> next, CancellationToken cancellationToken);
    }

    /// <summary><see cref="IBehavior{TInContext, TOutContext, TResult}"/> with the pipeline's <see cref="CancellationToken"/>.</summary>
    /// <typeparam name="TInContext">The context this step receives.</typeparam>
    /// <typeparam name="TOutContext">The context it passes to <c>next</c>.</typeparam>
    /// <typeparam name="TResult">The response every stage of the pipeline returns.</typeparam>
    public interface ICancellableBehavior<in TInContext, out TOutContext, TResult>
    {
        /// <summary>Runs this step; call <paramref name="next"/> to run the rest of the pipeline and get its result.</summary>
        /// <param name="context">The context of this stage.</param>
        /// <param name="next">The rest of the pipeline; it takes the token to pass on.</param>
        /// <param name="cancellationToken">The token the caller (or the stage before) passed.</param>
        ValueTask<TResult> Invoke(TInContext context, Func<TOutContext, CancellationToken, ValueTask<TResult>> next, CancellationToken cancellationToken);
    }
}
