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
    // What the continuation prints differently from the body's text: renamed and assigned variables, pattern
    // variables live across an await, filters, and what the printed references tell the declarations.
    internal sealed partial class ContinuationWriter
    {
        protected override bool Replace(SyntaxNode node, SyntaxPrinter printer)
        {
            RecordOmittedReferences(node);
            if (ReplaceSwitchBreak(node, printer)) return true;
            if (ReplaceInMachine(node, printer)) return true;
            if (AwaitSites.IsNestedFunction(node))
            {
                // As written (its throw and returns are its own) but for what Run prints differently.
                printer.Unchanged(node, ReplaceInFunction);
                return true;
            }

            if (LoweredBodyReplacements.TryReplace(node, printer, _lowering, _spilled, Print)) return true;

            switch (node)
            {
                case IdentifierNameSyntax identifier when _switchVariables.Count > 0 && _model.GetSymbolInfo(identifier).Symbol is { } switchVariable
                                                         && _switchVariables.TryGetValue(switchVariable, out var switchName):
                    printer.Write(switchName);
                    return true;
                case IdentifierNameSyntax identifier when RenamedName(identifier) is { } renamed:
                    printer.Write(renamed);
                    return true;
                case DeclarationExpressionSyntax { Designation: SingleVariableDesignationSyntax single } when Assigned(_model.GetDeclaredSymbol(single)):
                    // out var v, where v is live state (a parameter) or declared in the preamble: it is assigned.
                    printer.Write(AssignedName(_model.GetDeclaredSymbol(single)!));
                    return true;
                case AssignmentExpressionSyntax { Left: TupleExpressionSyntax or DeclarationExpressionSyntax } deconstruction
                    when deconstruction.SyntaxTree.Options is CSharpParseOptions { LanguageVersion: < LanguageVersion.CSharp10 }:
                    HoistToAvoidMixedDeconstruction(deconstruction.Left);
                    return false;
                case DeclarationExpressionSyntax { Designation: ParenthesizedVariableDesignationSyntax tuple }:
                    var designated = tuple.DescendantNodes().OfType<SingleVariableDesignationSyntax>().Select(d => _model.GetDeclaredSymbol(d)).ToList();
                    if (!designated.Any(Assigned)) return false;
                    WriteDeconstructionTargets(tuple, printer);
                    return true;
                case IsPatternExpressionSyntax isPattern when AssignedPatternVariables(isPattern.Pattern).Any():
                    WriteIsPatternAssigningLive(isPattern, printer);
                    return true;
                case SingleVariableDesignationSyntax designation when Assigned(_model.GetDeclaredSymbol(designation)):
                    NotCovered("a pattern variable that is live state");
                    return false;
                case LocalDeclarationStatementSyntax declaration when declaration.Declaration.Variables.Any(v => Assigned(_model.GetDeclaredSymbol(v))):
                    NotCovered("live state declared where no await is");
                    return false;
                case ReturnStatementSyntax:
                    // An async method's own returns: as written.
                    return false;
                default:
                    return false;
            }
        }

        /// <summary>
        /// <c>var (a, b) = e</c> where a or b is live state (a parameter) or declared in a preamble: a deconstruction into
        /// those variables, <c>(a, b) = e</c>; one that is neither keeps its declaration, <c>(a, var b) = e</c>, which
        /// needs C# 10 (before it, such a variable is declared in the preamble: HoistToAvoidMixedDeconstruction).
        /// </summary>
        private void WriteDeconstructionTargets(ParenthesizedVariableDesignationSyntax tuple, SyntaxPrinter printer)
        {
            printer.Write("(");
            for (var i = 0; i < tuple.Variables.Count; i++)
            {
                if (i > 0) printer.Write(", ");
                switch (tuple.Variables[i])
                {
                    case ParenthesizedVariableDesignationSyntax nested:
                        WriteDeconstructionTargets(nested, printer);
                        break;
                    case SingleVariableDesignationSyntax single when _model.GetDeclaredSymbol(single) is { } symbol && Assigned(symbol):
                        printer.Write(AssignedName(symbol));
                        break;
                    case SingleVariableDesignationSyntax single:
                        // Before C# 10 none is left here: HoistToAvoidMixedDeconstruction declared it in the preamble.
                        printer.Write("var " + single.Identifier.Text);
                        break;
                    default:
                        printer.Write("_");
                        break;
                }
            }

            printer.Write(")");
        }

        /// <summary>
        /// Before C# 10 a deconstruction cannot both assign and declare (<c>(a, var b) = e</c>, CS8184), which the
        /// continuation would write where some of its variables are live state (assigned) and others not. Those others are
        /// declared in the list's preamble instead, as the filter's out variables are (<see cref="HoistFilterVariables"/>),
        /// so every target is assigned: the same scope (the list that held the declaration), the same values, a fresh
        /// variable per pass of a loop around it.
        /// </summary>
        private void HoistToAvoidMixedDeconstruction(ExpressionSyntax targets)
        {
            var declared = targets.DescendantNodesAndSelf(n => !AwaitSites.IsNestedFunction(n)).OfType<SingleVariableDesignationSyntax>()
                .Select(d => _model.GetDeclaredSymbol(d)).OfType<ILocalSymbol>().ToList();
            if (!declared.Any(Assigned) || declared.All(Assigned)) return;
            foreach (var local in declared.Where(l => !Assigned(l)))
            {
                if (!LoweringShapes.IsNameable(local.Type)) NotCovered("a local of a type that cannot be named");
                _hoisted.Add(local);
                DeclareWithDefault(_scopes.Peek().Preamble, VariableTypes.Display(local, _model), MethodShellParser.EscapedName(local.Name), read: true);
            }
        }

        /// <summary>The designations of <paramref name="pattern"/> whose variables are live state or declared in a preamble.</summary>
        private List<SingleVariableDesignationSyntax> AssignedPatternVariables(PatternSyntax pattern)
            => pattern.DescendantNodesAndSelf(n => !AwaitSites.IsNestedFunction(n)).OfType<SingleVariableDesignationSyntax>()
                .Where(d => Assigned(_model.GetDeclaredSymbol(d))).ToList();

        /// <summary>
        /// Whether <see cref="WriteIsPatternAssigningLive"/> can write the pattern's variables: none is declared under a
        /// 'not' but the outermost one.
        /// </summary>
        private static bool CanAssignPatternVariables(PatternSyntax pattern)
        {
            while (pattern is ParenthesizedPatternSyntax parenthesized) pattern = parenthesized.Pattern;
            if (pattern is UnaryPatternSyntax { OperatorToken.RawKind: (int)SyntaxKind.NotKeyword } negated) pattern = negated.Pattern;
            return !pattern.DescendantNodesAndSelf().OfType<UnaryPatternSyntax>().Any(u => u.DescendantNodes().OfType<SingleVariableDesignationSyntax>().Any());
        }

        /// <summary>
        /// <c>e is string s</c> where s is live state: a parameter of the continuation, which a pattern cannot declare. The
        /// pattern declares a variable of its own, assigned to the parameter as soon as it matches,
        /// <c>(e is string __pattern0 &amp;&amp; PatternVariable.Set(out s, __pattern0))</c>, so the rest of the condition and the
        /// statements after it read the parameter, as they do when resuming (the condition skipped). <c>e is not T s</c>,
        /// whose variable is assigned when the test fails, is written <c>!(e is T __pattern0 &amp;&amp; ...)</c>. A variable
        /// declared deeper under a 'not' is not covered.
        /// </summary>
        private void WriteIsPatternAssigningLive(IsPatternExpressionSyntax isPattern, SyntaxPrinter printer)
        {
            var pattern = isPattern.Pattern;
            while (pattern is ParenthesizedPatternSyntax parenthesized) pattern = parenthesized.Pattern;
            var negated = pattern is UnaryPatternSyntax { OperatorToken.RawKind: (int)SyntaxKind.NotKeyword };
            if (negated) pattern = ((UnaryPatternSyntax)pattern).Pattern;
            if (pattern.DescendantNodesAndSelf().OfType<UnaryPatternSyntax>().Any(u => u.DescendantNodes().OfType<SingleVariableDesignationSyntax>().Any()))
            {
                NotCovered("a pattern variable that is live state, declared under a 'not' pattern");
            }

            var live = AssignedPatternVariables(pattern);
            var renamed = live.ToDictionary(d => (SyntaxNode)d, _ => "__pattern" + _patternVariables++);
            var printed = SyntaxPrinter.PrintExpression(pattern, (node, inner) =>
            {
                if (!renamed.TryGetValue(node, out var name)) return Replace(node, inner);
                inner.Write(name);
                return true;
            });
            // Up to three variables per Set call (its overloads), so a pattern with several stays one readable line.
            var pairs = live.Select(d => $"out {AssignedName(_model.GetDeclaredSymbol(d)!)}, {renamed[d]}").ToList();
            var sets = string.Join(" && ", Enumerable.Range(0, (pairs.Count + 2) / 3)
                .Select(i => $"global::Prewired.CompilerServices.PatternVariable.Set({string.Join(", ", pairs.Skip(i * 3).Take(3))})"));
            printer.Write($"{(negated ? "!" : string.Empty)}({Print(isPattern.Expression)} is {printed} && {sets})");
        }

        /// <summary>
        /// The out variables (<c>out var d</c>) of the filter of a catch clause whose block awaits: the block runs after the
        /// try, out of the filter's scope, so they are declared in the preamble of the list that holds the try (a jump to the
        /// moved block's label skips anything later), as the compiler hoists them; the filter assigns them.
        /// </summary>
        private void HoistFilterVariables(CatchClauseSyntax clause)
        {
            if (clause.Filter is null) return;
            foreach (var designation in clause.Filter.FilterExpression.DescendantNodes(n => !AwaitSites.IsNestedFunction(n)).OfType<SingleVariableDesignationSyntax>())
            {
                if (designation.Parent is not DeclarationExpressionSyntax || _model.GetDeclaredSymbol(designation) is not ILocalSymbol local || Assigned(local)) continue;
                _hoisted.Add(local);
                if (!LoweringShapes.IsNameable(local.Type)) NotCovered("a local of a type that cannot be named");
                DeclareWithDefault(_scopes.Peek().Preamble, VariableTypes.Display(local, _model), MethodShellParser.EscapedName(local.Name), read: true);
            }
        }

        /// <summary>
        /// A catch filter, re-stated in the continuation where it ran: it names the clause's own exception variable (the one
        /// the catch declares there), not the continuation's variable carrying it; an out variable it declares is the
        /// continuation's (<see cref="HoistFilterVariables"/>); anything else (an instance member, a parameter, a local)
        /// is reached as in the rest of the continuation.
        /// </summary>
        protected override bool ReplaceInFilter(CatchClauseSyntax clause, SyntaxNode node, SyntaxPrinter printer)
        {
            switch (node)
            {
                case DeclarationExpressionSyntax { Designation: SingleVariableDesignationSyntax single } when Assigned(_model.GetDeclaredSymbol(single)):
                    printer.Write(AssignedName(_model.GetDeclaredSymbol(single)!));
                    return true;
                case IdentifierNameSyntax identifier when clause.Declaration is { Identifier.RawKind: not 0 } declaration
                                                         && identifier.Identifier.ValueText == declaration.Identifier.ValueText
                                                         && SymbolEqualityComparer.Default.Equals(_model.GetSymbolInfo(identifier).Symbol, _model.GetDeclaredSymbol(declaration)):
                    return false;
                default:
                    return Replace(node, printer);
            }
        }

        /// <summary>Notes which omitted locals printed code names (a lambda's body is printed whole, so it is searched whole).</summary>
        private void RecordOmittedReferences(SyntaxNode node)
        {
            if (_omitted.Count == 0) return;
            IEnumerable<IdentifierNameSyntax> identifiers = node is IdentifierNameSyntax single ? new[] { single }
                : AwaitSites.IsNestedFunction(node) ? node.DescendantNodes().OfType<IdentifierNameSyntax>()
                : Enumerable.Empty<IdentifierNameSyntax>();
            foreach (var identifier in identifiers)
            {
                if (_omitted.Any(o => o.Name == identifier.Identifier.ValueText) && _model.GetSymbolInfo(identifier).Symbol is ILocalSymbol local
                    && _omitted.Contains(local, SymbolEqualityComparer.Default))
                {
                    _printedReferences.Add(local);
                    if (!FastPathClassifier.IsWriteTarget(identifier)) _printedReads.Add(local);
                }
            }
        }

        /// <summary>The continuation's name for the renamed local <paramref name="identifier"/> names, or null.</summary>
        /// <summary>Inside a lambda or local function Run prints: the instance through __this, the closures' fields, renamed live state.</summary>
        private bool ReplaceInFunction(SyntaxNode node, SyntaxPrinter printer) => ReplaceInMachine(node, printer) || ReplaceRenamed(node, printer);

        /// <summary>A live variable the continuation renamed, named by its new name (a lifted local function reads it).</summary>
        private bool ReplaceRenamed(SyntaxNode node, SyntaxPrinter printer)
        {
            if (node is not IdentifierNameSyntax identifier || RenamedName(identifier) is not { } name) return false;
            printer.Write(name);
            return true;
        }

        private string? RenamedName(IdentifierNameSyntax identifier)
            => _renamedByName.Contains(identifier.Identifier.ValueText) && _model.GetSymbolInfo(identifier).Symbol is { } referenced
               && _renamedByName[identifier.Identifier.ValueText].Contains(referenced, SymbolEqualityComparer.Default)
                ? _layout.NameOf(referenced)
                : null;

    }
}
