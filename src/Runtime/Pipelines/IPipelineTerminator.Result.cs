using System.Threading.Tasks;

namespace Prewired
{
    /// <summary>The last step of a pipeline with a typed response (a request handler): it produces the result.</summary>
    /// <typeparam name="TContext">The context of the last stage.</typeparam>
    /// <typeparam name="TResult">The response; every stage before it returns the same type.</typeparam>
    public interface IPipelineTerminator<in TContext, TResult>
    {
        /// <summary>Ends the pipeline for <paramref name="context"/> with its result.</summary>
        /// <param name="context">The context of the last stage.</param>
        ValueTask<TResult> Terminate(TContext context);
    }
}
