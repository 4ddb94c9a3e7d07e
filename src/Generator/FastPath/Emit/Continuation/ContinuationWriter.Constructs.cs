using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Prewired.Generator.Emit;
using Prewired.Generator.MarkedMethods;
using Prewired.Generator.SharedRules;

namespace Prewired.Generator.FastPath
{
    /// <summary>
    /// The continuation through loops, foreach, try, using and switch statements that hold a resume point: each is
    /// written as the synchronous path writes it, with its header skipped when resuming into it (the variables the header
    /// would set are live state the hand-off passed) and a dispatch at the top of each statement list inside it.
    /// </summary>
    internal sealed partial class ContinuationWriter
    {
        private const string State = ContinuationLayout.StateParameter;

        // A switch whose sections holding resume points are written after it: the label its breaks go to, and whether one did.
        private readonly Dictionary<SyntaxNode, (string Label, bool Used)> _switchEnds = new();

        // The pattern variables of moved sections' labels that are not live state: declared before the switch, renamed.
        private readonly Dictionary<ISymbol, string> _switchVariables = new(SymbolEqualityComparer.Default);

        /// <summary>Statements written by <paramref name="write"/> as one list: its dispatch first.</summary>
        private void InList(System.Action write, bool topLevel = false)
        {
            var outer = _lines;
            var scope = new DispatchScope();
            _scopes.Push(scope);
            _lines = new CodeLines();
            write();
            var inner = _lines;
            _lines = outer;
            _scopes.Pop();
            // A continuation with no statement that steers by the resume point need not clear it at the top.
            if (!scope.WriteDispatch(_lines, exhaustive: topLevel, resetNeeded: !topLevel || _labels > 0)) inner.RemoveFirst();
            _lines.Append(inner);
        }

        /// <summary>A loop condition the compiler treats as the constant true ('while (true)'): its loop ends only by a jump.</summary>
        private bool IsConstantTrue(ExpressionSyntax condition) => _model.GetConstantValue(condition) is { HasValue: true, Value: true };

        private void WriteLoop(StatementSyntax loop, List<SplitPoint> deeper)
        {
            var conditionSplit = _byStatement.TryGetValue(loop, out var split) && split.AwaitingLoop == loop ? split : null;
            switch (loop)
            {
                case ForStatementSyntax forStatement:
                    Label(deeper, "loop_for");
                    var scoped = WriteForStart(forStatement);
                    var incrementors = string.Join(", ", forStatement.Incrementors.Select(Print));
                    var condition = conditionSplit is not null || forStatement.Condition is null || IsConstantTrue(forStatement.Condition) ? string.Empty : $" {State} >= 0 || ({Print(forStatement.Condition)})";
                    _lines.HeaderLine($"for (;{condition};{(incrementors.Length > 0 ? " " + incrementors : string.Empty)})", forStatement);
                    if (conditionSplit is not null) WriteAwaitedConditionBody(loop, conditionSplit);
                    else WriteEmbedded(forStatement.Statement);
                    if (scoped) _lines.CloseBrace();
                    break;
                case WhileStatementSyntax whileStatement:
                    Label(deeper, "loop_while");
                    if (conditionSplit is not null)
                    {
                        _lines.Line("while (true)");
                        WriteAwaitedConditionBody(loop, conditionSplit);
                    }
                    else if (IsConstantTrue(whileStatement.Condition))
                    {
                        // 'while (true)' as written: '__state >= 0 || (true)' is no constant, and a loop left only by
                        // return would get a reachable end (CS0161 in a method with a result).
                        _lines.HeaderLine("while (true)", whileStatement);
                        WriteEmbedded(whileStatement.Statement);
                    }
                    else
                    {
                        _lines.HeaderLine($"while ({State} >= 0 || ({Print(whileStatement.Condition)}))", whileStatement);
                        WriteEmbedded(whileStatement.Statement);
                    }

                    break;
                case DoStatementSyntax doStatement:
                    Label(deeper, "loop_do");
                    _lines.Line("do");
                    WriteEmbedded(doStatement.Statement);
                    _lines.HeaderLine($"while ({Print(doStatement.Condition)});", doStatement);
                    break;
            }
        }

