using System.Threading;
using System.Threading.Tasks;

namespace Prewired
{
    /// <summary>A generated pipeline whose stages take a <see cref="CancellationToken"/>, seen from outside.</summary>
    /// <typeparam name="TContext">The context the first stage takes.</typeparam>
    public interface ICancellablePipeline<in TContext>
    {
        /// <summary>Runs the pipeline for <paramref name="context"/>, passing <paramref name="cancellationToken"/> to its stages.</summary>
        /// <param name="context">The context of the first stage.</param>
        /// <param name="cancellationToken">The token every stage that takes one receives.</param>
        Task Invoke(TContext context, CancellationToken cancellationToken);
    }

    /// <summary>A generated pipeline with a typed response whose stages take a <see cref="CancellationToken"/>.</summary>
    /// <typeparam name="TContext">The context the first stage takes.</typeparam>
    /// <typeparam name="TResult">The response the pipeline returns.</typeparam>
    public interface ICancellablePipeline<in TContext, TResult>
    {
        /// <summary>Runs the pipeline for <paramref name="context"/> and returns its result.</summary>
        /// <param name="context">The context of the first stage.</param>
        /// <param name="cancellationToken">The token every stage that takes one receives.</param>
        ValueTask<TResult> Invoke(TContext context, CancellationToken cancellationToken);
    }
}
