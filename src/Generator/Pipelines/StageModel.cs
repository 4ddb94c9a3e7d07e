using Prewired.Generator.Pipelines.Rules;

namespace Prewired.Generator.Pipelines
{
    /// <summary>One stage as the emitter needs it, all strings: compared by value, holding nothing of the compilation.</summary>
    /// <param name="TypeName">The stage's type, fully qualified.</param>
    /// <param name="ParameterName">Its constructor parameter.</param>
    /// <param name="Kind">How it is called and handed the rest of the chain.</param>
    /// <param name="Receives">The context it is called with, fully qualified.</param>
    /// <param name="Passes">The context it passes to next, fully qualified; null for the terminator.</param>
    /// <param name="CallThrough">The interface to call it through when it implements the method explicitly; null for a direct call.</param>
    /// <param name="TakesToken">Whether it takes the pipeline's CancellationToken (an ICancellable* stage).</param>
    internal sealed record StageModel(string TypeName, string ParameterName, StageKind Kind, string Receives, string? Passes, string? CallThrough, bool TakesToken);
}
