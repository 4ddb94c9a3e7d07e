using System.Threading.Tasks;

namespace Prewired
{
    /// <summary>The rest of a pipeline, as an <see cref="IInlineBehavior{TInContext, TOutContext}"/> receives it.</summary>
    /// <typeparam name="TContext">The context the rest of the pipeline takes.</typeparam>
    public interface INext<in TContext>
    {
        /// <summary>Runs the rest of the pipeline. Calls must be sequential (replay and retry are fine).</summary>
        /// <param name="context">The context to pass on.</param>
        Task Invoke(TContext context);
    }
}
