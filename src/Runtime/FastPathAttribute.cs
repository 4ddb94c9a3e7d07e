using System;

namespace Prewired
{
    /// <summary>
    /// Generates the marked <c>partial</c> method from an <see langword="async"/> body so that the synchronous path
    /// runs without async machinery or allocation: at each await the generated code checks
    /// <c>GetAwaiter().IsCompleted</c>, takes the result and goes on; only a pending await hands the awaitable and
    /// exactly the live locals and parameters to a generated async continuation that resumes at that await.
    /// </summary>
    /// <remarks>
    /// Results, exceptions, task status, the context continuations resume on, and what the caller sees of AsyncLocal
    /// values and <see cref="System.Threading.SynchronizationContext.Current"/> afterwards are those of the async body
    /// in every completion mode. Awaits the generator cannot split yet (inside try, using, loops, <c>await foreach</c>,
    /// <c>await using</c>, or nested in a larger expression) make it emit a plain forwarding implementation and report
    /// warning PW0201 at each such await.
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
    }
}
