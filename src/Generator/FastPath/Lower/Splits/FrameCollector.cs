using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Prewired.Generator.Marks;

namespace Prewired.Generator.FastPath
{
    /// <summary>The statements a continuation resumes inside, innermost first, from the await's statement up to the method body.</summary>
    internal static class FrameCollector
    {
        /// <summary>Null when a statement on the way up is not one the continuation can resume inside.</summary>
        public static List<ContinuationFrame>? Collect(StatementSyntax statement, SyntaxNode body, Lowering lowering)
        {
            var frames = new List<ContinuationFrame>();
            SyntaxNode node = statement;
            while (node != body)
            {
                switch (node.Parent)
                {
                    case BlockSyntax block:
                        var frame = new ContinuationFrame(FrameKind.Block, block, After(block.Statements, node), block == body);
                        foreach (var earlier in block.Statements.TakeWhile(s => s != node).OfType<LocalDeclarationStatementSyntax>().Where(LoweringShapes.IsUsingDeclaration))
                        {
                            if (lowering.Using(earlier) is null) return null;
                            frame.UsingDeclarations.Add(earlier);
                        }

                        frames.Add(frame);
                        node = block;
                        break;
                    case SwitchSectionSyntax section:
                        frames.Add(new ContinuationFrame(FrameKind.SwitchSection, section, After(section.Statements, node), isMethodBody: false));
                        node = section.Parent!;
                        break;
                    case IfStatementSyntax ifStatement:
                        node = ifStatement;
                        break;
                    case ElseClauseSyntax elseClause:
                        node = elseClause.Parent!;
                        break;
                    case ForStatementSyntax or WhileStatementSyntax or DoStatementSyntax:
                        frames.Add(new ContinuationFrame(FrameKind.Loop, node.Parent, new List<StatementSyntax>(), isMethodBody: false));
                        node = node.Parent;
                        break;
                    case ForEachStatementSyntax forEach when forEach.Statement == node && lowering.ForEach(forEach) is { } forEachLowering:
                        frames.Add(new ContinuationFrame(FrameKind.ForEach, forEach, new List<StatementSyntax>(), isMethodBody: false) { ForEach = forEachLowering });
                        node = forEach;
                        break;
                    case TryStatementSyntax tryStatement when tryStatement.Block == node:
                        frames.Add(new ContinuationFrame(FrameKind.Try, tryStatement, new List<StatementSyntax>(), isMethodBody: false) { FinallyWrittenOut = lowering.Finally(tryStatement) is not null });
                        node = tryStatement;
                        break;
                    case FinallyClauseSyntax finallyClause when finallyClause.Block == node && lowering.Finally(finallyClause.Parent!) is { } finallyLowering:
                        frames.Add(new ContinuationFrame(FrameKind.Finally, finallyClause, new List<StatementSyntax>(), isMethodBody: false) { Finally = finallyLowering });
                        node = finallyClause.Parent!;
                        break;
                    case CatchClauseSyntax catchClause when catchClause.Block == node && lowering.Caught(catchClause) is { } caught:
                        frames.Add(new ContinuationFrame(FrameKind.Catch, catchClause, new List<StatementSyntax>(), isMethodBody: false) { CaughtVariable = caught, FinallyWrittenOut = lowering.Finally(catchClause.Parent!) is not null });
                        node = catchClause.Parent!;
                        break;
                    case UsingStatementSyntax usingStatement when usingStatement.Statement == node && lowering.Using(usingStatement) is { } usingLowering:
                        frames.Add(new ContinuationFrame(FrameKind.Using, usingStatement, new List<StatementSyntax>(), isMethodBody: false) { Using = usingLowering });
                        node = usingStatement;
                        break;
                    default:
                        return null;
                }
            }

            return frames;
        }

        /// <summary>The body of a loop frame's statement (what runs again on the next iterations).</summary>
        public static StatementSyntax LoopBody(SyntaxNode loop) => loop switch
        {
            ForStatementSyntax f => f.Statement,
            WhileStatementSyntax w => w.Statement,
            DoStatementSyntax d => d.Statement,
            CommonForEachStatementSyntax e => e.Statement,
            _ => throw new System.InvalidOperationException("Not a loop: " + loop.Kind()),
        };

        private static IReadOnlyList<StatementSyntax> After(SyntaxList<StatementSyntax> statements, SyntaxNode node)
        {
            var index = statements.IndexOf((StatementSyntax)node);
            return statements.Skip(index + 1).ToList();
        }
    }
}
