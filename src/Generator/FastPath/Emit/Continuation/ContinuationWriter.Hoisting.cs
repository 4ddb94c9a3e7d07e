using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Prewired.Generator.Awaits;
using Prewired.Generator.Emit;
using Prewired.Generator.MarkedMethods;
using Prewired.Generator.Marks;
using Prewired.Generator.TailAwait;

namespace Prewired.Generator.FastPath
{
    // The continuation's declarations moved up: locals a later label would skip (CS0165 after a jump), declared
    // before the statement list with a default value, and the pattern variables and locals live state reuses.
    internal sealed partial class ContinuationWriter
    {
        /// <summary>
        /// The locals the statements declare before the last one that holds a resume point: a jump to that statement's
        /// label skips their declarations, and the compiler counts the dispatch's jumps as paths, so they are declared in the
        /// list's preamble with a default value (those live at an await are parameters already). Behaviour is the same:
        /// a local that is not live at a resume point is written before it is read from there on.
        /// </summary>
        private void Hoist(IReadOnlyList<StatementSyntax> statements)
        {
            // For each statement, the index of the next statement with a label (one that holds a resume point).
            var labelled = new List<int>();
            for (var i = 0; i < statements.Count; i++)
            {
                var usingScope = LoweringShapes.IsUsingDeclaration(statements[i]) && statements.Skip(i + 1).Any(HoldsResumePoint);
                if (HoldsResumePoint(statements[i]) || usingScope) labelled.Add(i);
                if (usingScope) break;
            }

            if (labelled.Count == 0) return;
            var preamble = _scopes.Peek().Preamble;
            for (var i = 0; i < statements.Count && i <= labelled[labelled.Count - 1]; i++)
            {
                var statement = statements[i];
                var next = labelled.FirstOrDefault(l => l > i);
                if (next > i && LeakingExpression(statement) is { } scoped)
                {
                    var later = statements.Skip(next).ToList();
                    foreach (var node in scoped.DescendantNodesAndSelf(n => !AwaitSites.IsNestedFunction(n)))
                    {
                        switch (node)
                        {
                            case VariableDeclaratorSyntax declarator when declarator.Parent?.Parent == statement:
                                HoistLocal(preamble, _model.GetDeclaredSymbol(declarator), later);
                                break;
                            case SingleVariableDesignationSyntax designation when OwningStatement(designation) == statement:
                                HoistDesignation(preamble, designation, later);
                                break;
                        }
                    }
                }

                // The temporaries of its spilled awaits, when the statement's own label (it holds deeper resume points, or
                // is a using declaration whose scope does) skips them.
                var usingScope = LoweringShapes.IsUsingDeclaration(statement) && statements.Skip(i + 1).Any(HoldsResumePoint);
                if (!usingScope && !ResumePointsIn(statement).Except(OwnSplits(statement)).Any()) continue;
                foreach (var own in OwnSplits(statement).Where(s => s.Form == SplitForm.Spill && !s.IsConditionalPartner))
                {
                    var name = own.SpillVariable;
                    if (_layout.IsSynthetic(name) || !_hoistedSpills.Add(name)) continue;
                    var type = own.ConditionalTypeName ?? (_model.GetTypeInfo(own.Await).Type is { } awaited && LoweringShapes.IsNameable(awaited)
                        ? awaited.ToDisplayString(MethodShellParser.TypeFormat)
                        : null);
                    if (type is null)
                    {
                        NotCovered("a spilled await of a type that cannot be named");
                        continue;
                    }

                    preamble.Line($"{type} {name} = default!;");
                }
            }
        }

        /// <summary>
        /// <c>T x = default!;</c>; a variable the continuation only writes (its reads were before the first await, or on
        /// paths the continuation does not print) would warn CS0219 in the copy though the body reads it.
        /// </summary>
        private static void DeclareWithDefault(CodeLines lines, string type, string name, bool read)
        {
            if (!read) lines.Line("#pragma warning disable CS0219 // assigned here, read only on paths before the awaits");
            lines.Line($"{type} {name} = default!;");
            if (!read) lines.Line("#pragma warning restore CS0219");
        }

        private bool IsRead(ISymbol symbol, IEnumerable<StatementSyntax> statements)
            => statements.SelectMany(s => s.DescendantNodesAndSelf()).OfType<IdentifierNameSyntax>()
                .Any(i => i.Identifier.ValueText == symbol.Name && !FastPathClassifier.IsWriteTarget(i) && SymbolEqualityComparer.Default.Equals(_model.GetSymbolInfo(i).Symbol, symbol));

        private bool IsReferenced(ISymbol symbol, IEnumerable<StatementSyntax> statements)
            => statements.SelectMany(s => s.DescendantNodesAndSelf()).OfType<IdentifierNameSyntax>()
                .Any(i => i.Identifier.ValueText == symbol.Name && SymbolEqualityComparer.Default.Equals(_model.GetSymbolInfo(i).Symbol, symbol));

        /// <summary>
        /// Whether every local the operand reads is assigned on the dispatch's path to the await: live state (a parameter),
        /// a local declared in a preamble, or a foreach variable (declared with a default when resuming).
        /// </summary>
        private bool OperandReadsOnlyAssigned(ExpressionSyntax operand)
            => operand.DescendantNodesAndSelf().OfType<IdentifierNameSyntax>().All(i =>
                _model.GetSymbolInfo(i).Symbol is not ILocalSymbol local
                || _layout.IsLive(local) || _hoisted.Contains(local) || _switchVariables.ContainsKey(local)
                || local.DeclaringSyntaxReferences.Any(r => r.GetSyntax() is ForEachStatementSyntax));

