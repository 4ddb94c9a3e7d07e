using System.Collections.Generic;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Prewired.Generator.Awaits;
using Prewired.Generator.Emit;
using Prewired.Generator.Marks;
using Prewired.Generator.TailAwait;

namespace Prewired.Generator.FastPath
{
    /// <summary>
    /// What the synchronous path and the continuation both replace when they print the body's statements, because both
    /// write the body out the same way: a return inside a try whose finally awaits waits for that finally; a rethrow in a
    /// catch block that runs after its try statement rethrows the caught exception; a spilled await reads its temporary;
    /// a lambda or local function keeps its own returns and awaits.
    /// </summary>
    internal static class LoweredBodyReplacements
    {
        public static bool TryReplace(SyntaxNode node, SyntaxPrinter printer, Lowering lowering, IReadOnlyDictionary<SyntaxNode, string> spilled, System.Func<SyntaxNode, string> print)
        {
            if (node is ReturnStatementSyntax returnStatement && lowering.FinallyAround(returnStatement) is { } finallyLowering)
            {
                printer.Write(finallyLowering.RecordReturn(returnStatement.Expression is null ? null : print(returnStatement.Expression)));
                return true;
            }

            if (node is ThrowStatementSyntax { Expression: null } rethrow && Lowering.CatchOf(rethrow) is { } catchClause
                && lowering.Caught(catchClause) is { } caught)
            {
                printer.Write(Lowering.Rethrow(caught));
                return true;
            }

            // (await x)! reads its temporary without the parentheses: (__spill0)! would parse as a cast of !.
            if (spilled.TryGetValue(BeforeNullForgiving(node), out var temporary))
            {
                printer.Write(temporary);
                return true;
            }

            if (AwaitSites.IsNestedFunction(node))
            {
                printer.Unchanged(node);
                return true;
            }

            return false;
        }

        /// <summary>The expression inside the parentheses of <c>(e)!</c> (any number of them), else <paramref name="node"/>.</summary>
        public static SyntaxNode BeforeNullForgiving(SyntaxNode node)
        {
            if (node.Parent is not PostfixUnaryExpressionSyntax { RawKind: (int)Microsoft.CodeAnalysis.CSharp.SyntaxKind.SuppressNullableWarningExpression }) return node;
            while (node is ParenthesizedExpressionSyntax parenthesized) node = parenthesized.Expression;
            return node;
        }
    }
}
