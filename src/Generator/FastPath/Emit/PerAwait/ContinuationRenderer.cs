using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Prewired.Generator.Emit;
using Prewired.Generator.SharedRules;

namespace Prewired.Generator.FastPath
{
    /// <summary>
    /// Writes a continuation from the inside out: the await, then each frame around what is written so far (the rest of
    /// a block in its own braces so its locals keep their scope, a loop run on from the next iteration, the same try
    /// with its catch clauses and finally, a finally disposing a resource or an enumerator).
    /// </summary>
    internal sealed class ContinuationRenderer
    {
        private readonly SplitPoint _split;
        private readonly List<ContinuationFrame> _frames;
        private readonly Dictionary<SyntaxNode, string> _jumps;
        private readonly SemanticModel _model;

        public ContinuationRenderer(SplitPoint split, List<ContinuationFrame> frames, Dictionary<SyntaxNode, string> jumps, SemanticModel model)
        {
            _split = split;
            _frames = frames;
            _jumps = jumps;
            _model = model;
        }

        public void Render(string awaitStatement)
        {
            var part = new Part(new CodeLines(), isBlock: false);
            part.Lines.MappedLine(awaitStatement, _split.MappedTo);

            // A spilled await: the later awaits of its statement, then the statement, reading the temporaries.
            foreach (var later in _split.LaterSpills)
            {
                part.Lines.Line($"var {later.SpillVariable} = await {SyntaxPrinter.PrintExpression(later.Await.Expression)};");
            }

            if (_split.AwaitingLoop is { } loop)
            {
                // The rest of the iteration the awaited condition tests; the loop frame (frames[0]) runs the loop on after it.
                part.Lines.Line($"if (!({SyntaxPrinter.PrintExpression(_split.LoopCondition!, ReplaceJumps)})) goto {_frames[0].BreakLabel};");
                SyntaxPrinter.PrintStatement(FrameCollector.LoopBody(loop), part.Lines, ReplaceJumps);
            }
            else if (_split.Form == SplitForm.Spill)
            {
                SyntaxPrinter.PrintStatement(_split.Statement!, part.Lines, ReplaceJumps);
            }

            for (var i = 0; i < _frames.Count; i++) part = Wrap(_frames[i], i == 0 ? null : _frames[i - 1], part);
            WriteDeclarations(_split.Continuation, scope: null);
            _split.Continuation.Append(part.Lines);

            // The body's own local functions (they share no variable with it) that this continuation calls, directly or
            // through another: in scope in the whole continuation, as in the body.
            if (_frames.FirstOrDefault(f => f.IsMethodBody)?.Container is { } methodBody)
            {
                foreach (var function in LocalFunctions.Called(LocalFunctions.TopLevel(methodBody).ToList(), _split.Continuation.Code()))
                {
                    SyntaxPrinter.PrintStatement(function, _split.Continuation);
                }
            }
        }

        /// <summary>Generated lines and whether they are exactly one block (a try needs a block; a fragment gets braces).</summary>
        private sealed class Part
        {
            public Part(CodeLines lines, bool isBlock)
            {
                Lines = lines;
                IsBlock = isBlock;
            }

            public CodeLines Lines { get; }

            public bool IsBlock { get; }
        }