        /// <summary>
        /// A for loop's initializer, run only when not resuming: its live variables are the continuation's parameters;
        /// the others keep a declaration, in a block so their scope stays the loop's. True when a block was opened.
        /// </summary>
        private bool WriteForStart(ForStatementSyntax forStatement)
        {
            // Each assignment maps to what it comes from: the declaration, or the initializer expression.
            var assignments = new List<(string Text, SyntaxNode Origin)>();
            var scoped = false;
            if (forStatement.Declaration is { } declaration)
            {
                foreach (var variable in declaration.Variables)
                {
                    var symbol = _model.GetDeclaredSymbol(variable)!;
                    if (!_layout.IsLive(symbol))
                    {
                        if (!scoped) _lines.OpenBrace();
                        scoped = true;
                        var type = declaration.Type.IsVar ? VariableTypes.Display(symbol, _model) : declaration.Type.WithoutTrivia().ToString();
                        _lines.Line($"{type} {variable.Identifier.Text} = default!;");
                    }

                    if (variable.Initializer is { } initializer) assignments.Add(($"{_layout.NameOf(symbol)} = {Print(initializer.Value)};", declaration));
                }
            }

            assignments.AddRange(forStatement.Initializers.Select(i => (Print(i) + ";", (SyntaxNode)i)));
            if (assignments.Count == 0) return scoped;
            _lines.Line($"if ({State} < 0)");
            _lines.OpenBrace();
            foreach (var (text, origin) in assignments) _lines.MappedLine(text, origin);
            _lines.CloseBrace();
            return scoped;
        }

        /// <summary><c>{ spill; if (!condition) break; body }</c> as the synchronous path writes a loop whose condition awaits.</summary>
        private void WriteAwaitedConditionBody(StatementSyntax loop, SplitPoint split)
        {
            _lines.OpenBrace();
            InList(() =>
            {
                WriteSplit(split);
                if (_laterSpills.TryGetValue(loop, out var later)) foreach (var next in later) WriteSplit(next);
                _lines.HeaderLine($"if (!({Print(split.LoopCondition!)})) break;", loop);
                var body = FrameCollector.LoopBody(loop);
                WriteStatements(body is BlockSyntax block ? block.Statements : new[] { body });
            });
            _lines.CloseBrace();
        }

        private void WriteForEach(ForEachStatementSyntax forEach, ForEachLowering lowering, List<SplitPoint> deeper)
        {
            Label(deeper, "loop_foreach");
            var collection = Print(forEach.Expression);
            if (lowering.Shape == ForEachShape.Enumerator)
            {
                _lines.MappedLine($"if ({State} < 0) {lowering.StartAssignment(collection)}", forEach, ForEachPart.Collection);
            }
            else
            {
                _lines.Line($"if ({State} < 0)");
                _lines.OpenBrace();
                _lines.MappedLine(lowering.StartAssignment(collection), forEach, ForEachPart.Collection);
                _lines.Line($"{lowering.IndexVariable} = 0;");
                _lines.CloseBrace();
            }

            var dispose = lowering.DisposeStatement;
            if (dispose is not null)
            {
                _lines.Line("try");
                _lines.OpenBrace();
            }

            _lines.MappedLine(
                lowering.Shape == ForEachShape.Enumerator
                    ? $"while ({State} >= 0 || {lowering.EnumeratorVariable}.MoveNext())"
                    : $"for (; {State} >= 0 || {lowering.IndexVariable} < {lowering.CollectionVariable}.Length; {lowering.IndexVariable}++)",
                forEach,
                ForEachPart.MoveNext);
            _lines.OpenBrace();

            // The iteration variable before the dispatch: resuming, it is the live value handed over (or, not live there,
            // never read before it is... it cannot be written: a foreach variable is read-only, so then it is not read at all).
            var iteration = _model.GetDeclaredSymbol(forEach)!;
            _lines.MappedLine(
                _layout.IsLive(iteration)
                    ? $"if ({State} < 0) {_layout.NameOf(iteration)} = {lowering.CurrentValue};"
                    : $"{lowering.IterationType} {forEach.Identifier.Text} = {State} < 0 ? {lowering.CurrentValue} : default!;",
                forEach,
                ForEachPart.IterationVariable);
            InList(() => WriteStatements(forEach.Statement is BlockSyntax block ? block.Statements : new[] { forEach.Statement }));
            _lines.CloseBrace();
            if (dispose is null) return;
            _lines.CloseBrace();
            WriteFinally(dispose);
        }

