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
    // switch statements whose sections hold a resume point: the sections that await are moved after the switch,
    // which jumps to them; their label variables and breaks follow.
    internal sealed partial class ContinuationWriter
    {
        // A switch whose sections holding resume points are written after it: the label its breaks go to, and whether one did.
        private readonly Dictionary<SyntaxNode, (string Label, bool Used)> _switchEnds = new();

        // The pattern variables of moved sections' labels that are not live state: declared before the switch, renamed.
        private readonly Dictionary<ISymbol, string> _switchVariables = new(SymbolEqualityComparer.Default);

        /// <summary>
        /// A switch with resume points in some sections: the switch stays, those sections jump to copies of themselves
        /// written after it (a jump into a switch section from outside is not allowed), where the dispatch can reach them;
        /// their breaks jump past the copies. What the switch block scopes and a moved section needs is declared before the
        /// switch, as the compiler hoists it: a section's local another section uses, and the pattern variables of a moved
        /// section's labels (each such label jumps on its own, after storing its variables, <c>__switch0_s = s;</c>).
        /// </summary>
        protected override void WriteSwitch(SwitchStatementSyntax switchStatement)
        {
            var id = _labels++;
            var moved = switchStatement.Sections.Where(HoldsResumePoint).ToList();
            var preamble = _scopes.Peek().Preamble;

            // A local of one section is in scope in all of them (the switch block is one scope); a moved section is not.
            var sectionStatements = switchStatement.Sections.SelectMany(s => s.Statements).ToList();
            foreach (var section in switchStatement.Sections)
            {
                var others = switchStatement.Sections.Where(o => o != section && (moved.Contains(section) || moved.Contains(o))).SelectMany(o => o.Statements).ToList();
                foreach (var declarator in section.Statements.OfType<LocalDeclarationStatementSyntax>().SelectMany(d => d.Declaration.Variables))
                {
                    if (_model.GetDeclaredSymbol(declarator) is ILocalSymbol local && !Assigned(local) && IsReferenced(local, others))
                    {
                        _hoisted.Add(local);
                        if (!LoweringShapes.IsNameable(local.Type)) NotCovered("a local of a type that cannot be named");
                        DeclareWithDefault(preamble, VariableTypes.Display(local, _model), MethodShellParser.EscapedName(local.Name), IsRead(local, sectionStatements));
                    }
                }
            }

            // The pattern variables of a moved section's labels that its statements use: live state (a parameter), or a
            // variable declared before the switch.
            var labelVariables = new Dictionary<SwitchLabelSyntax, List<(ISymbol Symbol, string Target, string InLabel)>>();
            // Two sections may each declare a pattern variable of the same name (of different types): one name each (CS0128).
            var switchTargets = new HashSet<string>();
            foreach (var section in moved)
            {
                foreach (var label in section.Labels)
                {
                    var variables = new List<(ISymbol, string, string)>();
                    foreach (var designation in label.DescendantNodes(n => !AwaitSites.IsNestedFunction(n)).OfType<SingleVariableDesignationSyntax>())
                    {
                        if (_model.GetDeclaredSymbol(designation) is not ILocalSymbol local || !IsReferenced(local, section.Statements)) continue;
                        string target;
                        if (_layout.IsLive(local))
                        {
                            target = _layout.NameOf(local);
                        }
                        else
                        {
                            if (!LoweringShapes.IsNameable(local.Type)) NotCovered("a pattern variable of a type that cannot be named");
                            target = $"__switch{id}_{local.Name}";
                            for (var n = 1; !switchTargets.Add(target); n++) target = $"__switch{id}_{local.Name}{n}";
                            _switchVariables[local] = target;
                            DeclareWithDefault(preamble, VariableTypes.Display(local, _model), target, read: true);
                        }

                        // The label's own variable cannot have the name of the parameter it is stored in (CS0136).
                        variables.Add((local, target, target == MethodShellParser.EscapedName(local.Name) ? "__pattern" + _patternVariables++ : MethodShellParser.EscapedName(local.Name)));
                    }

                    if (variables.Count > 0) labelVariables[label] = variables;
                }
            }

            var end = $"__switch{id}_end";
            _switchEnds[switchStatement] = (end, false);
            if (_beforeFirstLabel)
            {
                // The top of the continuation: only the dispatch enters it, straight into the sections written below.
                // No moved section breaks out: what follows the switch runs only from labels of its own.
                if (!WriteMovedSections(switchStatement, moved, id)) _beforeFirstLabel = true;
                return;
            }

            _lines.HeaderLine($"switch ({Print(switchStatement.Expression)})", switchStatement);
            _lines.OpenBrace();
            foreach (var section in switchStatement.Sections)
            {
                var sectionJump = $"goto __switch{id}_section{switchStatement.Sections.IndexOf(section)};";
                if (moved.Contains(section) && section.Labels.Any(l => labelVariables.ContainsKey(l)))
                {
                    // Each label on its own: it stores the variables it declares, then jumps.
                    foreach (var label in section.Labels)
                    {
                        labelVariables.TryGetValue(label, out var variables);
                        _lines.Line(PrintLabel(label, variables));
                        _lines.Indent++;
                        foreach (var (_, target, inLabel) in variables ?? new()) _lines.Line($"{target} = {inLabel};");
                        _lines.Line(sectionJump);
                        _lines.Indent--;
                    }

                    continue;
                }

                foreach (var label in section.Labels) _lines.Line(SyntaxPrinter.PrintExpression(label, Replace));
                _lines.Indent++;
                if (moved.Contains(section))
                {
                    _lines.Line(sectionJump);
                }
                else
                {
                    foreach (var statement in section.Statements)
                    {
                        if (statement is LocalDeclarationStatementSyntax declaration && declaration.Declaration.Variables.Any(v => Assigned(_model.GetDeclaredSymbol(v)))) WriteLiveDeclaration(declaration);
                        else SyntaxPrinter.PrintStatement(statement, _lines, KeepSwitchBreaks);
                    }
                }

                _lines.Indent--;
            }

            _lines.CloseBrace();

            // Past the sections written below, unless no case leaves the switch (a default, every kept section returning).
            // 'case var x:' and 'case var _:' without a 'when' match every value as 'default:' does: past them, the
            // compiler finds the jump unreachable (CS0162).
            var hasDefault = switchStatement.Sections.Any(s => s.Labels.Any(l => l is DefaultSwitchLabelSyntax
                or CasePatternSwitchLabelSyntax { WhenClause: null, Pattern: VarPatternSyntax or DiscardPatternSyntax }));
            var keptBreaks = switchStatement.Sections.Except(moved).Any(s => s.DescendantNodes(n => !AwaitSites.IsNestedFunction(n)).OfType<BreakStatementSyntax>().Any(b => BreakTarget(b) == switchStatement));
            if (!hasDefault || keptBreaks) Jump(switchStatement);

            _ = WriteMovedSections(switchStatement, moved, id);
        }

        /// <summary>A moved section's label in the switch: the variables it stores under the name it declares them with.</summary>
        private string PrintLabel(SwitchLabelSyntax label, List<(ISymbol Symbol, string Target, string InLabel)>? variables)
        {
            if (variables is null) return SyntaxPrinter.PrintExpression(label, Replace);
            return SyntaxPrinter.PrintExpression(label, (node, printer) =>
            {
                var symbol = node switch
                {
                    SingleVariableDesignationSyntax designation => _model.GetDeclaredSymbol(designation),
                    IdentifierNameSyntax identifier => _model.GetSymbolInfo(identifier).Symbol,
                    _ => null,
                };
                var own = symbol is null ? -1 : variables.FindIndex(v => SymbolEqualityComparer.Default.Equals(v.Symbol, symbol));
                // An 'is' pattern of the 'when' clause declaring one of them: printed as written, its variable under the
                // label's own name (Replace would assign live state in place, and the store after the label name nothing).
                if (own < 0 && node is IsPatternExpressionSyntax isPattern && isPattern.Pattern.DescendantNodesAndSelf().OfType<SingleVariableDesignationSyntax>()
                        .Any(d => variables.Any(v => SymbolEqualityComparer.Default.Equals(v.Symbol, _model.GetDeclaredSymbol(d)))))
                {
                    return false;
                }

                if (own < 0) return Replace(node, printer);
                printer.Write(variables[own].InLabel);
                return true;
            });
        }

        /// <summary>Writes the moved sections after the switch; true when one of them breaks out (the end label is written).</summary>
        private bool WriteMovedSections(SwitchStatementSyntax switchStatement, List<SwitchSectionSyntax> moved, int id)
        {
            foreach (var section in moved)
            {
                var sectionLabel = $"__switch{id}_section{switchStatement.Sections.IndexOf(section)}";
                var scope = _scopes.Peek();
                foreach (var point in ResumePointsIn(section)) scope.Add(point.Index, sectionLabel, arrivingState: null, AwaitText(point));
                if (_lines.Count == 0) scope.FirstLabel = sectionLabel;
                _lines.Line(sectionLabel + ":");
                _beforeFirstLabel = false;
                _lines.OpenBrace();
                WriteList(section.Statements);
                _lines.CloseBrace();
            }

            var (end, used) = _switchEnds[switchStatement];
            if (used) _lines.Line(end + ": ;");
            _switchEnds.Remove(switchStatement);
            return used;
        }

        /// <summary>The sections kept in the switch print as they are: their breaks still leave it.</summary>
        private bool KeepSwitchBreaks(SyntaxNode node, SyntaxPrinter printer) => node is not BreakStatementSyntax && Replace(node, printer);

        private void Jump(SwitchStatementSyntax switchStatement)
        {
            var (label, _) = _switchEnds[switchStatement];
            _switchEnds[switchStatement] = (label, true);
            _lines.Line($"goto {label};");
        }

        /// <summary>A break in a moved section that leaves the switch, as a jump past the moved sections.</summary>
        private bool ReplaceSwitchBreak(SyntaxNode node, SyntaxPrinter printer)
        {
            if (node is not BreakStatementSyntax breakStatement || _switchEnds.Count == 0 || BreakTarget(breakStatement) is not SwitchStatementSyntax target
                || !_switchEnds.TryGetValue(target, out var end))
            {
                return false;
            }

            _switchEnds[target] = (end.Label, true);
            printer.Write($"goto {end.Label};");
            return true;
        }

        /// <summary>The loop or switch a break leaves (null inside a lambda).</summary>
        private static SyntaxNode? BreakTarget(BreakStatementSyntax breakStatement)
        {
            foreach (var ancestor in breakStatement.Ancestors())
            {
                if (AwaitSites.IsNestedFunction(ancestor)) return null;
                if (ancestor is SwitchStatementSyntax or ForStatementSyntax or WhileStatementSyntax or DoStatementSyntax or CommonForEachStatementSyntax) return ancestor;
            }

            return null;
        }
    }
}
