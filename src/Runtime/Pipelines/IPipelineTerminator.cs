using System.Threading.Tasks;

namespace Prewired
{
    /// <summary>The last step of a pipeline: it does the work and has no <c>next</c>.</summary>
    /// <typeparam name="TContext">The context of the last stage.</typeparam>
    public interface IPipelineTerminator<in TContext>
    {
        /// <summary>Ends the pipeline for <paramref name="context"/>.</summary>
        /// <param name="context">The context of the last stage.</param>
        Task Terminate(TContext context);
    }
}