        private void WriteTry(TryStatementSyntax tryStatement)
        {
            if (_lowering.Finally(tryStatement) is { } finallyLowering)
            {
                WriteTryWithAwaitingFinally(tryStatement, finallyLowering);
                return;
            }

            if (_lowering.AwaitingCatches(tryStatement).Any())
            {
                WriteTryWithAwaitingCatch(tryStatement, writeFinally: true);
                return;
            }

            WriteTryAndCatches(tryStatement);
            if (tryStatement.Finally is { } finallyClause) WriteFinallyClause(finallyClause);
        }

        /// <summary>The try block (a list with its own dispatch: C# allows a jump into a try block only from inside it) and the catch clauses as they are.</summary>
        private void WriteTryAndCatches(TryStatementSyntax tryStatement)
        {
            Label(ResumePointsIn(tryStatement.Block), "try");
            _lines.Line("try");
            _lines.OpenBrace();
            WriteList(tryStatement.Block.Statements);
            _lines.CloseBrace();
            foreach (var catchClause in tryStatement.Catches) SyntaxPrinter.PrintStatement(catchClause, _lines, Replace);
        }

        /// <summary>
        /// A try statement with a catch block that awaits, written out as the synchronous path writes it; resuming into a
        /// catch block, its caught exception is live state (the others are null), so the if/else chain picks that block.
        /// </summary>
        private void WriteTryWithAwaitingCatch(TryStatementSyntax tryStatement, bool writeFinally)
        {
            var lowered = _lowering.AwaitingCatches(tryStatement).ToList();
            foreach (var clause in lowered) HoistFilterVariables(clause);
            foreach (var clause in lowered)
            {
                var caught = _lowering.Caught(clause)!;
                if (_layout.IsSynthetic(caught)) Executable($"{caught} = null!;");
                else _lines.Line($"global::System.Exception {caught} = null!;");
            }

            var outerTry = writeFinally && tryStatement.Finally is not null;
            if (outerTry)
            {
                Label(ResumePointsIn(tryStatement).Where(s => !tryStatement.Finally!.Span.Contains(s.Await.Span)), "try");
                _lines.Line("try");
                _lines.OpenBrace();
            }

            void Pieces()
            {
                if (_beforeFirstLabel && !HoldsResumePoint(tryStatement.Block))
                {
                    // The top of the continuation, resuming in a catch block: the try runs on no path.
                }
                else if (HoldsResumePoint(tryStatement.Block))
                {
                    Label(ResumePointsIn(tryStatement.Block), "try");
                    _lines.Line("try");
                    _lines.OpenBrace();
                    WriteList(tryStatement.Block.Statements);
                    _lines.CloseBrace();
                }
                else
                {
                    _lines.Line("try");
                    SyntaxPrinter.PrintStatement(tryStatement.Block, _lines, Replace);
                }

                foreach (var clause in _beforeFirstLabel ? Enumerable.Empty<CatchClauseSyntax>() : tryStatement.Catches)
                {
                    if (!lowered.Contains(clause))
                    {
                        SyntaxPrinter.PrintStatement(clause, _lines, Replace);
                        continue;
                    }

                    var type = clause.Declaration is { } declaration ? declaration.Type.WithoutTrivia().ToString() : "global::System.Exception";
                    var name = clause.Declaration is { Identifier.RawKind: not 0 } named ? named.Identifier.Text : "__exception";
                    var filter = clause.Filter is { } when ? " " + SyntaxPrinter.PrintExpression(when, (node, printer) => ReplaceInFilter(clause, node, printer)) : string.Empty;
                    SyncPathWriter.WriteCatchStore(_lines, clause, $"catch ({type} {name}){filter}", $"{_lowering.Caught(clause)} = {name};");
                    _lines.CloseBrace();
                }

                var catchPoints = lowered.SelectMany(c => ResumePointsIn(c.Block)).ToList();
                if (catchPoints.Count > 0) Label(catchPoints, "catch");
                for (var i = 0; i < lowered.Count; i++)
                {
                    var clause = lowered[i];
                    var caught = _lowering.Caught(clause)!;
                    var last = i == lowered.Count - 1 && _lowering.OnlyCaughtFallThrough(tryStatement);
                    if (!last) _lines.Line($"{(i == 0 ? "if" : "else if")} ({caught} is not null)");
                    else if (i > 0) _lines.Line("else");
                    _lines.OpenBrace();
                    InList(() =>
                    {
                        if (clause.Declaration is { Identifier.RawKind: not 0 } declaration)
                        {
                            var type = declaration.Type.WithoutTrivia().ToString();
                            var exception = _model.GetDeclaredSymbol(declaration);
                            if (_layout.IsLive(exception))
                            {
                                // After the dispatch: resuming in the block, the live exception variable is handed over.
                                _lines.Line($"{_layout.NameOf(exception!)} = ({type}){caught}!;");
                            }
                            else
                            {
                                // Before the dispatch (in the block's preamble): a jump to a statement nested deeper in the block
                                // would skip a declaration after it, and the awaited operand there, or a statement the compiler
                                // sees on that path, reads the variable (CS0165). The caught exception is live state, so the
                                // value is the one the block had when it awaited; not being live, it is not read again unless
                                // written first.
                                _scopes.Peek().Preamble.Line($"{type} {declaration.Identifier.Text} = ({type}){caught}!;");
                            }
                        }

                        WriteStatements(clause.Block.Statements);
                    });
                    _lines.CloseBrace();
                }
            }

            if (!outerTry)
            {
                Pieces();
                return;
            }

            InList(Pieces);
            _lines.CloseBrace();
            WriteFinallyClause(tryStatement.Finally!);
        }

