using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Prewired.Generator.Awaits;
using Prewired.Generator.Marks;
using Prewired.Generator.TailAwait;

namespace Prewired.Generator.FastPath
{
    /// <summary>
    /// A goto that jumps across an await, in the two forms that have a structured equivalent, written out as it:
    /// <list type="bullet">
    /// <item>back to a label of its block, from anywhere inside the statements up to it but a nested loop (a retry):
    /// <c>L: S1; ...; Sn</c> with the gotos in them becomes <c>while (true) { S1; ...; Sn; break; }</c>, each <c>goto L;</c>
    /// a <c>continue;</c> (only when no break or continue of those statements leaves them, and no variable they declare
    /// is used after them);</item>
    /// <item>forward, from an if without else at the top of the label's block whose statement is the goto or a block
    /// ending with it: <c>if (c) { A; goto L; } R; L: T</c> becomes <c>if (c) { A; } else { R; } T</c> (only when
    /// nothing else jumps into R and no variable R declares is used after it).</item>
    /// </list>
    /// The label goes when no goto is left to it. Other gotos across an await keep forwarding (FastPathClassifier).
    /// </summary>
    internal sealed partial class HiddenAwaitLowering
    {
        /// <summary>Whether a goto of <paramref name="body"/> jumps across an await within its label's block.</summary>
        public static bool HasGotoAcrossAnAwait(SyntaxNode body)
            => body.DescendantNodesAndSelf(n => !AwaitSites.IsNestedFunction(n)).OfType<BlockSyntax>().Any(HasGotoAcrossAnAwaitAtItsLevel);

        /// <summary>Whether a goto jumps across an await to a label of <paramref name="block"/>'s own statements.</summary>
        private static bool HasGotoAcrossAnAwaitAtItsLevel(BlockSyntax block)
            => block.Statements.OfType<LabeledStatementSyntax>().Any(label => GotoRegions(block.Statements, label.Identifier.ValueText).Any(r => r.Statements.Any(HoldsAwait)));

        /// <summary>The block's statements with its gotos across awaits written out as loops and ifs where they can be.</summary>
        private BlockSyntax WithGotosWrittenOut(BlockSyntax block, BlockSyntax original)
        {
            if (_forcedReason is not null || !HasGotoAcrossAnAwait(original)) return block;

            // The types of the variables the block declares at its top level, for a loop that has to declare them before it.
            var types = new Dictionary<string, string>();
            foreach (var statement in original.Statements)
            {
                var own = statement is LabeledStatementSyntax l ? l.Statement : statement;
                if (own is not LocalDeclarationStatementSyntax { IsConst: false, UsingKeyword.RawKind: 0, AwaitKeyword.RawKind: 0 } declaration || declaration.Declaration.Type is RefTypeSyntax) continue;
                foreach (var variable in declaration.Declaration.Variables)
                {
                    if (_model.GetDeclaredSymbol(variable) is ILocalSymbol { Type: var type } && type.TypeKind is not (TypeKind.Error or TypeKind.Dynamic) && LoweringShapes.IsNameable(type))
                    {
                        types[variable.Identifier.ValueText] = type.ToDisplayString(SourceNames.TypeFormat);
                    }
                }
            }

            for (var pass = 0; pass < 16; pass++)
            {
                var rewritten = RewriteOneGoto(block, types);
                if (rewritten is null) return block;
                block = rewritten;
                _loweredAny = true;
            }

            return block;
        }

