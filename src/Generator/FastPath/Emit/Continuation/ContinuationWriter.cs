using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Prewired.Generator.ContextGuard;
using Prewired.Generator.Emit;
using Prewired.Generator.MarkedMethods;
using Prewired.Generator.SharedRules;

namespace Prewired.Generator.FastPath
{
    /// <summary>
    /// Writes a method's one continuation (issue 19): the body printed once, as an async method, in the same structure as
    /// the synchronous path (<see cref="SyncPathWriter"/>: the same foreach, using, catch and finally lowerings), where each
    /// split await stores its awaitable in a slot before a label and awaits the slot after it, and every statement list
    /// that holds a resume point starts with a dispatch to it (<see cref="DispatchScope"/>). A statement that holds one
    /// steers into itself without evaluating its header when the continuation is resuming (<c>__state &gt;= 0</c>): a
    /// loop's condition, an if's, a for's initializer, a using's resource, a foreach's GetEnumerator are skipped, their
    /// values being the live state handed over. Once the await is reached the resume point is cleared, and the rest
    /// runs as the body does.
    /// </summary>
    internal sealed partial class ContinuationWriter
    {
        /// <summary>
        /// Why the continuation is compiled without nullable warnings: each resume point enters its statements past the
        /// tests that establish null states (an if's condition, a null check), on paths the compiler counts but that never
        /// run; the body method itself, which the compiler checks as the user wrote it, is where those warnings belong.
        /// </summary>
        public const string NullableWarningsReason = "the resume entries are paths the compiler sees but that never run; the body method is checked as written";

        private readonly CodeLines _root = new();
        private readonly IReadOnlyList<SplitPoint> _splits;
        private readonly Dictionary<SyntaxNode, SplitPoint> _byStatement;
        private readonly Dictionary<SyntaxNode, List<SplitPoint>> _laterSpills;
        private readonly Dictionary<SyntaxNode, string> _spilled;
        private readonly ContinuationLayout _layout;
        private readonly Lowering _lowering;
        private readonly SemanticModel _model;
        private readonly ILookup<string, ISymbol> _renamedByName;
        private readonly Stack<DispatchScope> _scopes = new();
        private CodeLines _lines;
        private int _labels;
        private int _patternVariables;
        private string? _notCovered;

        // Locals declared before a later label of their list: declared in the list's preamble, assigned in place.
        private readonly HashSet<ISymbol> _hoisted = new(SymbolEqualityComparer.Default);
        private readonly HashSet<string> _hoistedSpills = new(System.StringComparer.Ordinal);

        // Locals of the statements before the first that holds a resume point (not written), and those printed code names.
        private readonly List<ISymbol> _omitted = new();
        private readonly HashSet<ISymbol> _printedReferences = new(SymbolEqualityComparer.Default);
        private readonly HashSet<ISymbol> _printedReads = new(SymbolEqualityComparer.Default);

        // Only at the top of the continuation, before its first label: code there runs on no path (every path enters at a label).
        private bool _beforeFirstLabel;

        private ContinuationWriter(IReadOnlyList<SplitPoint> splits, ContinuationLayout layout, Lowering lowering, SemanticModel model)
        {
            _lines = _root;
            _splits = splits;
            _layout = layout;
            _lowering = lowering;
            _model = model;
            _byStatement = splits.Where(s => s.Statement is not null && s.SpillOrdinal == 0 && !s.IsConditionalPartner).ToDictionary(s => (SyntaxNode)s.Statement!, s => s);
            _laterSpills = splits.Where(s => s.SpillOrdinal > 0).GroupBy(s => (SyntaxNode)s.Statement!).ToDictionary(g => g.Key, g => g.OrderBy(s => s.SpillOrdinal).ToList());
            _spilled = splits.Where(s => s.Form == SplitForm.Spill && !s.IsConditionalPartner).ToDictionary(s => (SyntaxNode)s.Spilled, s => s.SpillVariable);
            _renamedByName = layout.Renamed.ToLookup(r => r.Key.Name, r => r.Key, System.StringComparer.Ordinal);
        }

