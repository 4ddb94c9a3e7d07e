using System.Threading.Tasks;

namespace Prewired
{
    /// <summary>The rest of a pipeline with a typed response, as an <see cref="IInlineBehavior{TInContext, TOutContext, TResult}"/> receives it.</summary>
    /// <typeparam name="TContext">The context the rest of the pipeline takes.</typeparam>
    /// <typeparam name="TResult">The response it returns.</typeparam>
    public interface INext<in TContext, TResult>
    {
        /// <summary>Runs the rest of the pipeline and returns its result. Calls must be sequential.</summary>
        /// <param name="context">The context to pass on.</param>
        ValueTask<TResult> Invoke(TContext context);
    }
}
