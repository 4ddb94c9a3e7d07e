using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Prewired.Generator.FastPath;
using Prewired.Generator.Marks;

namespace Prewired.Generator.TailAwait
{
    /// <summary>
    /// Decides whether a statement is the last thing a method does: nothing but a bare <c>return;</c>, the end of
    /// the method, or a <c>break;</c> out of a switch that is itself in tail position can follow it.
    /// </summary>
    internal static class TailPosition
    {
        /// <summary>True when nothing runs after <paramref name="statement"/>; <paramref name="absorbed"/> is the
        /// <c>return;</c> or <c>break;</c> right after it that a tail call makes unreachable.</summary>
        public static bool IsTail(StatementSyntax statement, SyntaxNode methodBody, out StatementSyntax? absorbed)
        {
            absorbed = null;
            SyntaxNode node = statement;
            while (node != methodBody)
            {
                var parent = node.Parent;
                switch (parent)
                {
                    case BlockSyntax block:
                    {
                        var next = Next(block.Statements, node);
                        if (next is not null)
                        {
                            if (absorbed is null && node == statement && next is ReturnStatementSyntax { Expression: null }) absorbed = next;
                            return next is ReturnStatementSyntax { Expression: null };
                        }

                        node = block;
                        break;
                    }

                    case SwitchSectionSyntax section:
                    {
                        var next = Next(section.Statements, node);
                        if (node == statement) absorbed = next;
                        if (next is ReturnStatementSyntax { Expression: null }) return true;
                        if (next is not BreakStatementSyntax) return false;
                        node = section.Parent!;
                        break;
                    }

                    case IfStatementSyntax:
                        node = parent;
                        break;
                    case ElseClauseSyntax:
                        node = parent.Parent!;
                        break;
                    default:
                        return false;
                }
            }

            return true;
        }

        private static StatementSyntax? Next(SyntaxList<StatementSyntax> statements, SyntaxNode node)
        {
            var index = statements.IndexOf((StatementSyntax)node);
            return index >= 0 && index + 1 < statements.Count ? statements[index + 1] : null;
        }
    }
}