        /// <summary>
        /// The statements of the continuation's state machine's Run (<see cref="ContinuationMachine"/>), or null for a shape
        /// the writer does not cover (<paramref name="notCovered"/> says which): the method then forwards to its body
        /// (PW0201). No exception signals it: the generator's own exceptions, even swallowed, are what the reliability
        /// suites look for.
        /// </summary>
        public static CodeLines? Write(MethodDeclarationSyntax method, IReadOnlyList<SplitPoint> splits, ContinuationLayout layout, Lowering lowering, SemanticModel model, out string? notCovered)
        {
            notCovered = null;
            var hasResult = model.GetDeclaredSymbol(method) is { } symbol && KnownTypes.ResultType(symbol.ReturnType) is not null;
            var writer = new ContinuationWriter(splits, layout, lowering, model) { _method = method, _suspendReturn = hasResult ? "return default!;" : "return;" };
            if (MachineBlocker(splits) is { } blocker)
            {
                notCovered = blocker;
                return null;
            }

            if (method.ExpressionBody is not null)
            {
                // An arrow body splits only when it is the await itself.
                var split = splits.Single();
                writer._beforeFirstLabel = true;
                var result = writer.WriteMachineAwait(split, testsSlot: false, operand: null);
                writer._lines.MappedLine(split.Form == SplitForm.Return ? $"return {result};" : result + ";", split.MappedTo);
                return writer._root;
            }

            writer.WriteTopLevel(method.Body!.Statements);
            notCovered = writer._notCovered;
            return notCovered is null ? writer._root : null;
        }

        /// <summary>Records the first shape not covered; writing goes on harmlessly and its output is dropped.</summary>
        private void NotCovered(string reason) => _notCovered ??= reason;

        /// <summary>
        /// The method's statements from the first that holds a resume point: nothing before it can run again. The locals
        /// those earlier statements declare and later ones use are declared first (the later ones assign them before reading:
        /// otherwise they would be live state), and the local functions they declare stay.
        /// </summary>
        private void WriteTopLevel(SyntaxList<StatementSyntax> statements)
        {
            var first = 0;
            while (first < statements.Count && !HoldsResumePoint(statements.Skip(first).Take(LoweringShapes.IsUsingDeclaration(statements[first]) ? statements.Count : 1))) first++;
            var omitted = statements.Take(first).ToList();
            foreach (var statement in omitted.Where(s => s is not LocalFunctionStatementSyntax))
            {
                // Locals of nested scopes cannot be referenced by the later statements: only printed references count.
                foreach (var node in statement.DescendantNodesAndSelf(n => !AwaitSites.IsNestedFunction(n)))
                {
                    if (node is VariableDeclaratorSyntax or SingleVariableDesignationSyntax && _model.GetDeclaredSymbol(node) is ILocalSymbol local && !_layout.IsLive(local)) _omitted.Add(local);
                }
            }

            _beforeFirstLabel = true;
            WriteList(statements.Skip(first).Where(s => s is not LocalFunctionStatementSyntax).ToList(), topLevel: true);
            var body = new CodeLines();
            body.Append(_root);
            _root.Clear();
            foreach (var local in _omitted.Where(_printedReferences.Contains))
            {
                // A default value: the later statements assign it before reading it when resumed, but their headers (skipped
                // when resuming) read it on paths the compiler cannot rule out.
                DeclareWithDefault(_root, VariableTypes.Display(local, _model), MethodShellParser.EscapedName(local.Name), _printedReads.Contains(local));
            }

            _root.Append(body);

            // The body's own local functions (they share no variable with it) that the continuation calls, directly or
            // through another, at its end; one it never calls would be CS8321. In a state machine's Run they reach the
            // instance through __this and must not capture it (ReplaceInMachine).
            var functions = statements.OfType<LocalFunctionStatementSyntax>().ToList();
            foreach (var function in LocalFunctions.Called(functions, _root.Code())) SyntaxPrinter.PrintStatement(function, _root, ReplaceInFunction);
        }

        /// <summary>A statement list in a scope of its own: its dispatch, then its statements.</summary>
        private void WriteList(IReadOnlyList<StatementSyntax> statements, bool topLevel = false) => InList(() => WriteStatements(statements), topLevel);

        private void WriteStatements(IReadOnlyList<StatementSyntax> statements)
        {
            Hoist(statements);
            for (var i = 0; i < statements.Count; i++)
            {
                var statement = statements[i];
                var rest = statements.Skip(i + 1).ToList();
                if (LoweringShapes.IsUsingDeclaration(statement) && rest.Any(HoldsResumePoint))
                {
                    WriteUsingDeclaration((LocalDeclarationStatementSyntax)statement, _lowering.Using(statement) ?? throw Unexpected(statement), rest);
                    return;
                }

                WriteStatement(statement);
            }
        }

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

