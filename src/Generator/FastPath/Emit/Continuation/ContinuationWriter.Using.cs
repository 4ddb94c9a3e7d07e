using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Prewired.Generator.MarkedMethods;
using Prewired.Generator.Marks;
using Prewired.Generator.TailAwait;

namespace Prewired.Generator.FastPath
{
    // using statements and declarations around a resume point: the resource is state, acquired only when not
    // resuming, disposed in a finally the state machine skips when it suspends.
    internal sealed partial class ContinuationWriter
    {
        protected override void WriteUsing(UsingStatementSyntax usingStatement, UsingLowering lowering, IReadOnlyList<SplitPoint> deeper)
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
        protected override void WriteUsingDeclaration(LocalDeclarationStatementSyntax declaration, UsingLowering lowering, IReadOnlyList<StatementSyntax> rest)
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
    }
}
