using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Operations;

namespace Prewired.Analyzers.StructShape
{
    /// <summary>
    /// Whether a delegate <c>next</c> is used in a way the struct shape cannot take over as it is written: the PW0330 fix is
    /// offered only for a <c>next</c> that is only invoked.
    /// </summary>
    /// <remarks>
    /// Every reference to the parameter must be one of
    /// <list type="bullet">
    /// <item>the receiver of a direct call, <c>next(...)</c> or <c>next.Invoke(...)</c>, with positional arguments (the struct's
    /// <c>Invoke</c> names its parameters <c>context</c> and <c>cancellationToken</c>, the delegate's <c>arg1</c>, <c>arg2</c>),
    /// written in the method's own body, not in a lambda or local function;</item>
    /// <item><c>nameof(next)</c>, which means the same in both shapes.</item>
    /// </list>
    /// Anything else escapes: stored (a field, a local, a property, an out or ref argument, reassigned), passed as an argument
    /// (to Task.Run, a retry helper, <c>ArgumentNullException.ThrowIfNull</c>), captured by a lambda, an anonymous method or a
    /// local function (even only to call it: the closure would hold a copy of the struct, and such a capture is usually the
    /// first step of a hand-over), converted or used as a method group (<c>next.Invoke</c> without a call), a member other
    /// than Invoke (<c>next.Method</c>), compared or null-checked (<c>next == null</c>, <c>next is null</c>, <c>next ?? ...</c>,
    /// <c>next?.Invoke(...)</c>: a struct is never null, so such a test has no translation that keeps what was written; the
    /// generated pipeline never passes null, so removing the check makes the fix available).
    /// </remarks>
    internal static class NextEscapes
    {
        public static bool Escapes(IOperation body, IParameterSymbol next)
            => body.DescendantsAndSelf().OfType<IParameterReferenceOperation>()
                .Where(r => SymbolEqualityComparer.Default.Equals(r.Parameter, next))
                .Any(r => !IsDirectCall(r) && r.Parent is not INameOfOperation);

        private static bool IsDirectCall(IParameterReferenceOperation reference)
        {
            if (reference.Parent is not IInvocationOperation { TargetMethod.MethodKind: MethodKind.DelegateInvoke } call || call.Instance != reference) return false;
            if (call.Arguments.Any(a => a.ArgumentKind != ArgumentKind.Explicit || a.Syntax is ArgumentSyntax { NameColon: not null })) return false;
            for (var outer = call.Parent; outer is not null; outer = outer.Parent)
            {
                if (outer is IAnonymousFunctionOperation or ILocalFunctionOperation) return false;
            }

            return true;
        }
    }
}
