using System.Linq;
using Microsoft.CodeAnalysis;
using Prewired.Generator.ContextGuard;
using Prewired.Generator.Emit;

namespace Prewired.Generator.MarkedMethods
{
    /// <summary>The lines every generated body starts with: the guard decision and the guard.</summary>
    internal static class BodyPreamble
    {
        public static void Write(CodeLines lines, ContextGuardDecision guard, IMethodSymbol marked, IMethodSymbol body)
        {
            WriteCapture(lines, guard);
            if (!guard.Needed) return;
            lines.Line($"if (__guard.IsFlowSuppressed) return {BodyCall(body)}; {FlowSuppressedComment}");
        }

        /// <summary>The guard decision's comment and, when the guard is needed, the capture of both contexts.</summary>
        public static void WriteCapture(CodeLines lines, ContextGuardDecision guard)
        {
            lines.Comment(guard.Reason);
            if (guard.Needed) lines.Line("var __guard = global::Prewired.CompilerServices.AsyncContextGuard.Capture();");
        }

        /// <summary>Why a suppressed-flow context runs the async body.</summary>
        public const string FlowSuppressedComment = "// only the async builder can restore a suppressed-flow context";

        /// <summary>The forwarding implementation: the async body itself, used whenever the body cannot be transformed.</summary>
        public static void WriteForwarding(CodeLines lines, IMethodSymbol marked, IMethodSymbol body, string reason)
        {
            lines.Comment(reason);
            lines.Line($"return {BodyCall(body)};");
        }

        /// <summary>The call of the async body with the marked method's arguments.</summary>
        public static string BodyCall(IMethodSymbol body)
        {
            var arguments = string.Join(", ", body.Parameters.Select(p => MethodShellParser.EscapedName(p.Name)));
            var receiver = body.IsStatic ? string.Empty : "this.";
            return $"{receiver}{MethodShellParser.EscapedName(body.Name)}{MethodShellParser.TypeParameterList(body)}({arguments})";
        }
    }
}
