using System.Collections.Concurrent;
using System.Runtime.CompilerServices;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Prewired.Generator.FastPath;
using Prewired.Generator.Marks;

namespace Prewired.Generator.Awaits
{
    /// <summary>
    /// The compiler's region analyses, asked once per region. Each <see cref="SemanticModel.AnalyzeDataFlow(SyntaxNode)"/>
    /// or <c>AnalyzeControlFlow</c> call returns a new result whose every property is another pass over the whole
    /// method, and the generator asks about the same regions again and again: the rest of the method body for each await
    /// before it, a loop body or a catch block for each await inside, a statement from the classifier and the
    /// continuation builder. A result computes each property once and keeps it, so handing out the same result makes
    /// every later question free. Keyed by the shared model of the tree (<see cref="MarkedMethods.SemanticModels"/>): the cache
    /// dies with its compilation, and nothing here reaches a model.
    /// </summary>
    internal static class RegionFlow
    {
        private static readonly ConditionalWeakTable<SemanticModel, Results> s_byModel = new();

        /// <summary>What <c>model.AnalyzeDataFlow(expression)</c> returns, computed once.</summary>
        public static DataFlowAnalysis? DataFlow(SemanticModel model, ExpressionSyntax expression)
            => Of(model).Data.GetOrAdd((expression, expression), key => model.AnalyzeDataFlow((ExpressionSyntax)key.First));

        /// <summary>What <c>model.AnalyzeDataFlow(first, last)</c> returns, computed once.</summary>
        public static DataFlowAnalysis? DataFlow(SemanticModel model, StatementSyntax first, StatementSyntax last)
            => Of(model).Data.GetOrAdd((first, last), key => model.AnalyzeDataFlow((StatementSyntax)key.First, (StatementSyntax)key.Last));

        /// <summary>A statement alone: the same region as <c>DataFlow(model, statement, statement)</c>.</summary>
        public static DataFlowAnalysis? DataFlow(SemanticModel model, StatementSyntax statement) => DataFlow(model, statement, statement);

        /// <summary>What <c>model.AnalyzeControlFlow(first, last)</c> returns, computed once.</summary>
        public static ControlFlowAnalysis? ControlFlow(SemanticModel model, StatementSyntax first, StatementSyntax last)
            => Of(model).Control.GetOrAdd((first, last), key => model.AnalyzeControlFlow((StatementSyntax)key.First, (StatementSyntax)key.Last));

        /// <summary>A statement alone: the same region as <c>ControlFlow(model, statement, statement)</c>.</summary>
        public static ControlFlowAnalysis? ControlFlow(SemanticModel model, StatementSyntax statement) => ControlFlow(model, statement, statement);

        private static Results Of(SemanticModel model) => s_byModel.GetValue(model, _ => new Results());

        private sealed class Results
        {
            public readonly ConcurrentDictionary<(SyntaxNode First, SyntaxNode Last), DataFlowAnalysis?> Data = new();
            public readonly ConcurrentDictionary<(SyntaxNode First, SyntaxNode Last), ControlFlowAnalysis?> Control = new();
        }
    }
}
