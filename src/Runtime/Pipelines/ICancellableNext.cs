using System.Threading;
using System.Threading.Tasks;

namespace Prewired
{
    /// <summary>The rest of a cancellable pipeline, as an <see cref="ICancellableInlineBehavior{TInContext, TOutContext}"/> receives it.</summary>
    /// <typeparam name="TContext">The context the rest of the pipeline takes.</typeparam>
    public interface ICancellableNext<in TContext>
    {
        /// <summary>Runs the rest of the pipeline. Calls must be sequential.</summary>
        /// <param name="context">The context to pass on.</param>
        /// <param name="cancellationToken">The token the rest of the pipeline receives.</param>
        Task Invoke(TContext context, CancellationToken cancellationToken);
    }

    /// <summary>The rest of a cancellable pipeline with a typed response.</summary>
    /// <typeparam name="TContext">The context the rest of the pipeline takes.</typeparam>
    /// <typeparam name="TResult">The response it returns.</typeparam>
    public interface ICancellableNext<in TContext, TResult>
    {
        /// <summary>Runs the rest of the pipeline and returns its result. Calls must be sequential.</summary>
        /// <param name="context">The context to pass on.</param>
        /// <param name="cancellationToken">The token the rest of the pipeline receives.</param>
        ValueTask<TResult> Invoke(TContext context, CancellationToken cancellationToken);
    }
}
