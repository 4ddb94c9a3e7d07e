using System.Linq;
using Microsoft.CodeAnalysis;
using Prewired.Generator.Emit;

namespace Prewired.Generator.Parsing
{
    /// <summary>The lines every generated body starts with: the guard decision, the guard, parameter aliases.</summary>
    internal static class BodyPreamble
    {
        public static void Write(CodeLines lines, ContextGuardDecision guard, IMethodSymbol marked, IMethodSymbol body)
        {
            lines.Line("// " + guard.Reason);
            if (guard.Needed) lines.Line("var __guard = global::Prewired.CompilerServices.AsyncContextGuard.Capture();");

            // The body's statements use the body's parameter names; alias where the partial declaration named them differently.
            foreach (var (markedParameter, bodyParameter) in marked.Parameters.Zip(body.Parameters, (m, b) => (m, b)))
            {
                if (markedParameter.Name != bodyParameter.Name)
                {
                    lines.Line($"var {MethodShellParser.EscapedName(bodyParameter.Name)} = {MethodShellParser.EscapedName(markedParameter.Name)};");
                }
            }
        }

        /// <summary>The forwarding implementation: the async body itself, used whenever the body cannot be transformed.</summary>
        public static void WriteForwarding(CodeLines lines, IMethodSymbol marked, IMethodSymbol body, string reason)
        {
            lines.Line("// " + reason);
            var arguments = string.Join(", ", marked.Parameters.Select(p => MethodShellParser.EscapedName(p.Name)));
            var receiver = body.IsStatic ? string.Empty : "this.";
            lines.Line($"return {receiver}{MethodShellParser.EscapedName(body.Name)}({arguments});");
        }

        /// <summary>True when the body does not compile cleanly: its statements are not copied anywhere.</summary>
        public static bool HasErrors(SyntaxNode body, SemanticModel model, System.Threading.CancellationToken cancellationToken)
            => body.ContainsDiagnostics || model.GetDiagnostics(body.Span, cancellationToken).Any(d => d.Severity == DiagnosticSeverity.Error);
    }
}
