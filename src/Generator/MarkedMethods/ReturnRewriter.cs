using System;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Prewired.Generator.Emit;
using Prewired.Generator.Model;

namespace Prewired.Generator.MarkedMethods
{
    /// <summary>
    /// Rewrites the body's own return statements for a method that is no longer async: <c>return x;</c> becomes the
    /// builder's task for x, and <c>return;</c> the completed task. Lambdas and local functions keep their returns.
    /// </summary>
    internal static class ReturnRewriter
    {
        public static bool TryRewrite(SyntaxNode node, SyntaxPrinter printer, AsyncReturnForms forms)
        {
            if (node is not ReturnStatementSyntax returnStatement) return false;
            if (returnStatement.Expression is null || !forms.Kind.HasResult())
            {
                printer.Write(forms.CompletedReturn);
                return true;
            }

            printer.Write("return " + forms.ValuePrefix);
            printer.Node(returnStatement.Expression);
            printer.Write(forms.ValueSuffix);
            return true;
        }

        /// <summary>An expression-bodied async method without awaits: <c>=&gt; x</c> returns x's task, or runs x and completes.</summary>
        public static void WriteArrowBody(CodeLines lines, ArrowExpressionClauseSyntax arrow, AsyncReturnForms forms, Func<SyntaxNode, SyntaxPrinter, bool> replace)
        {
            var expression = SyntaxPrinter.PrintExpression(arrow.Expression, replace);
            if (forms.Kind.HasResult())
            {
                lines.MappedLine("return " + forms.ValuePrefix + expression + forms.ValueSuffix, arrow.Expression);
            }
            else
            {
                lines.MappedLine(expression + ";", arrow.Expression);
                lines.Line(forms.CompletedReturn);
            }
        }
    }
}