        /// <summary>A statement that runs (not a declaration): nothing before the continuation's first label runs.</summary>
        private void Executable(string line)
        {
            if (!_beforeFirstLabel) _lines.Line(line);
        }

        private void WriteStatement(StatementSyntax statement)
        {
            // Before the continuation's first label nothing runs (the dispatch jumps past it): only what holds a resume point,
            // and the local functions of nested blocks, which are in scope in their whole block (the top level's are
            // declared at the continuation's end).
            if (_beforeFirstLabel && !HoldsResumePoint(statement) && statement is not LocalFunctionStatementSyntax) return;
            var spilled = false;
            if (_byStatement.TryGetValue(statement, out var split) && split.AwaitingLoop is null)
            {
                WriteSplit(split);
                if (split.Form != SplitForm.Spill) return;
                if (_laterSpills.TryGetValue(statement, out var later)) foreach (var next in later) WriteSplit(next);
                spilled = true;
            }

            var deeper = ResumePointsIn(statement).Where(s => !spilled || !OwnSplits(statement).Contains(s)).ToList();
            if (deeper.Count == 0)
            {
                if (statement is LocalDeclarationStatementSyntax declaration && declaration.Declaration.Variables.Any(v => Assigned(_model.GetDeclaredSymbol(v))))
                {
                    WriteLiveDeclaration(declaration);
                    return;
                }

                SyntaxPrinter.PrintStatement(statement, _lines, Replace);
                return;
            }

            switch (statement)
            {
                case BlockSyntax block:
                    Label(deeper, "block");
                    _lines.OpenBrace();
                    WriteList(block.Statements);
                    _lines.CloseBrace();
                    break;
                case ForStatementSyntax or WhileStatementSyntax or DoStatementSyntax:
                    WriteLoop(statement, deeper);
                    break;
                case ForEachStatementSyntax forEach:
                    WriteForEach(forEach, _lowering.ForEach(forEach) ?? throw Unexpected(statement), deeper);
                    break;
                case TryStatementSyntax tryStatement:
                    WriteTry(tryStatement);
                    break;
                case UsingStatementSyntax usingStatement:
                    WriteUsing(usingStatement, _lowering.Using(usingStatement) ?? throw Unexpected(statement), deeper);
                    break;
                case IfStatementSyntax ifStatement:
                    Label(deeper, "if");
                    WriteIf(ifStatement, "if");
                    break;
                case SwitchStatementSyntax switchStatement:
                    WriteSwitch(switchStatement);
                    break;
                default:
                    throw Unexpected(statement);
            }
        }

        /// <summary><c>var a = 1, b = F();</c> where a or b is live state or hoisted: those are assigned.</summary>
        private void WriteLiveDeclaration(LocalDeclarationStatementSyntax declaration)
        {
            if (declaration.UsingKeyword.RawKind != 0 || declaration.AwaitKeyword.RawKind != 0) NotCovered("a live using declaration");
            foreach (var variable in declaration.Declaration.Variables)
            {
                var symbol = _model.GetDeclaredSymbol(variable)!;
                if (Assigned(symbol))
                {
                    if (variable.Initializer is { } initializer && !_beforeFirstLabel) _lines.MappedLine($"{AssignedName(symbol)} = {Print(initializer.Value)};", declaration);
                    continue;
                }

                var type = declaration.Declaration.Type.IsVar ? VariableTypes.Display(symbol, _model) : declaration.Declaration.Type.WithoutTrivia().ToString();
                _lines.MappedLine(variable.Initializer is { } value ? $"{type} {variable.Identifier.Text} = {Print(value.Value)};" : $"{type} {variable.Identifier.Text};", declaration);
            }
        }

        /// <summary>The splits of the statement's own awaits (spilled before it, in order).</summary>
        private IEnumerable<SplitPoint> OwnSplits(SyntaxNode statement)
        {
            if (!_byStatement.TryGetValue(statement, out var split)) yield break;
            yield return split;
            if (split.ConditionalPartner is { } partner) yield return partner;
            if (_laterSpills.TryGetValue(statement, out var later))
            {
                foreach (var next in later)
                {
                    yield return next;
                    if (next.ConditionalPartner is { } laterPartner) yield return laterPartner;
                }
            }
        }