        private static BlockSyntax? RewriteOneGoto(BlockSyntax block, Dictionary<string, string> types)
        {
            var statements = block.Statements.ToList();
            foreach (var labeled in statements.OfType<LabeledStatementSyntax>())
            {
                var name = labeled.Identifier.ValueText;
                var labelIndex = statements.IndexOf(labeled);
                var jumps = JumpsTo(block, name);
                if (jumps.Count == 0) continue;

                // Forward: the last if-with-goto before the label whose skipped statements await.
                var forward = statements.Take(labelIndex).Select((s, i) => (s, i)).LastOrDefault(p => ForwardGoto(p.s, name) is not null);
                if (forward.s is IfStatementSyntax jumpIf && statements.Skip(forward.i + 1).Take(labelIndex - forward.i - 1).Any(HoldsAwait))
                {
                    var skipped = statements.Skip(forward.i + 1).Take(labelIndex - forward.i - 1).ToList();
                    if (!EntersFromOutside(block, skipped) && !DeclaresUsedLater(skipped, statements.Skip(labelIndex)))
                    {
                        var then = ForwardGoto(jumpIf, name)!;
                        var rewrittenIf = jumpIf.WithStatement(then).WithElse(SyntaxFactory.ElseClause(Braced(skipped, LoweringTemplate.LineIndent(jumpIf))))
                            .WithTrailingTrivia(SyntaxFactory.LineFeed);
                        var result = statements.Take(forward.i).Append(rewrittenIf).Concat(statements.Skip(labelIndex)).ToList();
                        return block.WithStatements(SyntaxFactory.List(WithoutUnusedLabel(result, name)));
                    }
                }

                // Backward: the statements from the label to the last one holding a goto to it.
                var last = statements.FindLastIndex(s => s.SpanStart >= labeled.SpanStart && JumpsTo(s, name).Count > 0);
                if (last < labelIndex) continue;
                var region = statements.Skip(labelIndex).Take(last - labelIndex + 1).ToList();
                if (!region.Any(HoldsAwait) || EntersFromOutside(block, region.Skip(1).ToList())) continue;

                // Variables the region declares and the statements after it use: declared before the loop, assigned in it.
                var hoisted = new List<LocalDeclarationStatementSyntax>();
                var hoistable = region.Select(s => s is LabeledStatementSyntax l ? l.Statement : s).OfType<LocalDeclarationStatementSyntax>()
                    .Where(d => d.Declaration.Variables.All(v => types.ContainsKey(v.Identifier.ValueText))).ToList();
                var rest = region.Select(s => hoistable.Contains(s is LabeledStatementSyntax l ? l.Statement : s) ? null : s).Where(s => s is not null).Select(s => s!).ToList();
                if (DeclaresUsedLater(rest, statements.Skip(last + 1))) continue;
                hoisted.AddRange(hoistable.Where(d => DeclaresUsedLater(new List<StatementSyntax> { d }, statements.Skip(last + 1))));
                var regionJumps = region.SelectMany(s => JumpsTo(s, name)).ToList();
                if (regionJumps.Any(j => j.Ancestors().TakeWhile(a => !region.Contains(a)).Any(IsLoop))) continue;
                if (region.SelectMany(s => s.DescendantNodesAndSelf(n => !AwaitSites.IsNestedFunction(n)))
                    .Any(n => n is BreakStatementSyntax or ContinueStatementSyntax && LeavesRegion((StatementSyntax)n, region))) continue;

                var indent = LoweringTemplate.LineIndent(labeled);
                var inner = region.Select((s, i) => i == 0 ? labeled.Statement.WithLeadingTrivia(SyntaxFactory.Whitespace(new string(' ', indent + 4))) : s)
                    .Select(s => s.ReplaceNodes(JumpsTo(s, name), (original, _) => SyntaxFactory.ContinueStatement().WithTriviaFrom(original)))
                    .SelectMany(s => s is LocalDeclarationStatementSyntax d && hoisted.Any(h => h.Declaration.Variables[0].Identifier.ValueText == d.Declaration.Variables[0].Identifier.ValueText) ? Assignments(d) : new[] { s })
                    .ToList();
                inner.Add(SyntaxFactory.BreakStatement().WithLeadingTrivia(SyntaxFactory.Whitespace(new string(' ', indent + 4))).WithTrailingTrivia(SyntaxFactory.LineFeed));
                var loop = SyntaxFactory.WhileStatement(SyntaxFactory.LiteralExpression(SyntaxKind.TrueLiteralExpression), Braced(inner, indent))
                    .WithWhileKeyword(SyntaxFactory.Token(SyntaxKind.WhileKeyword).WithLeadingTrivia(SyntaxFactory.Whitespace(new string(' ', indent))).WithTrailingTrivia(SyntaxFactory.Space))
                    .WithTrailingTrivia(SyntaxFactory.LineFeed);
                StatementSyntax replacement = jumps.Count == regionJumps.Count ? loop : labeled.WithStatement(loop.WithoutLeadingTrivia());
                var declarations = hoisted.SelectMany(d => d.Declaration.Variables).Select(v => SyntaxFactory.ParseStatement(
                    new string(' ', indent) + types[v.Identifier.ValueText] + " " + v.Identifier.ToString() + ";\n"));
                var rewritten = statements.Take(labelIndex).Concat(declarations).Append(replacement).Concat(statements.Skip(last + 1));
                return block.WithStatements(SyntaxFactory.List(rewritten));
            }

            return null;
        }

