using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.FlowAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace Prewired.Analyzers.ConcurrentNext
{
    /// <summary>
    /// PW0320 for next tasks that overlap within a body: runs <see cref="BodyFlow"/> over the method's graph and over the
    /// graph of every lambda and local function in it that uses next.
    /// </summary>
    /// <remarks>
    /// Each body starts with nothing pending: a lambda or local function runs when someone calls it, which the enclosing
    /// body does not know. What crosses the boundary is explicit: a proxy local function's calls are next calls (see
    /// <see cref="NextUses"/>), a lambda given to <c>Select</c> contributes what it returns, and a lambda given to
    /// <c>Task.Run</c> or <c>Parallel</c> is <see cref="ConcurrencyApis"/>' business.
    /// </remarks>
    internal sealed class PendingTaskFlow
    {
        private readonly NextUses _uses;
        private readonly Findings _findings;
        private readonly CancellationToken _cancellationToken;
        private readonly Dictionary<IFlowAnonymousFunctionOperation, ImmutableHashSet<TrackedTask>> _lambdaReturns = new();
        private readonly ImmutableHashSet<SyntaxNode> _awaitedForEachCollections;

        public PendingTaskFlow(NextUses uses, Findings findings, CancellationToken cancellationToken)
        {
            _uses = uses;
            _findings = findings;
            _cancellationToken = cancellationToken;
            _awaitedForEachCollections = AwaitedForEachCollections.Find(uses.Operations);
        }

        /// <summary>Analyzes the body and everything nested in it; returns the next tasks the body returns.</summary>
        public ImmutableHashSet<TrackedTask> Analyze(ControlFlowGraph graph)
        {
            // Nested bodies first, so a Select in this body knows what its lambda returns.
            foreach (var lambda in graph.Blocks.SelectMany(Operations).SelectMany(o => o.DescendantsAndSelf()).OfType<IFlowAnonymousFunctionOperation>())
            {
                LambdaReturns(graph, lambda);
            }

            foreach (var localFunction in graph.LocalFunctions)
            {
                if (!UsesNextWithin(localFunction.DeclaringSyntaxReferences.FirstOrDefault()?.Span)) continue;
                Analyze(graph.GetLocalFunctionControlFlowGraph(localFunction, _cancellationToken));
            }

            var evaluator = new TaskFlowEvaluator(_uses, _findings, lambda => LambdaReturns(graph, lambda), _awaitedForEachCollections);
            BodyFlow.Run(graph, evaluator, _cancellationToken);
            return evaluator.ReturnedTasks;
        }

        private ImmutableHashSet<TrackedTask> LambdaReturns(ControlFlowGraph owner, IFlowAnonymousFunctionOperation lambda)
        {
            if (_lambdaReturns.TryGetValue(lambda, out var returns)) return returns;
            _lambdaReturns[lambda] = ImmutableHashSet<TrackedTask>.Empty;
            if (!UsesNextWithin(lambda.Syntax.Span)) return ImmutableHashSet<TrackedTask>.Empty;
            returns = Analyze(owner.GetAnonymousFunctionControlFlowGraph(lambda, _cancellationToken));
            _lambdaReturns[lambda] = returns;
            return returns;
        }

        private bool UsesNextWithin(Microsoft.CodeAnalysis.Text.TextSpan? span)
            => span is { } s && _uses.All.Any(u => s.Contains(u.Syntax.Span));

        private static IEnumerable<IOperation> Operations(BasicBlock block)
            => block.BranchValue is null ? block.Operations : block.Operations.Append(block.BranchValue);
    }
}