        /// <summary>
        /// The part of <paramref name="statement"/> whose expression variables (out, pattern and deconstruction variables)
        /// are in scope in the rest of its statement list, as C# scopes them: a declaration's or an expression statement's
        /// whole, an if's condition (<c>if (!TryGet(out var x)) return;</c>). Null for statements that scope theirs (loops,
        /// using, lock) or end the list.
        /// </summary>
        private static SyntaxNode? LeakingExpression(StatementSyntax statement) => statement switch
        {
            LocalDeclarationStatementSyntax or ExpressionStatementSyntax => statement,
            IfStatementSyntax ifStatement => ifStatement.Condition,
            _ => null,
        };

        /// <summary>The statement whose scope a designation's variable belongs to (a lambda's own statements are not walked).</summary>
        private static StatementSyntax? OwningStatement(SyntaxNode designation) => designation.Ancestors().OfType<StatementSyntax>().FirstOrDefault();

        /// <summary>
        /// An out, pattern or deconstruction variable read by a later statement of the list: declared in the preamble like
        /// any local (<see cref="HoistLocal"/>), and assigned where it is declared: <c>out x</c>, <c>(a, b) = e</c> (every
        /// variable of a deconstruction, so that none needs C# 10's mixed form), or a pattern that stores what it matched
        /// (<see cref="WriteIsPatternAssigningLive"/>). A pattern variable anywhere else (a switch expression's arm, say)
        /// is scoped there and read by no later statement.
        /// </summary>
        private void HoistDesignation(CodeLines preamble, SingleVariableDesignationSyntax designation, IEnumerable<StatementSyntax> later)
        {
            switch (designation.Parent)
            {
                case DeclarationExpressionSyntax { Parent: ArgumentSyntax { Parent: TupleExpressionSyntax } }:
                    // (var a, var b) = e: all or none, as with var (a, b) = e.
                    var outermost = designation.Ancestors().OfType<TupleExpressionSyntax>().Last(t => t.Span.Contains(designation.Span) && OwningStatement(t) == OwningStatement(designation));
                    var declared = outermost.DescendantNodes().OfType<SingleVariableDesignationSyntax>().Select(d => _model.GetDeclaredSymbol(d)).ToList();
                    if (!declared.Any(v => v is ILocalSymbol local && !_layout.IsLive(local) && IsReferenced(local, later))) return;
                    foreach (var variable in declared) HoistLocal(preamble, variable, later, evenIfUnreferenced: true);
                    return;
                case DeclarationExpressionSyntax { Parent: ArgumentSyntax }:
                    HoistLocal(preamble, _model.GetDeclaredSymbol(designation), later);
                    return;
                case ParenthesizedVariableDesignationSyntax:
                    var tuple = designation.Ancestors().TakeWhile(a => a is ParenthesizedVariableDesignationSyntax).Last();
                    var variables = tuple.DescendantNodes().OfType<SingleVariableDesignationSyntax>().Select(d => _model.GetDeclaredSymbol(d)).ToList();
                    if (!variables.Any(v => v is ILocalSymbol local && !_layout.IsLive(local) && IsReferenced(local, later))) return;
                    foreach (var variable in variables) HoistLocal(preamble, variable, later, evenIfUnreferenced: true);
                    return;
                default:
                    var symbol = _model.GetDeclaredSymbol(designation);
                    if (symbol is not ILocalSymbol pattern || _layout.IsLive(pattern) || !IsReferenced(pattern, later)) return;
                    if (designation.Ancestors().TakeWhile(a => a is not StatementSyntax).FirstOrDefault(a => a is IsPatternExpressionSyntax) is not IsPatternExpressionSyntax isPattern
                        || !CanAssignPatternVariables(isPattern.Pattern))
                    {
                        NotCovered("a pattern variable read after a later await of its block, declared under a 'not' pattern or outside an 'is' pattern");
                        return;
                    }

                    HoistLocal(preamble, pattern, later);
                    return;
            }
        }

        private void HoistLocal(CodeLines preamble, ISymbol? symbol, IEnumerable<StatementSyntax> later, bool evenIfUnreferenced = false)
        {
            if (symbol is not ILocalSymbol local || _layout.IsLive(local) || _hoisted.Contains(local) || !evenIfUnreferenced && !IsReferenced(local, later)) return;
            _hoisted.Add(local);
            if (!LoweringShapes.IsNameable(local.Type)) NotCovered("a local of a type that cannot be named");
            // At the top of the continuation, code before the first label is not written (the first await's call, the
            // statements after a switch no section leaves), so a read there may never be printed: the pragma stays on.
            DeclareWithDefault(preamble, VariableTypes.Display(local, _model), MethodShellParser.EscapedName(local.Name), IsRead(local, later) && !_beforeFirstLabel);
        }

        /// <summary>Whether a declaration of the variable is an assignment here (it is a parameter, or declared in a preamble).</summary>
        private bool Assigned(ISymbol? symbol) => _layout.IsLive(symbol) || symbol is not null && _hoisted.Contains(symbol);

        /// <summary>The name a declaration of the variable assigns.</summary>
        private string AssignedName(ISymbol symbol) => _layout.IsLive(symbol) ? _layout.NameOf(symbol) : MethodShellParser.EscapedName(symbol.Name);
    }
}