        /// <summary>A declaration written as the assignments of its initializers (its variables declared before the loop).</summary>
        private static IEnumerable<StatementSyntax> Assignments(LocalDeclarationStatementSyntax declaration)
            => declaration.Declaration.Variables.Where(v => v.Initializer is not null).Select((v, i) => (StatementSyntax)SyntaxFactory.ExpressionStatement(
                    SyntaxFactory.AssignmentExpression(SyntaxKind.SimpleAssignmentExpression, SyntaxFactory.IdentifierName(v.Identifier.WithoutTrivia()).WithTrailingTrivia(SyntaxFactory.Space),
                        SyntaxFactory.Token(SyntaxKind.EqualsToken).WithTrailingTrivia(SyntaxFactory.Space), v.Initializer!.Value.WithoutTrivia()))
                .WithLeadingTrivia(i == 0 ? declaration.GetLeadingTrivia() : SyntaxFactory.TriviaList(SyntaxFactory.Whitespace(new string(' ', LoweringTemplate.LineIndent(declaration)))))
                .WithTrailingTrivia(SyntaxFactory.LineFeed));

        /// <summary>For <c>if (c) goto L;</c> or <c>if (c) { A; goto L; }</c> (no else, no other goto to L inside): the statement
        /// without the goto.</summary>
        private static StatementSyntax? ForwardGoto(StatementSyntax statement, string name)
        {
            if (statement is not IfStatementSyntax { Else: null } jumpIf) return null;
            switch (jumpIf.Statement)
            {
                case GotoStatementSyntax jump when IsGotoTo(jump, name):
                    return SyntaxFactory.Block().WithTriviaFrom(jump);
                case BlockSyntax { Statements.Count: > 0 } block when block.Statements.Last() is GotoStatementSyntax jump && IsGotoTo(jump, name)
                                                                    && JumpsTo(block, name).Count == 1:
                    return block.WithStatements(SyntaxFactory.List(block.Statements.Take(block.Statements.Count - 1)));
                default:
                    return null;
            }
        }

        /// <summary>The label's own statement list split at each goto to it that crosses an await: the statements it jumps over.</summary>
        private static IEnumerable<(List<StatementSyntax> Statements, GotoStatementSyntax Jump)> GotoRegions(SyntaxList<StatementSyntax> statements, string name)
        {
            var list = statements.ToList();
            var labelIndex = list.FindIndex(s => s is LabeledStatementSyntax l && l.Identifier.ValueText == name);
            foreach (var jump in list.SelectMany(s => JumpsTo(s, name)))
            {
                var jumpIndex = list.FindIndex(s => s.Span.Contains(jump.Span));
                var first = System.Math.Min(labelIndex, jumpIndex);
                var last = System.Math.Max(labelIndex, jumpIndex);
                yield return (list.Skip(first).Take(last - first + 1).ToList(), jump);
            }
        }

        private static List<GotoStatementSyntax> JumpsTo(SyntaxNode node, string name)
            => node.DescendantNodesAndSelf(n => !AwaitSites.IsNestedFunction(n)).OfType<GotoStatementSyntax>().Where(g => IsGotoTo(g, name)).ToList();