        private Part Wrap(ContinuationFrame frame, ContinuationFrame? innerFrame, Part inner)
        {
            var lines = new CodeLines();
            switch (frame.Kind)
            {
                case FrameKind.Block:
                case FrameKind.SwitchSection:
                    if (!frame.IsMethodBody)
                    {
                        lines.OpenBrace();
                        WriteDeclarations(lines, frame.Container);
                    }

                    foreach (var _ in frame.UsingDeclarations) OpenTry(lines);
                    lines.Append(inner.Lines);
                    if (frame.RestReached)
                    {
                        // The method's local functions are declared once, at the continuation's end (see Render).
                        foreach (var statement in frame.Rest.Where(s => !(frame.IsMethodBody && s is LocalFunctionStatementSyntax))) SyntaxPrinter.PrintStatement(statement, lines, ReplaceJumps);
                    }

                    if (!frame.IsMethodBody)
                    {
                        // A nested block's local functions declared before the await are in scope after it too: those the
                        // continuation calls are declared again (one it never calls would be CS8321).
                        var statements = frame.Container is BlockSyntax block ? block.Statements : frame.Container is SwitchSectionSyntax section ? section.Statements : default;
                        var earlier = statements.OfType<LocalFunctionStatementSyntax>().Where(f => !frame.Rest.Contains(f)).ToList();
                        foreach (var function in LocalFunctions.Called(earlier, lines.Code())) SyntaxPrinter.PrintStatement(function, lines);
                    }

                    for (var u = frame.UsingDeclarations.Count - 1; u >= 0; u--)
                    {
                        var resource = MethodShellParserName(frame.UsingDeclarations[u].Declaration.Variables[0].Identifier.ValueText);
                        CloseTryWithFinally(lines, $"global::Prewired.CompilerServices.Disposal.Dispose(ref {resource});");
                    }

                    if (frame.IsMethodBody) return new Part(lines, isBlock: false);
                    lines.CloseBrace();
                    if (frame.BreakLabel is null) return new Part(lines, isBlock: true);
                    lines.Line(frame.BreakLabel + ": ;");
                    return new Part(lines, isBlock: false);

                case FrameKind.Loop:
                case FrameKind.ForEach:
                    lines.OpenBrace();
                    WriteDeclarations(lines, frame.Container);
                    var disposal = frame.ForEach?.DisposeStatement;
                    if (disposal is not null) OpenTry(lines);
                    AppendCurrentIteration(lines, frame, innerFrame, inner);
                    if (frame.ContinueLabel is not null) lines.Line(frame.ContinueLabel + ": ;");
                    if (frame.TailReached) WriteRestOfLoop(lines, frame);
                    if (frame.BreakLabel is not null) lines.Line(frame.BreakLabel + ": ;");
                    if (disposal is not null) CloseTryWithFinally(lines, disposal);
                    lines.CloseBrace();
                    return new Part(lines, isBlock: true);

                case FrameKind.Try:
                    var tryStatement = (TryStatementSyntax)frame.Container;
                    lines.Line("try");
                    AppendAsBlock(lines, inner);
                    foreach (var catchClause in tryStatement.Catches) SyntaxPrinter.PrintStatement(catchClause, lines, ReplaceJumps);
                    if (tryStatement.Finally is { } finallyClause) SyntaxPrinter.PrintStatement(finallyClause, lines, ReplaceJumps);
                    return new Part(lines, isBlock: false);

                case FrameKind.Finally:
                    lines.OpenBrace();
                    WriteDeclarations(lines, frame.Container);
                    lines.Append(inner.Lines);
                    if (frame.TailReached) frame.Finally!.WriteAfterFinally(lines, value => $"return {value};", "return;");
                    lines.CloseBrace();
                    return new Part(lines, isBlock: true);

                case FrameKind.Catch:
                    // The rest of the catch block, no longer inside the catch: the try statement's finally still follows it.
                    lines.OpenBrace();
                    WriteDeclarations(lines, frame.Container);
                    if (((TryStatementSyntax)frame.Container.Parent!).Finally is { } ownFinally)
                    {
                        lines.Line("try");
                        AppendAsBlock(lines, inner);
                        SyntaxPrinter.PrintStatement(ownFinally, lines, ReplaceJumps);
                    }
                    else
                    {
                        lines.Append(inner.Lines);
                    }

                    lines.CloseBrace();
                    return new Part(lines, isBlock: true);

                default: // FrameKind.Using
                    lines.OpenBrace();
                    WriteDeclarations(lines, frame.Container);
                    lines.Line("try");
                    AppendAsBlock(lines, inner);
                    lines.Line("finally");
                    lines.OpenBrace();
                    lines.Line(frame.Using!.DisposeStatement);
                    lines.CloseBrace();
                    lines.CloseBrace();
                    return new Part(lines, isBlock: true);
            }
        }

        /// <summary>
        /// The rest of the current iteration, in a scope of its own unless it already is the body's block: the next
        /// iterations declare the body's variables (and a foreach variable) again.
        /// </summary>
        private void AppendCurrentIteration(CodeLines lines, ContinuationFrame frame, ContinuationFrame? innerFrame, Part inner)
        {
            var body = FrameCollector.LoopBody(frame.Container);
            if (innerFrame is not null && innerFrame.Kind == FrameKind.Block && innerFrame.Container == body)
            {
                lines.Append(inner.Lines);
                return;
            }

            lines.OpenBrace();
            WriteDeclarations(lines, body);
            lines.Append(inner.Lines);
            lines.CloseBrace();
        }

        /// <summary>The loop again from the next iteration, as ordinary async code: for runs its incrementors first.</summary>
        private void WriteRestOfLoop(CodeLines lines, ContinuationFrame frame)
        {
            StatementSyntax body;
            switch (frame.Container)
            {
                case ForStatementSyntax forStatement:
                    foreach (var incrementor in forStatement.Incrementors) lines.Line(SyntaxPrinter.PrintExpression(incrementor) + ";");
                    var condition = forStatement.Condition is null ? string.Empty : " " + SyntaxPrinter.PrintExpression(forStatement.Condition);
                    var incrementors = string.Join(", ", forStatement.Incrementors.Select(i => SyntaxPrinter.PrintExpression(i)));
                    lines.Line($"for (;{condition};{(incrementors.Length > 0 ? " " + incrementors : string.Empty)})");
                    body = forStatement.Statement;
                    break;
                case WhileStatementSyntax whileStatement:
                    lines.Line($"while ({SyntaxPrinter.PrintExpression(whileStatement.Condition)})");
                    body = whileStatement.Statement;
                    break;
                case DoStatementSyntax doStatement:
                    if (FrameReachability.IsConstantFalseDo(doStatement, _model)) return;
                    lines.Line($"while ({SyntaxPrinter.PrintExpression(doStatement.Condition)})");
                    body = doStatement.Statement;
                    break;
                default:
                    var forEach = frame.ForEach!;
                    lines.Line(forEach.Header(first: false));
                    lines.OpenBrace();
                    lines.Line(forEach.IterationDeclaration);
                    SyntaxPrinter.PrintStatement(forEach.Statement.Statement, lines, ReplaceRethrow);
                    lines.CloseBrace();
                    return;
            }

            PrintEmbedded(lines, body);
        }

