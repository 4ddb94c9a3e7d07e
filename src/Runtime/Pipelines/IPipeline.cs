using System.Threading.Tasks;

namespace Prewired
{
    /// <summary>
    /// A generated pipeline, seen from outside: the <see cref="PipelineAttribute"/> class implements it for the context
    /// its first stage takes, so a behavior or terminator can fork into another pipeline by taking it as a dependency.
    /// </summary>
    /// <typeparam name="TContext">The context the first stage takes.</typeparam>
    public interface IPipeline<in TContext>
    {
        /// <summary>Runs the pipeline for <paramref name="context"/>.</summary>
        /// <param name="context">The context of the first stage.</param>
        Task Invoke(TContext context);
    }
}
