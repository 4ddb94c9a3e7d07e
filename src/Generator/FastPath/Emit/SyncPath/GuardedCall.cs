using Prewired.Generator.Emit;
using Prewired.Generator.MarkedMethods;

namespace Prewired.Generator.FastPath
{
    /// <summary>
    /// The public method of a [FastPath] whose synchronous part needs the context guard: one result variable, one return.
    /// </summary>
    /// <remarks>
    /// The guard restores after the try statement, and every path (the suppressed-flow call of the async body, the
    /// synchronous path, the faulted task) assigns the one result, so the method has a single return. With a return per
    /// path (<c>return __guard.Return(...)</c> in the try, in the catch and before it), the JIT merges the returns into one
    /// return block through a copy of the returned struct: a <c>ValueTask&lt;T&gt;</c> came back in two registers, was
    /// stored as two 8-byte halves and copied back as one 16-byte load, a store-forwarding stall on every call. Under
    /// NativeAOT it made the guarded tiny body as slow as its async method (docs/benchmarks.md, "The context guard's own
    /// cost"); the JIT's tier-1 code happened to copy field by field and barely paid it.
    /// </remarks>
    internal static class GuardedCall
    {
        public static void Write(CodeLines lines, AsyncReturnForms forms, string bodyCall, string syncCall)
        {
            lines.Line($"{forms.ReturnTypeName} __result;");
            lines.Line("if (__guard.IsFlowSuppressed)");
            lines.OpenBrace();
            lines.Line($"__result = {bodyCall}; {BodyPreamble.FlowSuppressedComment}");
            lines.CloseBrace();
            lines.Line("else");
            lines.OpenBrace();
            lines.Line("try");
            lines.OpenBrace();
            lines.Line($"__result = {syncCall};");
            lines.CloseBrace();
            lines.Line(ExceptionCapture.Clause);
            lines.OpenBrace();
            lines.Line($"__result = {forms.Faulted(ExceptionCapture.Variable)};");
            lines.CloseBrace();
            lines.Line("__guard.RestoreIfChanged(); // as the async method builder does when its MoveNext returns");
            lines.CloseBrace();
            lines.Line("return __result;");
        }
    }
}