        /// <summary>The resume points inside <paramref name="node"/>, in order.</summary>
        private List<SplitPoint> ResumePointsIn(SyntaxNode node) => _splits.Where(s => node.Span.Contains(s.Await.Span)).ToList();

        private bool HoldsResumePoint(SyntaxNode node) => _splits.Any(s => node.Span.Contains(s.Await.Span));

        private bool HoldsResumePoint(IEnumerable<StatementSyntax> statements) => statements.Any(HoldsResumePoint);

        /// <summary>Writes a label for a statement that holds resume points and tells the enclosing list's dispatch about it.</summary>
        private string Label(IEnumerable<SplitPoint> points, string construct)
        {
            var label = $"__{construct}{_labels++}";
            var scope = _scopes.Peek();
            if (_lines.Count == 0) scope.FirstLabel = label;
            foreach (var point in points) scope.Add(point.Index, label, arrivingState: null, AwaitText(point));
            _lines.Line(label + ":");
            _beforeFirstLabel = false;
            return label;
        }

        /// <summary>The resume label of an await itself, where its dispatch clears the resume point.</summary>
        private void ResumeLabel(SplitPoint split, bool testsSlot)
        {
            var label = "__resume" + split.Index;
            var scope = _scopes.Peek();
            if (_lines.Count == 0) scope.FirstLabel = label;
            scope.Add(split.Index, label, testsSlot ? ContinuationLayout.ArrivingState : -1, AwaitText(split));
            _lines.Line(label + ":");
            _beforeFirstLabel = false;
        }

        private static string AwaitText(SplitPoint split) => new AwaitSite(split.Await).Display.Replace('\n', ' ').Replace('\r', ' ');

        /// <summary>
        /// True when resuming into <paramref name="inside"/> (a range of resume points of the statement being entered):
        /// the statement was entered while resuming only if its point is in it, so one branch's test is enough.
        /// </summary>
        private static string Resuming(IReadOnlyList<SplitPoint> inside, IReadOnlyList<SplitPoint> all)
        {
            const string state = ContinuationLayout.StateParameter;
            if (inside.Count == all.Count) return $"{state} >= 0";
            var indexes = inside.Select(s => s.Index).OrderBy(i => i).ToList();
            if (indexes.Count == 1) return $"{state} == {indexes[0]}";
            return indexes[indexes.Count - 1] - indexes[0] == indexes.Count - 1
                ? $"{state} >= {indexes[0]} && {state} <= {indexes[indexes.Count - 1]}"
                : string.Join(" || ", indexes.Select(i => $"{state} == {i}"));
        }

        private void WriteIf(IfStatementSyntax ifStatement, string keyword)
        {
            var all = ResumePointsIn(ifStatement).Where(s => !OwnSplits(ifStatement).Contains(s)).ToList();
            var then = all.Where(s => ifStatement.Statement.Span.Contains(s.Await.Span)).ToList();
            var condition = Print(ifStatement.Condition);
            var declared = then.Count == 0 ? new List<string>() : DeclaredInCondition(ifStatement.Condition);
            var test = declared.Count > 0 ? ResumingIntoBranchThatDeclares(condition, declared, then, all)
                : then.Count == all.Count ? $"{ContinuationLayout.StateParameter} >= 0 || ({condition})"
                : then.Count == 0 ? $"{ContinuationLayout.StateParameter} < 0 && ({condition})"
                : $"{Resuming(then, all)} || {ContinuationLayout.StateParameter} < 0 && ({condition})";
            _lines.HeaderLine($"{keyword} ({test})", ifStatement);
            WriteEmbedded(ifStatement.Statement);
            if (ifStatement.Else is null) return;
            if (ifStatement.Else.Statement is IfStatementSyntax elseIf && !_byStatement.ContainsKey(elseIf))
            {
                if (HoldsResumePoint(elseIf))
                {
                    WriteIf(elseIf, "else if");
                }
                else
                {
                    _lines.Line("else");
                    WriteEmbedded(elseIf);
                }

                return;
            }

            _lines.Line("else");
            WriteEmbedded(ifStatement.Else.Statement);
        }

        /// <summary>
        /// The pattern and out variables <paramref name="condition"/> declares (outside lambdas) that the continuation
        /// declares there too: live ones are its parameters and hoisted ones its preamble's, both assigned as written.
        /// </summary>
        private List<string> DeclaredInCondition(ExpressionSyntax condition) =>
            condition.DescendantNodesAndSelf(n => !AwaitSites.IsNestedFunction(n)).OfType<SingleVariableDesignationSyntax>()
                .Select(d => _model.GetDeclaredSymbol(d)).OfType<ILocalSymbol>().Where(local => !Assigned(local))
                .Select(local => MethodShellParser.EscapedName(local.Name)).ToList();

