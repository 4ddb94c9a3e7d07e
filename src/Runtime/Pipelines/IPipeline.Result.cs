using System.Threading.Tasks;

namespace Prewired
{
    /// <summary>A generated pipeline with a typed response, seen from outside (for forks and dependency injection).</summary>
    /// <typeparam name="TContext">The context the first stage takes.</typeparam>
    /// <typeparam name="TResult">The response the pipeline returns.</typeparam>
    public interface IPipeline<in TContext, TResult>
    {
        /// <summary>Runs the pipeline for <paramref name="context"/> and returns its result.</summary>
        /// <param name="context">The context of the first stage.</param>
        ValueTask<TResult> Invoke(TContext context);
    }
}