        private static bool IsGotoTo(GotoStatementSyntax jump, string name)
            => jump.CaseOrDefaultKeyword.RawKind == 0 && jump.Expression is IdentifierNameSyntax { Identifier.ValueText: var target } && target == name;

        private static bool IsLoop(SyntaxNode node) => node is WhileStatementSyntax or DoStatementSyntax or ForStatementSyntax or CommonForEachStatementSyntax;

        /// <summary>A break or continue whose loop (or switch, for a break) is not inside <paramref name="region"/>.</summary>
        private static bool LeavesRegion(StatementSyntax jump, List<StatementSyntax> region)
        {
            foreach (var ancestor in jump.Ancestors())
            {
                if (region.Contains(ancestor)) return true;
                if (IsLoop(ancestor) || (jump is BreakStatementSyntax && ancestor is SwitchStatementSyntax)) return false;
            }

            return true;
        }

        /// <summary>Whether a goto from outside <paramref name="region"/> reaches a label inside it.</summary>
        private static bool EntersFromOutside(BlockSyntax block, List<StatementSyntax> region)
        {
            var labels = region.SelectMany(s => s.DescendantNodesAndSelf(n => !AwaitSites.IsNestedFunction(n))).OfType<LabeledStatementSyntax>().Select(l => l.Identifier.ValueText).ToList();
            if (labels.Count == 0) return false;
            var root = block.Ancestors().LastOrDefault() ?? block;
            return root.DescendantNodes().OfType<GotoStatementSyntax>().Any(g => g.Expression is IdentifierNameSyntax i && labels.Contains(i.Identifier.ValueText) && !region.Any(s => s.Span.Contains(g.Span)));
        }

        /// <summary>Whether a variable or local function the statements declare at their top level (where a block around
        /// them would end its scope) is named by the statements after them.</summary>
        private static bool DeclaresUsedLater(List<StatementSyntax> statements, IEnumerable<StatementSyntax> after)
        {
            var declared = new HashSet<string>();
            foreach (var statement in statements)
            {
                var own = statement is LabeledStatementSyntax l ? l.Statement : statement;
                if (own is LocalDeclarationStatementSyntax declaration) foreach (var v in declaration.Declaration.Variables) declared.Add(v.Identifier.ValueText);
                if (own is LocalFunctionStatementSyntax function) declared.Add(function.Identifier.ValueText);
                foreach (var designation in own.DescendantNodes(n => n == own || (n is not StatementSyntax && !AwaitSites.IsNestedFunction(n))).OfType<SingleVariableDesignationSyntax>())
                {
                    declared.Add(designation.Identifier.ValueText);
                }
            }

            return declared.Count > 0 && after.Any(s => s.DescendantNodesAndSelf().OfType<IdentifierNameSyntax>().Any(i => declared.Contains(i.Identifier.ValueText)));
        }

        /// <summary><c>{ statements }</c>, its braces on lines of their own at <paramref name="indent"/>.</summary>
        private static BlockSyntax Braced(IEnumerable<StatementSyntax> statements, int indent)
            => SyntaxFactory.Block(
                SyntaxFactory.Token(SyntaxKind.OpenBraceToken).WithLeadingTrivia(SyntaxFactory.LineFeed, SyntaxFactory.Whitespace(new string(' ', indent))).WithTrailingTrivia(SyntaxFactory.LineFeed),
                SyntaxFactory.List(statements),
                SyntaxFactory.Token(SyntaxKind.CloseBraceToken).WithLeadingTrivia(SyntaxFactory.Whitespace(new string(' ', indent))));

        /// <summary>The statements with the label <paramref name="name"/> dropped when no goto is left to it.</summary>
        private static List<StatementSyntax> WithoutUnusedLabel(List<StatementSyntax> statements, string name)
        {
            var remaining = statements.Sum(s => JumpsTo(s, name).Count);
            if (remaining > 0) return statements;
            return statements.Select(s => s is LabeledStatementSyntax l && l.Identifier.ValueText == name ? l.Statement.WithLeadingTrivia(l.GetLeadingTrivia()) : s).ToList();
        }
    }
}
