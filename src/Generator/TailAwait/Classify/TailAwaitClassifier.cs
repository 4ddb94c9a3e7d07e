using System.Collections.Generic;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Prewired.Generator.Awaits;
using Prewired.Generator.FastPath;
using Prewired.Generator.Marks;
using Prewired.Generator.Model;

namespace Prewired.Generator.TailAwait
{
    /// <summary>One await of a [TailAwait] body: either a tail await with what replaces it, or the reason it is not.</summary>
    internal sealed class TailAwaitSite
    {
        public TailAwaitSite(AwaitSite site, string reason)
        {
            Site = site;
            NonTailReason = reason;
        }

        public TailAwaitSite(AwaitSite site, SyntaxNode replaced, ExpressionSyntax task, string helper, StatementSyntax? absorbed, bool differsInNullability = false)
        {
            DiffersInNullability = differsInNullability;
            Site = site;
            Replaced = replaced;
            Task = task;
            Helper = helper;
            Absorbed = absorbed;
        }

        public AwaitSite Site { get; }

        /// <summary>Why this await cannot be elided; null for a tail await.</summary>
        public string? NonTailReason { get; }

        /// <summary>The return statement, expression statement or arrow clause the tail call replaces.</summary>
        public SyntaxNode? Replaced { get; }

        /// <summary>The awaited task, without a droppable ConfigureAwait.</summary>
        public ExpressionSyntax? Task { get; }

        /// <summary>The Prewired.CompilerServices.TailAwait method that turns the task into the method's return value.</summary>
        public string? Helper { get; }

        /// <summary>
        /// The awaited result type differs from the method's only in nullable annotations (Task&lt;string&gt; returned as
        /// Task&lt;string?&gt;): the same type at run time, which the await converted silently and the tail call must state.
        /// </summary>
        public bool DiffersInNullability { get; }

        /// <summary>A <c>return;</c> or <c>break;</c> right after a final await, made unreachable by the tail call.</summary>
        public StatementSyntax? Absorbed { get; }
    }

    /// <summary>Classifies every await of a [TailAwait] body (the rules behind PW0101).</summary>
    internal static class TailAwaitClassifier
    {
        public static List<TailAwaitSite> Classify(MethodDeclarationSyntax method, SemanticModel model, ReturnKind returnKind)
        {
            var body = (SyntaxNode?)method.Body ?? method.ExpressionBody!;
            var result = new List<TailAwaitSite>();
            foreach (var site in AwaitSites.Collect(body))
            {
                result.Add(Classify(site, body, model, returnKind));
            }

            return result;
        }

        private static TailAwaitSite Classify(AwaitSite site, SyntaxNode body, SemanticModel model, ReturnKind returnKind)
        {
            if (site.Expression is null)
            {
                return new TailAwaitSite(site, site.HiddenAwaitStatement is CommonForEachStatementSyntax
                    ? "'await foreach' awaits MoveNextAsync on every iteration and DisposeAsync at the end"
                    : "'await using' awaits DisposeAsync when its scope ends");
            }

            var awaitExpression = site.Expression;
            var outer = Unparenthesize(awaitExpression);
            SyntaxNode? replaced = outer.Parent switch
            {
                ReturnStatementSyntax r => r,
                ArrowExpressionClauseSyntax a when a == body => a,
                ExpressionStatementSyntax e => e,
                _ => null,
            };
            if (replaced is null)
            {
                return new TailAwaitSite(site, outer.Parent is EqualsValueClauseSyntax or AssignmentExpressionSyntax
                    ? "its result is stored and used after the await"
                    : "it is nested inside a larger expression, which uses its result");
            }

            var returnsValue = replaced is ReturnStatementSyntax || (replaced is ArrowExpressionClauseSyntax && returnKind.HasResult());
            StatementSyntax? absorbed = null;
            if (replaced is StatementSyntax statement)
            {
                var (kind, reason) = EnclosingConstructs.Find(statement, body, returnExitsLoops: returnsValue);
                if (kind != EnclosingKind.None) return new TailAwaitSite(site, reason);
                if (!returnsValue && !TailPosition.IsTail(statement, body, out absorbed))
                {
                    return new TailAwaitSite(site, "code runs after it; only a 'return await', or an await that is the last thing the method does, is a tail await");
                }
            }

            if (!returnsValue && returnKind.HasResult())
            {
                return new TailAwaitSite(site, "the method must still return a value after it");
            }

            var operand = AwaitOperand.Of(awaitExpression.Expression, model);
            if (operand.ConfigureAwaitProblem is not null) return new TailAwaitSite(site, operand.ConfigureAwaitProblem);
            var helper = Helper(operand, returnKind, model, out var typeProblem, out var differsInNullability);
            return helper is null
                ? new TailAwaitSite(site, typeProblem!)
                : new TailAwaitSite(site, replaced, operand.Task, helper, absorbed, differsInNullability);
        }

        private static string? Helper(AwaitOperand operand, ReturnKind returnKind, SemanticModel model, out string? problem, out bool differsInNullability)
        {
            problem = null;
            differsInNullability = false;
            var methodType = returnKind.IsValueTask() ? "ValueTask" : "Task";
            if (operand.TaskKind is not { } taskKind)
            {
                problem = $"awaiting '{operand.TaskType?.ToDisplayString() ?? "this expression"}' produces no Task or ValueTask to return; only Task, Task<T>, ValueTask and ValueTask<T> can be returned in place of an await";
                return null;
            }

            if (!returnKind.HasResult())
            {
                return taskKind.HasResult() ? $"AsVoid{methodType}" : $"As{methodType}";
            }

            var methodResult = model.GetEnclosingSymbol(operand.Task.SpanStart) is IMethodSymbol m ? KnownTypes.ResultType(m.ReturnType) : null;
            var taskResult = KnownTypes.ResultType(operand.TaskType);
            if (taskResult is null || methodResult is null || !SymbolEqualityComparer.Default.Equals(taskResult, methodResult))
            {
                problem = $"the awaited '{operand.TaskType?.ToDisplayString()}' cannot be returned as '{methodType}<{methodResult?.ToDisplayString()}>' without an await converting its result";
                return null;
            }

            differsInNullability = !SymbolEqualityComparer.IncludeNullability.Equals(taskResult, methodResult);
            return $"As{methodType}";
        }

        private static ExpressionSyntax Unparenthesize(ExpressionSyntax expression)
        {
            while (expression.Parent is ParenthesizedExpressionSyntax parenthesized) expression = parenthesized;
            return expression;
        }
    }
}
