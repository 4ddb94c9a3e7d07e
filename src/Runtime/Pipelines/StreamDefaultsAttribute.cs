using System;

namespace Prewired
{
    /// <summary>
    /// Declares, once per assembly, the behaviors that wrap every stream request's stream
    /// (<see cref="IStreamBehavior{TRequest, TResponse}"/>, outermost first). An open behavior (<c>typeof(CountItems&lt;,&gt;)</c>)
    /// is closed over each stream request and its response where its constraints are met; a closed one applies to its own.
    /// </summary>
    [AttributeUsage(AttributeTargets.Assembly, AllowMultiple = false, Inherited = false)]
    public sealed class StreamDefaultsAttribute : Attribute
    {
        /// <summary>Declares the behaviors around every stream of the assembly, in the order they run.</summary>
        /// <param name="behaviors">Stream behavior types, open generic (two type parameters) or closed.</param>
        public StreamDefaultsAttribute(params Type[] behaviors) => Behaviors = behaviors;

        /// <summary>The behaviors, in the order they run.</summary>
        public Type[] Behaviors { get; }
    }
}
