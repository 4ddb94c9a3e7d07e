using Prewired.Generator.Marks;

namespace Prewired.Generator.Pipelines.Rules
{
    /// <summary>How the generated chain calls a stage and hands it the rest of the pipeline.</summary>
    internal enum StageKind
    {
        /// <summary><c>IBehavior&lt;TIn, TOut&gt;</c>: <c>next</c> is a delegate bound once at construction.</summary>
        DelegateBehavior,

        /// <summary><c>IInlineBehavior&lt;TIn, TOut&gt;</c>: <c>next</c> is a generated struct, so the JIT can inline the chain.</summary>
        InlineBehavior,

        /// <summary><c>IPipelineTerminator&lt;TContext&gt;</c>: the last stage, without <c>next</c>.</summary>
        Terminator,
    }
}