        /// <summary>
        /// The test of an if whose condition declares variables and whose branch holds resume points. Resuming there skips
        /// the condition, but the branch's statements before the resume label (the awaited expression, say) may read those
        /// variables: never when resuming (the dispatch jumps past them), but the compiler cannot tell, and
        /// '__state &gt;= 0 || (x is T y)' leaves 'y' unassigned (CS0165). So when resuming each gets a default value instead:
        /// '__state &lt; 0 ? (x is T y) : (y = default!) is var _', true with 'y' definitely assigned.
        /// </summary>
        private static string ResumingIntoBranchThatDeclares(string condition, List<string> declared, IReadOnlyList<SplitPoint> then, IReadOnlyList<SplitPoint> all)
        {
            const string state = ContinuationLayout.StateParameter;
            var defaults = string.Join(" && ", declared.Select(name => $"({name} = default!) is var _"));
            var resuming = then.Count == all.Count ? defaults : $"({Resuming(then, all)}) && {defaults}";
            return $"{state} < 0 ? ({condition}) : {resuming}";
        }

        /// <summary>An embedded statement in braces, as a list of its own (its resume points need a dispatch inside it).</summary>
        private void WriteEmbedded(StatementSyntax statement)
        {
            if (!HoldsResumePoint(statement))
            {
                SyntaxPrinter.PrintStatement(statement, _lines, Replace);
                return;
            }

            _lines.OpenBrace();
            WriteList(statement is BlockSyntax block ? block.Statements : new[] { statement });
            _lines.CloseBrace();
        }

        private void WriteSplit(SplitPoint split)
        {
            if (split.Conditional is not null)
            {
                WriteConditionalSplit(split);
                return;
            }

            WriteAwait(split, declareSpill: true);
        }

        /// <summary>The same if/else as the synchronous path writes, steered into the branch that awaits when resuming there.</summary>
        private void WriteConditionalSplit(SplitPoint split)
        {
            var conditional = split.Conditional!;
            var temporary = split.SpillVariable;
            var firstOperand = ConditionalSpill.First(conditional);
            var otherBranch = ConditionalSpill.OtherBranch(conditional, split.ConditionalKind); // the value of ?: that does not await
            var first = Print(firstOperand);
            var points = new List<SplitPoint> { split };
            if (split.ConditionalPartner is { } partnerPoint) points.Add(partnerPoint);
            Label(points, "conditional");
            if (!_layout.IsSynthetic(temporary) && !_hoistedSpills.Contains(temporary)) _lines.Line($"{split.ConditionalTypeName} {temporary};");
            void Awaited(SplitPoint point, string? target)
            {
                _lines.OpenBrace();
                InList(() => WriteAwait(point, declareSpill: false, target: target));
                _lines.CloseBrace();
            }

            // A value of the body's (the other branch of ?:) maps to it; true, false and the tested left operand are hidden.
            void Assign(string value, SyntaxNode? origin = null)
            {
                _lines.OpenBrace();
                _lines.MappedLine($"{temporary} = {value};", origin);
                _lines.CloseBrace();
            }

            const string state = ContinuationLayout.StateParameter;
            if (split.ConditionalPartner is { } partner)
            {
                _lines.MappedLine($"if ({state} == {split.Index} || {state} < 0 && ({first}))", firstOperand);
                Awaited(split, null);
                _lines.Line("else");
                Awaited(partner, temporary);
                return;
            }

            // When resuming, the branch that awaits is taken without testing the operand tested first.
            switch (split.ConditionalKind)
            {
                case ConditionalSpillKind.And:
                case ConditionalSpillKind.ConditionalWhenTrue:
                    _lines.MappedLine($"if ({state} >= 0 || ({first}))", firstOperand);
                    Awaited(split, null);
                    _lines.Line("else");
                    Assign(split.ConditionalKind == ConditionalSpillKind.And ? "false" : Print(otherBranch!), otherBranch);
                    break;
                case ConditionalSpillKind.Or:
                    _lines.MappedLine($"if ({state} < 0 && ({first}))", firstOperand);
                    Assign("true");
                    _lines.Line("else");
                    Awaited(split, null);
                    break;
                case ConditionalSpillKind.Coalesce:
                    var left = "__left" + split.Index;
                    _lines.MappedLine($"if ({state} < 0 && ({first}) is {{ }} {left})", firstOperand);
                    Assign(left);
                    _lines.Line("else");
                    Awaited(split, null);
                    break;
                default:
                    _lines.MappedLine($"if ({state} < 0 && ({first}))", firstOperand);
                    Assign(Print(otherBranch!), otherBranch);
                    _lines.Line("else");
                    Awaited(split, null);
                    break;
            }
        }

