namespace Prewired.Generator.Emit
{
    /// <summary>
    /// The handler that turns the synchronous part's exceptions into the returned task, as the async method builder does.
    /// </summary>
    /// <remarks>
    /// It is an exception filter that always accepts, not a plain typed catch. .NET 10's JIT inlines a method whose
    /// handlers are filters, finallys or faults, but never one with a typed catch clause (the importer refuses any inlinee
    /// catch clause), so with a plain catch every generated wrapper costs a call frame that hand-written code does not.
    /// Measured on the tiny body (docs/benchmarks.md): the filtered wrapper with AggressiveInlining is inlined into its
    /// caller, the plain catch never is. The filter has no side effects, so evaluating it in the first pass of exception
    /// dispatch (before the body's own finally blocks, which still run before the handler) changes nothing observable;
    /// earlier runtimes treat it exactly like the catch.
    /// </remarks>
    internal static class ExceptionCapture
    {
        /// <summary>The catch clause; the handler's variable is <see cref="Variable"/>.</summary>
        public const string Clause = "catch (global::System.Exception __exception) when (__exception is not null) // a filter, not a typed catch: the JIT can inline this method";

        public const string Variable = "__exception";
    }
}
