using System.Threading.Tasks;

namespace Prewired
{
    /// <summary>
    /// The faster, opt-in pipeline step shape: <c>next</c> is a struct the generator writes for each position
    /// of each pipeline, so the call is not a delegate invocation but a direct call the JIT and NativeAOT can inline
    /// through the whole chain. Like <see cref="IBehavior{TInContext, TOutContext}"/>, different context types make it a
    /// stage connector; both shapes can be mixed in one pipeline.
    /// </summary>
    /// <typeparam name="TInContext">The context this step receives.</typeparam>
    /// <typeparam name="TOutContext">The context it passes to <c>next</c>.</typeparam>
    /// <example>
    /// <code>
    /// public sealed class Timing : IInlineBehavior&lt;Context, Context&gt;
    /// {
    ///     public async Task Invoke&lt;TNext&gt;(Context context, TNext next) where TNext : struct, INext&lt;Context&gt;
    ///     {
    ///         var started = Stopwatch.GetTimestamp();
    ///         await next.Invoke(context);
    ///         context.Elapsed = Stopwatch.GetElapsedTime(started);
    ///     }
    /// }
    /// </code>
    /// </example>
    public interface IInlineBehavior<in TInContext, out TOutContext>
    {
        /// <summary>Runs this step; call <c>next.Invoke</c> to run the rest of the pipeline.</summary>
        /// <typeparam name="TNext">The generated continuation of this position; a struct, so each pipeline gets its own code.</typeparam>
        /// <param name="context">The context of this stage.</param>
        /// <param name="next">The rest of the pipeline.</param>
        Task Invoke<TNext>(TInContext context, TNext next) where TNext : struct, INext<TOutContext>;
    }
}
