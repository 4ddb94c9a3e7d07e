using System;

namespace Prewired
{
    /// <summary>
    /// Generates the marked <c>partial</c> method from an <see langword="async"/> body whose every await is a
    /// tail await (<c>return await x;</c>, <c>=&gt; await x</c>, or a final <c>await x;</c>), with no state machine:
    /// each tail await returns the awaited task instead of awaiting it.
    /// </summary>
    /// <remarks>
    /// <para>
    /// What stays exact: an exception thrown by the synchronous part comes back in the returned task (an
    /// <see cref="OperationCanceledException"/> as a canceled task), exactly as the async method builder does it;
    /// AsyncLocal and <see cref="System.Threading.SynchronizationContext"/> changes made by the synchronous part do not
    /// leak to the caller; and when the awaited task has already completed at the call, the result is exactly what the
    /// async method would have returned.
    /// </para>
    /// <para>
    /// What elision cannot keep, by design, when the awaited task is still pending: the caller receives the awaited
    /// task itself (or a <see cref="System.Threading.Tasks.ValueTask"/> over it), so its own outcome passes through
    /// unchanged. A task that later faults with an <see cref="OperationCanceledException"/> stays Faulted (the async
    /// method would make it Canceled); a task faulted with several exceptions keeps them all (await keeps the first);
    /// its completion does not hop back to a captured <see cref="System.Threading.SynchronizationContext"/> (nor, for an
    /// async helper awaited with <c>ConfigureAwait(false)</c>, on to the thread pool); and there is no ExecutionContext
    /// switch at completion, so an <see cref="System.Threading.AsyncLocal{T}"/> with a change handler is not notified.
    /// Where those differences matter, use <see cref="FastPathAttribute"/>, which awaits instead of returning.
    /// </para>
    /// </remarks>
    /// <example>
    /// <code>
    /// [TailAwait(nameof(GetCoreAsync))]
    /// public partial Task&lt;Order&gt; GetAsync(OrderId id, CancellationToken ct);
    ///
    /// private async Task&lt;Order&gt; GetCoreAsync(OrderId id, CancellationToken ct)
    /// {
    ///     Guard(id);
    ///     return await _store.LoadAsync(id, ct);
    /// }
    /// </code>
    /// </example>
    [AttributeUsage(AttributeTargets.Method, AllowMultiple = false, Inherited = false)]
    public sealed class TailAwaitAttribute : Attribute
    {
        /// <summary>Marks a partial method to be generated from the async body method named <paramref name="bodyMethodName"/>.</summary>
        /// <param name="bodyMethodName">The async method in the same type whose statements are used; write it with <c>nameof</c>.</param>
        public TailAwaitAttribute(string bodyMethodName) => BodyMethodName = bodyMethodName;

        /// <summary>The async method in the same type whose statements the generated method runs.</summary>
        public string BodyMethodName { get; }

        /// <summary>
        /// Off by default. When true, the generated method has no context guard even where the generator cannot prove the
        /// synchronous part leaves <see cref="System.Threading.ExecutionContext"/> (AsyncLocal values) and
        /// <see cref="System.Threading.SynchronizationContext.Current"/> alone: you assert that it does.
        /// </summary>
        /// <remarks>
        /// What it gives up: an async method's builder puts both contexts back when the method returns to its caller, so a
        /// change the synchronous part makes (an AsyncLocal set, a SynchronizationContext installed, flow suppressed,
        /// CurrentCulture set), directly or in anything it calls, never reaches the caller. With this option such a change
        /// leaks to the caller of the generated method when every await completes synchronously. What you get: the guard's
        /// reads and comparisons are gone (docs/benchmarks.md measures them). Warning PW0203 reports the changes the body
        /// makes visibly (calls it makes itself); what a virtual or interface call does remains your assertion.
        /// </remarks>
        public bool AssumeContextUnchanged { get; set; }
    }
}
