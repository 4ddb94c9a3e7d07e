using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Prewired.Generator.FastPath;
using Prewired.Generator.Marks;

namespace Prewired.Generator.TailAwait
{
    /// <summary>The statements around an await that decide whether it can be elided or split.</summary>
    internal enum EnclosingKind
    {
        None,
        TryBlock,
        UsingStatement,
        UsingDeclarationScope,
        Loop,
        ForEachLoop,
        OtherBlock,
    }

    internal static class EnclosingConstructs
    {
        /// <summary>
        /// The innermost statement between <paramref name="node"/> and the method body that runs code after it or owns
        /// its control flow (try, using, loops, using declarations earlier in an enclosing block); None when there is none.
        /// </summary>
        public static (EnclosingKind Kind, string Reason) Find(SyntaxNode node, SyntaxNode methodBody, bool returnExitsLoops)
        {
            for (SyntaxNode? child = node, current = node.Parent; current is not null && child != methodBody; child = current, current = current.Parent)
            {
                switch (current)
                {
                    case TryStatementSyntax:
                    case CatchClauseSyntax:
                    case FinallyClauseSyntax:
                        return (EnclosingKind.TryBlock, "it is inside a try, catch or finally block");
                    case UsingStatementSyntax usingStatement when child != usingStatement.Expression && child != usingStatement.Declaration:
                        return (EnclosingKind.UsingStatement, "it is inside a using statement, whose Dispose runs after it");
                    case CommonForEachStatementSyntax forEach when child == forEach.Statement:
                        return (EnclosingKind.ForEachLoop, "it is inside a foreach loop, whose enumerator is disposed after it");
                    case ForStatementSyntax or WhileStatementSyntax or DoStatementSyntax when !returnExitsLoops:
                        return (EnclosingKind.Loop, "it is inside a loop, which runs again after it");
                    case LabeledStatementSyntax:
                        return (EnclosingKind.OtherBlock, "it is in a labeled statement, which goto can reach");
                    case CheckedStatementSyntax or UnsafeStatementSyntax or FixedStatementSyntax or LockStatementSyntax:
                        return (EnclosingKind.OtherBlock, $"it is inside a '{FirstToken(current)}' statement");
                    case BlockSyntax block when HasUsingDeclarationBefore(block, child):
                        return (EnclosingKind.UsingDeclarationScope, "it is in the scope of a using declaration, whose Dispose runs after it");
                    case SwitchSectionSyntax section when HasUsingDeclarationBefore(section, child):
                        return (EnclosingKind.UsingDeclarationScope, "it is in the scope of a using declaration, whose Dispose runs after it");
                }
            }

            return (EnclosingKind.None, string.Empty);
        }

        private static string FirstToken(SyntaxNode node) => node.GetFirstToken().ValueText;

        private static bool HasUsingDeclarationBefore(SyntaxNode statementList, SyntaxNode child)
        {
            var statements = statementList is BlockSyntax block ? block.Statements : ((SwitchSectionSyntax)statementList).Statements;
            foreach (var statement in statements)
            {
                if (statement == child) return false;
                if (statement is LocalDeclarationStatementSyntax { UsingKeyword.RawKind: (int)SyntaxKind.UsingKeyword }) return true;
            }

            return false;
        }
    }
}