        private void PrintEmbedded(CodeLines lines, StatementSyntax body)
        {
            if (body is BlockSyntax)
            {
                SyntaxPrinter.PrintStatement(body, lines, ReplaceRethrow);
                return;
            }

            lines.Indent++;
            SyntaxPrinter.PrintStatement(body, lines, ReplaceRethrow);
            lines.Indent--;
        }

        private static void AppendAsBlock(CodeLines lines, Part inner)
        {
            if (inner.IsBlock)
            {
                lines.Append(inner.Lines);
                return;
            }

            lines.OpenBrace();
            lines.Append(inner.Lines);
            lines.CloseBrace();
        }

        private static void OpenTry(CodeLines lines)
        {
            lines.Line("try");
            lines.OpenBrace();
        }

        private static void CloseTryWithFinally(CodeLines lines, string statement)
        {
            lines.CloseBrace();
            lines.Line("finally");
            lines.OpenBrace();
            lines.Line(statement);
            lines.CloseBrace();
        }

        private bool ReplaceJumps(SyntaxNode node, SyntaxPrinter printer)
        {
            if (_split.Conditional is not null && LoweredBodyReplacements.BeforeNullForgiving(node) == _split.Conditional)
            {
                printer.Write(_split.SpillVariable);
                return true;
            }

            if (_split.Form == SplitForm.Spill && LoweredBodyReplacements.BeforeNullForgiving(node) is AwaitExpressionSyntax awaited && SpillOf(awaited) is { } temporary)
            {
                printer.Write(temporary);
                return true;
            }

            if (ReplaceRethrow(node, printer)) return true;
            if (!_jumps.TryGetValue(node, out var label)) return false;
            printer.Write($"goto {label};");
            return true;
        }

        /// <summary>A rethrow in a catch block the continuation runs outside its catch clause (also in the copies of a loop
        /// inside that block that run the loop on).</summary>
        private bool ReplaceRethrow(SyntaxNode node, SyntaxPrinter printer)
        {
            if (node is not ThrowStatementSyntax { Expression: null } rethrow || Lowering.CatchOf(rethrow) is not { } catchClause
                || _frames.FirstOrDefault(f => f.Kind == FrameKind.Catch && f.Container == catchClause)?.CaughtVariable is not { } caught)
            {
                return false;
            }

            printer.Write(Lowering.Rethrow(caught));
            return true;
        }

        /// <summary>The temporary of a spilled await of this split's statement (itself, an earlier or a later one).</summary>
        private string? SpillOf(AwaitExpressionSyntax awaited)
            => awaited == _split.Await ? _split.SpillVariable
                : _split.LaterSpills.Concat(_split.EarlierSpills).FirstOrDefault(s => s.Await == awaited)?.SpillVariable;

        private static string MethodShellParserName(string name) => MarkedMethods.MethodShellParser.EscapedName(name);

        /// <summary>
        /// Declares, at the start of the part for <paramref name="scope"/>, the variables of its scope the continuation needs:
        /// those it writes before reading (plain locals) and live ones renamed to avoid a clash with a sibling scope.
        /// Variables of the method's own scope (or of none of the frames) go at the top of the continuation.
        /// </summary>
        private void WriteDeclarations(CodeLines lines, SyntaxNode? scope)
        {
            foreach (var variable in _split.DeclaredInContinuation.Where(v => _split.ScopeOf(v) == scope))
            {
                // Only constants stored and never read here (the method reads it on another path): CS0219 would be the copy's
                // warning, not the user's.
                var writeOnly = _split.WriteOnlyInContinuation.Contains(variable, SymbolEqualityComparer.Default);
                if (writeOnly) lines.Line("#pragma warning disable CS0219 // assigned here, read only on other paths of the method");
                lines.Line($"{VariableTypes.Display(variable, _model)} {MarkedMethods.MethodShellParser.EscapedName(variable.Name)};");
                if (writeOnly) lines.Line("#pragma warning restore CS0219");
            }

            foreach (var variable in _split.LiveIn.Where(v => _split.ParameterName(v) != v.Name && _split.ScopeOf(v) == scope))
            {
                lines.Line($"var {MarkedMethods.MethodShellParser.EscapedName(variable.Name)} = {_split.ParameterName(variable)};");
            }
        }
    }
}
