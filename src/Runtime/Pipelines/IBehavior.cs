using System;
using System.Threading.Tasks;

namespace Prewired
{
    /// <summary>
    /// A pipeline step in the NServiceBus shape: it receives the context and the rest of the chain as a
    /// <c>next</c> delegate. When <typeparamref name="TInContext"/> and <typeparamref name="TOutContext"/>
    /// are the same type it is a plain behavior; when they differ it is a stage connector that builds the next stage's
    /// context. An NServiceBus behavior ports by changing its <c>using</c>.
    /// </summary>
    /// <typeparam name="TInContext">The context this step receives.</typeparam>
    /// <typeparam name="TOutContext">The context it passes to <c>next</c>.</typeparam>
    /// <remarks>
    /// In a <see cref="PipelineAttribute"/> pipeline, <c>next</c> is a delegate bound once when the pipeline is constructed:
    /// calling it allocates nothing, and calling it several times one after another (replay, retry) runs the rest of the
    /// chain each time. Calls must be sequential: the analyzers report concurrent calls on the same context (PW0320).
    /// </remarks>
    public interface IBehavior<in TInContext, out TOutContext>
    {
        /// <summary>Runs this step; call <paramref name="next"/> to run the rest of the pipeline.</summary>
        /// <param name="context">The context of this stage.</param>
        /// <param name="next">The rest of the pipeline.</param>
        Task Invoke(TInContext context, Func<TOutContext, Task> next);
    }
}
