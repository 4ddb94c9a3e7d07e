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
    internal sealed partial class ContinuationWriter : LoweredBodyWalker
    {
        /// <summary>
        /// Why the continuation is compiled without nullable warnings: each resume point enters its statements past the
        /// tests that establish null states (an if's condition, a null check), on paths the compiler counts but that never
        /// run; the body method itself, which the compiler checks as the user wrote it, is where those warnings belong.
        /// </summary>
        public const string NullableWarningsReason = "the resume entries are paths the compiler sees but that never run; the body method is checked as written";

        // The whole continuation (_lines is the list being written).
        private readonly CodeLines _root;
        private readonly ContinuationLayout _layout;
        private readonly SemanticModel _model;
        private readonly ILookup<string, ISymbol> _renamedByName;
        private readonly Stack<DispatchScope> _scopes = new();
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
            : base(new CodeLines(), splits, lowering)
        {
            _root = _lines;
            _layout = layout;
            _model = model;
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

        protected override void BeginList(IReadOnlyList<StatementSyntax> statements) => Hoist(statements);

        /// <summary>A statement that runs (not a declaration): nothing before the continuation's first label runs.</summary>
        private void Executable(string line)
        {
            if (!_beforeFirstLabel) _lines.Line(line);
        }

        /// <summary>
        /// Before the continuation's first label nothing runs (the dispatch jumps past it): only what holds a resume point,
        /// and the local functions of nested blocks, which are in scope in their whole block (the top level's are declared
        /// at the continuation's end).
        /// </summary>
        protected override bool Skips(StatementSyntax statement) => _beforeFirstLabel && !HoldsResumePoint(statement) && statement is not LocalFunctionStatementSyntax;

        protected override IReadOnlyList<SplitPoint> SplitsInside(StatementSyntax statement, bool spilled)
            => ResumePointsIn(statement).Where(s => !spilled || !OwnSplits(statement).Contains(s)).ToList();

        protected override bool HoldsSplit(SyntaxNode node) => HoldsResumePoint(node);

        protected override void WriteWhole(StatementSyntax statement)
        {
            if (statement is LocalDeclarationStatementSyntax declaration && declaration.Declaration.Variables.Any(v => Assigned(_model.GetDeclaredSymbol(v))))
            {
                WriteLiveDeclaration(declaration);
                return;
            }

            SyntaxPrinter.PrintStatement(statement, _lines, Replace);
        }

        /// <summary>A construct that holds resume points: the label its list's dispatch jumps to.</summary>
        protected override void EnterResumePoints(IReadOnlyList<SplitPoint> points, string construct) => Label(points, construct);

        /// <summary>A block's statements: a list with its own dispatch.</summary>
        protected override void WriteBlockStatements(IReadOnlyList<StatementSyntax> statements) => WriteList(statements);

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

        /// <summary>
        /// <paramref name="condition"/> in parentheses, unless it already is one parenthesized expression (a pattern whose
        /// live variables are assigned is printed so): no <c>((...))</c> for the reviewer to count. Parsed, not scanned, so
        /// a parenthesis inside a literal cannot mislead it.
        /// </summary>
        private static string Grouped(string condition)
            => SyntaxFactory.ParseExpression(condition) is ParenthesizedExpressionSyntax { ContainsDiagnostics: false } whole
               && whole.FullSpan.Length == condition.Length
                ? condition
                : $"({condition})";

        protected override void WriteIf(IfStatementSyntax ifStatement, string keyword)
        {
            var all = ResumePointsIn(ifStatement).Where(s => !OwnSplits(ifStatement).Contains(s)).ToList();
            var then = all.Where(s => ifStatement.Statement.Span.Contains(s.Await.Span)).ToList();
            var condition = Print(ifStatement.Condition);
            var declared = then.Count == 0 ? new List<string>() : DeclaredInCondition(ifStatement.Condition);
            var test = declared.Count > 0 ? ResumingIntoBranchThatDeclares(condition, declared, then, all)
                : then.Count == all.Count ? $"{ContinuationLayout.StateParameter} >= 0 || {Grouped(condition)}"
                : then.Count == 0 ? $"{ContinuationLayout.StateParameter} < 0 && {Grouped(condition)}"
                : $"{Resuming(then, all)} || {ContinuationLayout.StateParameter} < 0 && {Grouped(condition)}";
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

    }
}
