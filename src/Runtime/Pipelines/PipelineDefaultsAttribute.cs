using System;

namespace Prewired
{
    /// <summary>
    /// Declares, once per assembly, the behaviors every <see cref="PipelineAttribute"/> pipeline of the assembly starts
    /// with, in the order listed: the cross-cutting behaviors (logging, validation, metrics) a request/response application
    /// would otherwise list in each of its pipelines. Open generic behaviors (<c>typeof(Logging&lt;,&gt;)</c>) are closed over
    /// each pipeline's context and response.
    /// </summary>
    /// <remarks>
    /// The defaults run before the pipeline's own stages, outermost first, and are checked like the pipeline's own: a
    /// context or result that does not flow is a compile error at the pipeline's attribute naming the default. An open
    /// default whose constraints a pipeline does not meet is not applied to that pipeline, and says so (warning PW0312),
    /// never silently; <c>[Pipeline(..., ExcludeDefaults = new[] { typeof(Validation&lt;,&gt;) })]</c> leaves a default out on
    /// purpose, without the warning. A pipeline opts out of all of them with <c>[Pipeline(..., ApplyDefaults = false)]</c>.
    /// The generated constructor and DI registration include the defaults.
    /// </remarks>
    /// <example>
    /// <code>
    /// [assembly: PipelineDefaults(typeof(Logging&lt;,&gt;), typeof(Validation&lt;,&gt;))]
    ///
    /// [Pipeline(typeof(CreateOrderHandler))]      // Logging&lt;CreateOrder, OrderCreated&gt; → Validation&lt;…&gt; → CreateOrderHandler
    /// public sealed partial class CreateOrderPipeline;
    /// </code>
    /// </example>
    [AttributeUsage(AttributeTargets.Assembly, AllowMultiple = false, Inherited = false)]
    public sealed class PipelineDefaultsAttribute : Attribute
    {
        /// <summary>Declares the behaviors every pipeline of the assembly starts with, in the order they run.</summary>
        /// <param name="stages">Behavior types, open generic or closed; no terminator.</param>
        public PipelineDefaultsAttribute(params Type[] stages) => Stages = stages;

        /// <summary>The default behavior types, in the order they run.</summary>
        public Type[] Stages { get; }
    }
}
