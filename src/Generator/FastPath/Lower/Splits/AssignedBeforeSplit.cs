using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace Prewired.Generator.FastPath
{
    /// <summary>
    /// Locals the syntax alone shows to be definitely assigned where a split statement starts, so <see cref="LiveState"/>
    /// need not ask the compiler (a definite-assignment question is four passes over the whole method): a local declared
    /// with an initializer by an earlier statement of a block that holds the split statement, in a body without labels
    /// (only a goto to a label can enter a block past its start), or a foreach or catch variable whose loop body or catch
    /// block holds it. Every path to the split statement then runs that declaration. Anything else is left to the compiler.
    /// </summary>
    internal static class AssignedBeforeSplit
    {
        public static bool Evidently(ISymbol local, StatementSyntax split, bool bodyHasLabels)
        {
            var declaration = local.DeclaringSyntaxReferences.Length == 1 ? local.DeclaringSyntaxReferences[0].GetSyntax() : null;
            switch (declaration)
            {
                case VariableDeclaratorSyntax { Initializer: not null, Parent: VariableDeclarationSyntax { Parent: LocalDeclarationStatementSyntax { Parent: BlockSyntax block } statement } }
                    when !bodyHasLabels:
                    var declaredAt = block.Statements.IndexOf(statement);
                    var holder = split.AncestorsAndSelf().OfType<StatementSyntax>().FirstOrDefault(s => s.Parent == block);
                    return holder is not null && block.Statements.IndexOf(holder) > declaredAt;
                case ForEachStatementSyntax forEach:
                    return forEach.Statement.Span.Contains(split.Span);
                case CatchDeclarationSyntax { Parent: CatchClauseSyntax catchClause }:
                    return catchClause.Block.Span.Contains(split.Span);
                default:
                    return false;
            }
        }

        /// <summary>Whether the method holding <paramref name="statement"/> has a labeled statement anywhere.</summary>
        public static bool HasLabels(StatementSyntax statement)
            => statement.Ancestors().OfType<MemberDeclarationSyntax>().FirstOrDefault() is { } member
               && member.DescendantNodes().OfType<LabeledStatementSyntax>().Any();
    }
}
