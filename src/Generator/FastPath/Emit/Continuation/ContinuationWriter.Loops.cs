using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Prewired.Generator.Emit;
using Prewired.Generator.Marks;
using Prewired.Generator.TailAwait;

namespace Prewired.Generator.FastPath
{
    // Loops that hold a resume point, re-entered at their top: while, do, for (its variables set only when not
    // resuming) and foreach written out with its enumerator as state.
    internal sealed partial class ContinuationWriter
    {
        protected override void WriteLoop(StatementSyntax loop, IReadOnlyList<SplitPoint> deeper)
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

        protected override void WriteForEach(ForEachStatementSyntax forEach, ForEachLowering lowering, IReadOnlyList<SplitPoint> deeper)
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
    }
}
