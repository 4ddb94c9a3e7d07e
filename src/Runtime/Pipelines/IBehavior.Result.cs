using System;
using System.Threading.Tasks;

namespace Prewired
{
    /// <summary>
    /// A pipeline step of a pipeline with a typed response: like <see cref="IBehavior{TInContext, TOutContext}"/>, but the
    /// rest of the chain returns the <typeparamref name="TResult"/> the terminator produced, so the behavior sees it and
    /// may return another one (a cached response, a fallback, a decorated result).
    /// </summary>
    /// <typeparam name="TInContext">The context (the request) this step receives.</typeparam>
    /// <typeparam name="TOutContext">The context it passes to <c>next</c>; a different type makes it a stage connector.</typeparam>
    /// <typeparam name="TResult">The response every stage of the pipeline returns.</typeparam>
    /// <remarks>
    /// <see cref="ValueTask{TResult}"/>, not <see cref="Task{TResult}"/>: a chain that completes synchronously returns its
    /// result without allocating a task. As with every <c>next</c> of a generated pipeline, calls must be sequential.
    /// </remarks>
    public interface IBehavior<in TInContext, out TOutContext, TResult>
    {
        /// <summary>Runs this step; call <paramref name="next"/> to run the rest of the pipeline and get its result.</summary>
        /// <param name="context">The context of this stage.</param>
        /// <param name="next">The rest of the pipeline.</param>
        ValueTask<TResult> Invoke(TInContext context, Func<TOutContext, ValueTask<TResult>> next);
    }
}
