using System;
using System.Threading.Tasks;

namespace Prewired
{
    /// <summary>
    /// The response of a request that returns nothing (a command): a pipeline whose handler returns <c>ValueTask&lt;Unit&gt;</c>
    /// has a typed response, so the typed behaviors shared by every request (<c>Logging&lt;TRequest, TResponse&gt;</c> in
    /// <see cref="PipelineDefaultsAttribute"/>) close over it as over any other; a handler returning a plain <c>Task</c> could
    /// not take them (PW0311). Every value is the same: <see cref="Value"/>, <c>default</c>.
    /// </summary>
    /// <example>
    /// <code>
    /// public sealed class SendEmailHandler : ICancellableTerminator&lt;SendEmail, Unit&gt;
    /// {
    ///     public async ValueTask&lt;Unit&gt; Terminate(SendEmail context, CancellationToken cancellationToken)
    ///     {
    ///         await mail.SendAsync(context.To, cancellationToken);
    ///         return Unit.Value;
    ///     }
    /// }
    /// </code>
    /// </example>
    public readonly struct Unit : IEquatable<Unit>, IComparable<Unit>, IComparable
    {
        /// <summary>The one value.</summary>
        public static readonly Unit Value = default;

        /// <summary>
        /// A completed <c>ValueTask&lt;Unit&gt;</c>, for a handler that finishes synchronously: <c>return Unit.ValueTask;</c>.
        /// A struct wrapping the value, so returning it allocates nothing.
        /// </summary>
        public static ValueTask<Unit> ValueTask => new(Value);

        /// <summary>Always true: there is one value.</summary>
        public static bool operator ==(Unit left, Unit right) => true;

        /// <summary>Always false: there is one value.</summary>
        public static bool operator !=(Unit left, Unit right) => false;

        /// <summary>Always true: there is one value.</summary>
        public bool Equals(Unit other) => true;

        /// <summary>Whether <paramref name="obj"/> is a (boxed) Unit.</summary>
        public override bool Equals(object? obj) => obj is Unit;

        /// <summary>0, for every value.</summary>
        public override int GetHashCode() => 0;

        /// <summary>0: every value is equal.</summary>
        public int CompareTo(Unit other) => 0;

        /// <summary>0 for a Unit; a null compares below it, as <see cref="IComparable"/> requires.</summary>
        int IComparable.CompareTo(object? obj) => obj switch
        {
            null => 1,
            Unit => 0,
            _ => throw new ArgumentException("The object is not a Unit.", nameof(obj)),
        };

        /// <summary>"()": the empty tuple, what the value stands for.</summary>
        public override string ToString() => "()";
    }
}
