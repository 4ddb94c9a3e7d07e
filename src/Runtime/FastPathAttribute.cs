using System;

namespace Prewired
{
    /// <summary>
    /// Generates the marked <c>partial</c> method from an <see langword="async"/> body so that the synchronous path
    /// runs without async machinery or allocation: at each await the generated code checks
    /// <c>GetAwaiter().IsCompleted</c>, takes the result and goes on; only a pending await hands the awaitable and
    /// exactly the live locals and parameters to a generated continuation (a state machine, boxed once by the async method
    /// builder) that resumes at that await.
    /// </summary>
    /// <remarks>
    /// Results, exceptions, task status, the context continuations resume on, and what the caller sees of AsyncLocal
    /// values and <see cref="System.Threading.SynchronizationContext.Current"/> afterwards are those of the async body
    /// in every completion mode. An await the generator cannot split yet makes it emit a plain forwarding implementation
    /// (the async body, called as it is) and report warning PW0201 at that await.
    /// </remarks>
    /// <example>
    /// <code>
    /// [FastPath(nameof(GetStockPriceCoreAsync))]
    /// public partial ValueTask&lt;decimal&gt; GetStockPriceAsync(string companyId);
    ///
    /// private async ValueTask&lt;decimal&gt; GetStockPriceCoreAsync(string companyId)
    /// {
    ///     await InitializeMapIfNeededAsync();
    ///     return DoGetPriceFromCache(companyId);
    /// }
    /// </code>
    /// </example>
    [AttributeUsage(AttributeTargets.Method, AllowMultiple = false, Inherited = false)]
    public sealed class FastPathAttribute : Attribute
    {
        /// <summary>Marks a partial method to be generated from the async body method named <paramref name="bodyMethodName"/>.</summary>
        /// <param name="bodyMethodName">The async method in the same type whose statements are used; write it with <c>nameof</c>.</param>
        public FastPathAttribute(string bodyMethodName) => BodyMethodName = bodyMethodName;

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