        /// <summary>
        /// A try statement whose finally awaits, written out as the synchronous path writes it (see FinallyLowering): the
        /// recorded exception and return are live state of every await in the finally, which runs as ordinary statements.
        /// </summary>
        private void WriteTryWithAwaitingFinally(TryStatementSyntax tryStatement, FinallyLowering lowering)
        {
            void Declare(string type, string name, string value)
            {
                if (_layout.IsSynthetic(name)) Executable($"{name} = {value};");
                else _lines.Line($"{type} {name} = {value};");
            }

            Declare("global::System.Exception", lowering.ErrorVariable, "null!");
            if (lowering.HasReturns)
            {
                Declare("var", lowering.PendingVariable, "false");
                if (lowering.ResultType is not null) Declare(lowering.ResultType, lowering.ReturnVariable, "default!");
            }

            var tryPoints = ResumePointsIn(tryStatement).Where(s => !tryStatement.Finally!.Span.Contains(s.Await.Span)).ToList();
            if (tryPoints.Count > 0) Label(tryPoints, "try");
            if (_beforeFirstLabel)
            {
                // The top of the continuation, resuming in the finally: the try runs on no path.
                WriteStatements(FinallyLowering.Statements(tryStatement.Finally!));
                WriteAfterFinally(tryStatement, lowering);
                return;
            }

            _lines.Line("try");
            _lines.OpenBrace();
            InList(() =>
            {
                if (_lowering.AwaitingCatches(tryStatement).Any())
                {
                    WriteTryWithAwaitingCatch(tryStatement, writeFinally: false);
                }
                else if (tryStatement.Catches.Count > 0)
                {
                    if (HoldsResumePoint(tryStatement.Block))
                    {
                        WriteTryAndCatches(tryStatement);
                    }
                    else
                    {
                        _lines.Line("try");
                        SyntaxPrinter.PrintStatement(tryStatement.Block, _lines, Replace);
                        foreach (var catchClause in tryStatement.Catches) SyntaxPrinter.PrintStatement(catchClause, _lines, Replace);
                    }
                }
                else
                {
                    WriteStatements(tryStatement.Block.Statements);
                }

                if (lowering.HasReturns) _lines.Line(lowering.EndLabel + ": ;");
            });
            _lines.CloseBrace();
            _lines.Line("catch (global::System.Exception __exception)");
            _lines.OpenBrace();
            _lines.Line($"{lowering.ErrorVariable} = __exception;");
            _lines.CloseBrace();
            WriteStatements(FinallyLowering.Statements(tryStatement.Finally!));
            WriteAfterFinally(tryStatement, lowering);
        }

