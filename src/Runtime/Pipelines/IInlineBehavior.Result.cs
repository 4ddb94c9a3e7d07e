using System.Threading.Tasks;

namespace Prewired
{
    /// <summary>
    /// The struct-<c>next</c> shape of <see cref="IBehavior{TInContext, TOutContext, TResult}"/>: the rest of the chain is a
    /// generated struct, so the JIT and NativeAOT can inline through it, and it returns the pipeline's typed response.
    /// </summary>
    /// <typeparam name="TInContext">The context this step receives.</typeparam>
    /// <typeparam name="TOutContext">The context it passes to <c>next</c>.</typeparam>
    /// <typeparam name="TResult">The response every stage of the pipeline returns.</typeparam>
    public interface IInlineBehavior<in TInContext, out TOutContext, TResult>
    {
        /// <summary>Runs this step; call <c>next.Invoke</c> to run the rest of the pipeline and get its result.</summary>
        /// <typeparam name="TNext">The generated continuation of this position.</typeparam>
        /// <param name="context">The context of this stage.</param>
        /// <param name="next">The rest of the pipeline.</param>
        ValueTask<TResult> Invoke<TNext>(TInContext context, TNext next) where TNext : struct, INext<TOutContext, TResult>;
    }
}
