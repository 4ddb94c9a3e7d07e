using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Prewired.Generator.Marks;
using Prewired.Generator.TailAwait;

namespace Prewired.Generator.FastPath
{
    /// <summary>The statement shapes around an await that [FastPath] splits.</summary>
    internal enum SplitForm
    {
        /// <summary><c>await x;</c>, or <c>=&gt; await x</c> in a method without a result.</summary>
        Discard,

        /// <summary><c>var y = await x;</c></summary>
        Declare,

        /// <summary><c>y = await x;</c> where y is a local, a parameter, a member of this, or a discard.</summary>
        Assign,

        /// <summary><c>return await x;</c>, or <c>=&gt; await x</c> in a method with a result.</summary>
        Return,

        /// <summary>An await nested in its statement (<c>if (await x)</c>, <c>F(await x)</c>), awaited into a temporary
        /// just before the statement, which then reads the temporary (see <see cref="Spills"/>).</summary>
        Spill,
    }

    internal static class SplitForms
    {
        /// <summary>The form of <paramref name="awaitExpression"/> and its statement (null for an arrow body), or null when the
        /// await is nested in a larger expression.</summary>
        public static SplitForm? Of(AwaitExpressionSyntax awaitExpression, SyntaxNode body, bool hasResult, out StatementSyntax? statement)
        {
            statement = null;
            ExpressionSyntax outer = awaitExpression;
            while (outer.Parent is ParenthesizedExpressionSyntax parenthesized) outer = parenthesized;
            switch (outer.Parent)
            {
                case ExpressionStatementSyntax expressionStatement:
                    statement = expressionStatement;
                    return SplitForm.Discard;
                case ReturnStatementSyntax returnStatement:
                    statement = returnStatement;
                    return SplitForm.Return;
                case ArrowExpressionClauseSyntax arrow when arrow == body:
                    return hasResult ? SplitForm.Return : SplitForm.Discard;
                case EqualsValueClauseSyntax { Parent: VariableDeclaratorSyntax { Parent: VariableDeclarationSyntax { Variables.Count: 1, Parent: LocalDeclarationStatementSyntax declaration } } }
                    when declaration.UsingKeyword.RawKind == 0 && !declaration.IsConst:
                    statement = declaration;
                    return SplitForm.Declare;
                case AssignmentExpressionSyntax { RawKind: (int)SyntaxKind.SimpleAssignmentExpression, Parent: ExpressionStatementSyntax assignmentStatement } assignment
                    when assignment.Right == outer && IsSimpleTarget(assignment.Left):
                    statement = assignmentStatement;
                    return SplitForm.Assign;
                default:
                    return null;
            }
        }

        // Only targets whose evaluation before the await has no effect: anything else (a.b.c, array[i]) is evaluated
        // before the await in C#, so moving it after would change the program.
        private static bool IsSimpleTarget(ExpressionSyntax target)
            => target is IdentifierNameSyntax
               || target is MemberAccessExpressionSyntax { Expression: ThisExpressionSyntax, Name: IdentifierNameSyntax };
    }
}