        /// <summary>
        /// The await at its resume point (<see cref="WriteMachineAwait"/>), then the statement's own use of its result: the pass
        /// that arrives from the dispatch takes the awaiter the synchronous path handed over, every later pass evaluates the
        /// operand in place, as the body does.
        /// </summary>
        private void WriteAwait(SplitPoint split, bool declareSpill, string? target = null)
        {
            // An operand that reads a local the dispatch's jump skips the declaration of (a catch variable, a local declared
            // before the await in its block) would not compile after the label (CS0165): its awaiter is stored before the label.
            var testsSlot = !_beforeFirstLabel && OperandReadsOnlyAssigned(split.Await.Expression);
            // Printed only where it is written: printing records the locals it reads (CS0219 on a preamble's declaration
            // of a variable that only the unprinted operand reads).
            var operand = _beforeFirstLabel ? null : Print(split.Await.Expression);
            var awaited = WriteMachineAwait(split, testsSlot, operand);

            switch (split.Form)
            {
                case SplitForm.Return when split.Statement is not null && _lowering.FinallyAround(split.Statement) is { } finallyLowering:
                    _lines.MappedLine(finallyLowering.RecordReturn(awaited), split.MappedTo);
                    break;
                case SplitForm.Return:
                    _lines.MappedLine($"return {awaited};", split.MappedTo);
                    break;
                case SplitForm.Declare:
                    var declaration = ((LocalDeclarationStatementSyntax)split.Statement!).Declaration;
                    var declared = _model.GetDeclaredSymbol(declaration.Variables[0]);
                    _lines.MappedLine(Assigned(declared)
                        ? $"{AssignedName(declared!)} = {awaited};"
                        : $"{declaration.Type.WithoutTrivia()} {declaration.Variables[0].Identifier.Text} = {awaited};", split.MappedTo);
                    break;
                case SplitForm.Assign:
                    var assignment = (AssignmentExpressionSyntax)((ExpressionStatementSyntax)split.Statement!).Expression;
                    _lines.MappedLine($"{Print(assignment.Left)} = {awaited};", split.MappedTo);
                    break;
                case SplitForm.Spill:
                    var name = target ?? split.SpillVariable;
                    var declare = declareSpill && target is null && !_layout.IsSynthetic(name) && !_hoistedSpills.Contains(name);
                    _lines.MappedLine($"{(declare ? (split.ConditionalTypeName ?? "var") + " " : string.Empty)}{name} = {awaited};", split.MappedTo);
                    break;
                default:
                    // A conditional of two void awaits is not an expression: the same test as a statement.
                    _lines.MappedLine(awaited + ";", split.MappedTo);
                    break;
            }
        }

        private bool Replace(SyntaxNode node, SyntaxPrinter printer)
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
        /// needs C# 10 (not covered before).
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
                        if (tuple.SyntaxTree.Options is CSharpParseOptions { LanguageVersion: < LanguageVersion.CSharp10 })
                        {
                            NotCovered("a deconstruction declaring live state and other variables, before C# 10");
                        }

                        printer.Write("var " + single.Identifier.Text);
                        break;
                    default:
                        printer.Write("_");
                        break;
                }
            }

            printer.Write(")");
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
            var sets = string.Join(" && ", live.Select(d => $"global::Prewired.CompilerServices.PatternVariable.Set(out {AssignedName(_model.GetDeclaredSymbol(d)!)}, {renamed[d]})"));
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
        private bool ReplaceInFilter(CatchClauseSyntax clause, SyntaxNode node, SyntaxPrinter printer)
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

        private string Print(SyntaxNode node) => SyntaxPrinter.PrintExpression(node, Replace);

        private static System.InvalidOperationException Unexpected(SyntaxNode statement)
            => new("Unexpected statement around a split await: " + statement.Kind());
    }
}
