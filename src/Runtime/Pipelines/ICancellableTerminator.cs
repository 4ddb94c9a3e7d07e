using System.Threading;
using System.Threading.Tasks;

namespace Prewired
{
    /// <summary>The last step of a cancellable pipeline: <see cref="IPipelineTerminator{TContext}"/> with the token.</summary>
    /// <typeparam name="TContext">The context of the last stage.</typeparam>
    public interface ICancellableTerminator<in TContext>
    {
        /// <summary>Ends the pipeline for <paramref name="context"/>.</summary>
        /// <param name="context">The context of the last stage.</param>
        /// <param name="cancellationToken">The token the stage before passed.</param>
        Task Terminate(TContext context, CancellationToken cancellationToken);
    }

    /// <summary>The last step of a cancellable pipeline with a typed response (a request handler).</summary>
    /// <typeparam name="TContext">The context of the last stage.</typeparam>
    /// <typeparam name="TResult">The response; every stage before it returns the same type.</typeparam>
    public interface ICancellableTerminator<in TContext, TResult>
    {
        /// <summary>Ends the pipeline for <paramref name="context"/> with its result.</summary>
        /// <param name="context">The context of the last stage.</param>
        /// <param name="cancellationToken">The token the stage before passed.</param>
        ValueTask<TResult> Terminate(TContext context, CancellationToken cancellationToken);
    }
}
