using System;

namespace Prewired
{
    /// <summary>
    /// Generates a pipeline on the marked <c>partial</c> class: a constructor taking one instance per stage type, in order,
    /// and <c>Invoke(context)</c> running the chain. Every <c>next</c> is bound once, at construction, to a direct call on
    /// the next stage's concrete type: no reflection, no expression trees, no allocation per call, no traversal state.
    /// </summary>
    /// <remarks>
    /// Stages are <see cref="IBehavior{TInContext, TOutContext}"/> or <see cref="IInlineBehavior{TInContext, TOutContext}"/>
    /// implementations whose context types flow from one into the next, and the last is an
    /// <see cref="IPipelineTerminator{TContext}"/>. A wrong type, a context that does not flow, or a missing terminator is a
    /// compile error at the offending <c>typeof</c> argument (PW0301-PW0311). With <c>Prewired.DependencyInjection</c>
    /// referenced, the generator also writes an <c>Add{Pipeline}</c> registration for Microsoft.Extensions.DependencyInjection.
    /// </remarks>
    /// <example>
    /// <code>
    /// [Pipeline(typeof(LogBehavior), typeof(RetryBehavior), typeof(DeserializeConnector), typeof(InvokeHandler))]
    /// public sealed partial class IncomingPipeline;
    ///
    /// var pipeline = new IncomingPipeline(new LogBehavior(), new RetryBehavior(), new DeserializeConnector(), new InvokeHandler());
    /// await pipeline.Invoke(new TransportContext(body));
    /// </code>
    /// </example>
    [AttributeUsage(AttributeTargets.Class, AllowMultiple = false, Inherited = false)]
    public sealed class PipelineAttribute : Attribute
    {
        /// <summary>Marks a partial class as the pipeline of <paramref name="stages"/>, in the order they run.</summary>
        /// <param name="stages">The behavior and connector types, in order, then the terminator type.</param>
        public PipelineAttribute(params Type[] stages) => Stages = stages;

        /// <summary>The stage types, in the order they run.</summary>
        public Type[] Stages { get; }

        /// <summary>
        /// Whether the assembly's <see cref="PipelineDefaultsAttribute"/> behaviors run before <see cref="Stages"/> (the
        /// default); false leaves this pipeline with its own stages only.
        /// </summary>
        public bool ApplyDefaults { get; set; } = true;

        /// <summary>
        /// Assembly defaults (<see cref="PipelineDefaultsAttribute"/>) this pipeline leaves out, each written as it is declared
        /// there (<c>typeof(Validation&lt;,&gt;)</c>); the others still apply. Says on purpose what a default skipped for its
        /// constraint (warning PW0312) would otherwise leave out silently; a type that is no declared default is warning PW0313.
        /// </summary>
        public Type[] ExcludeDefaults { get; set; } = Type.EmptyTypes;
    }
}