        private void WriteAfterFinally(TryStatementSyntax tryStatement, FinallyLowering lowering)
        {
            if (_lowering.FinallyAround(tryStatement) is { } outer)
            {
                lowering.WriteAfterFinally(_lines, outer.RecordReturn, outer.RecordReturn(null));
                return;
            }

            lowering.WriteAfterFinally(_lines, value => $"return {value};", "return;");
        }

        private void WriteUsing(UsingStatementSyntax usingStatement, UsingLowering lowering, List<SplitPoint> deeper)
        {
            Label(deeper, "using");
            if (usingStatement.Declaration is { } declaration)
            {
                var resource = _model.GetDeclaredSymbol(declaration.Variables[0]);
                if (declaration.Variables.Count != 1 || declaration.Variables[0].Initializer is null || !_layout.IsLive(resource))
                {
                    NotCovered("a using statement declaring several resources, or one that is not live state");
                    return;
                }

                _lines.MappedLine($"if ({State} < 0) {_layout.NameOf(resource!)} = {Print(declaration.Variables[0].Initializer!.Value)};", declaration);
            }
            else
            {
                _lines.MappedLine($"if ({State} < 0) {lowering.ResourceVariable} = {Print(usingStatement.Expression!)};", usingStatement.Expression);
            }

            _lines.Line("try");
            _lines.OpenBrace();
            WriteList(usingStatement.Statement is BlockSyntax block ? block.Statements : new[] { usingStatement.Statement });
            _lines.CloseBrace();
            WriteFinally(DisposeStatement(lowering));
        }

        /// <summary><c>using var r = e;</c> and the rest of its block: the rest is the try, the finally disposes r.</summary>
        private void WriteUsingDeclaration(LocalDeclarationStatementSyntax declaration, UsingLowering lowering, IReadOnlyList<StatementSyntax> rest)
        {
            var spilled = false;
            if (_byStatement.TryGetValue(declaration, out var split))
            {
                WriteSplit(split);
                if (_laterSpills.TryGetValue(declaration, out var later)) foreach (var next in later) WriteSplit(next);
                spilled = true;
            }

            var points = ResumePointsIn(declaration).Where(s => !spilled || !OwnSplits(declaration).Contains(s)).Concat(rest.SelectMany(ResumePointsIn)).ToList();
            var variable = declaration.Declaration.Variables[0];
            var resource = _model.GetDeclaredSymbol(variable);
            if (points.Any(p => declaration.Span.Contains(p.Await.Span)) || declaration.Declaration.Variables.Count != 1 || variable.Initializer is null || !_layout.IsLive(resource))
            {
                NotCovered("a using declaration of several resources, or with an await inside its resource");
                return;
            }

            Label(points, "using");
            _lines.MappedLine($"if ({State} < 0) {_layout.NameOf(resource!)} = {Print(variable.Initializer.Value)};", declaration);
            _lines.Line("try");
            _lines.OpenBrace();
            WriteList(rest);
            _lines.CloseBrace();
            WriteFinally(DisposeStatement(lowering));
        }

        /// <summary>The disposal, naming a declared resource as the continuation does (renamed when another variable has its name).</summary>
        private string DisposeStatement(UsingLowering lowering)
            => lowering.Resource is { } resource && _layout.IsLive(resource) ? UsingLowering.DisposeOf(_layout.NameOf(resource)) : lowering.DisposeStatement;

        /// <summary>An async method's finally always runs (no hand-off to leave it to); a state machine's MoveNext skips it
        /// when it suspends (a resume point in the state).</summary>
        private void WriteFinally(string statement)
        {
            _lines.Line("finally");
            _lines.OpenBrace();
            _lines.Line($"if ({State} < 0) {statement}");
            _lines.CloseBrace();
        }

        /// <summary>
        /// A switch with resume points in some sections: the switch stays, those sections jump to copies of themselves
        /// written after it (a jump into a switch section from outside is not allowed), where the dispatch can reach them;
        /// their breaks jump past the copies. What the switch block scopes and a moved section needs is declared before the
        /// switch, as the compiler hoists it: a section's local another section uses, and the pattern variables of a moved
        /// section's labels (each such label jumps on its own, after storing its variables, <c>__switch0_s = s;</c>).
        /// </summary>
        private void WriteSwitch(SwitchStatementSyntax switchStatement)
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
