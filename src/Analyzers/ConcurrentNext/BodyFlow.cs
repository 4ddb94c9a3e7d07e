using System.Collections.Immutable;
using System.Linq;
using System.Threading;
using Microsoft.CodeAnalysis.FlowAnalysis;

namespace Prewired.Analyzers.ConcurrentNext
{
    /// <summary>
    /// Runs a <see cref="TaskFlowEvaluator"/> over one control flow graph (a method, a lambda or a local function body)
    /// to a fixed point, then once more to report. The graph is what makes ordering right: a task stored before a branch
    /// and awaited on only one side is still pending after it, and a loop's back edge carries a task collected in one
    /// iteration into the next, where the same call starting again overlaps it.
    /// </summary>
    internal static class BodyFlow
    {
        // States only grow (block entries are unions) over a finite set of uses and holders, so this is a safety net.
        private const int MaxPasses = 64;

        public static void Run(ControlFlowGraph graph, TaskFlowEvaluator evaluator, CancellationToken cancellationToken)
        {
            var blocks = graph.Blocks;
            var entry = new FlowState?[blocks.Length];
            var exit = new FlowState?[blocks.Length];
            var throwing = new FlowState?[blocks.Length];
            evaluator.Reporting = false;
            for (int pass = 0; pass < MaxPasses; pass++)
            {
                bool changed = false;
                foreach (var block in blocks)
                {
                    cancellationToken.ThrowIfCancellationRequested();
                    if (!block.IsReachable) continue;
                    var incoming = Incoming(block, blocks, exit, throwing, evaluator);
                    if (incoming is null) continue;
                    var current = entry[block.Ordinal];
                    if (current is null)
                    {
                        entry[block.Ordinal] = current = incoming;
                    }
                    else if (!current.UnionWith(incoming) && exit[block.Ordinal] is not null)
                    {
                        continue;
                    }

                    var thrown = FlowState.Empty();
                    exit[block.Ordinal] = Transfer(block, current, evaluator, thrown);
                    throwing[block.Ordinal] = thrown;
                    changed = true;
                }

                if (!changed) break;
            }

            evaluator.Reporting = true;
            foreach (var block in blocks)
            {
                if (block.IsReachable && entry[block.Ordinal] is { } state) Transfer(block, state, evaluator, thrown: null);
            }
        }

        /// <summary>
        /// Evaluates the block from <paramref name="entry"/>. <paramref name="thrown"/> collects the state after each
        /// operation: where an exception leaves things. After, not before: what an operation starts is running by the
        /// time anything after it throws, and an await only throws once its task has completed, so a catch after
        /// <c>try { await t; }</c> must not see t pending (an operation that throws before doing anything is missed: a
        /// lost warning, never a false one).
        /// </summary>
        private static FlowState Transfer(BasicBlock block, FlowState entry, TaskFlowEvaluator evaluator, FlowState? thrown)
        {
            var state = entry.Clone();
            foreach (var operation in block.Operations)
            {
                evaluator.Evaluate(operation, state);
                thrown?.UnionWith(state);
            }

            if (block.BranchValue is { } value)
            {
                var tasks = evaluator.Evaluate(value, state);
                thrown?.UnionWith(state);
                if (block.ConditionKind == ControlFlowConditionKind.None && block.FallThroughSuccessor?.Semantics == ControlFlowBranchSemantics.Return)
                {
                    evaluator.Returned(tasks);
                }
            }

            return state;
        }

        /// <summary>The union of what flows in; null while no predecessor has been evaluated yet.</summary>
        private static FlowState? Incoming(BasicBlock block, ImmutableArray<BasicBlock> blocks, FlowState?[] exit, FlowState?[] throwing, TaskFlowEvaluator evaluator)
        {
            if (block.Kind == BasicBlockKind.Entry) return FlowState.Empty();
            FlowState? state = null;
            foreach (var branch in block.Predecessors)
            {
                if (exit[branch.Source.Ordinal] is not { } from) continue;
                state ??= FlowState.Empty();
                state.UnionWith(ThroughFinally(branch, from, blocks, evaluator));
            }

            // A catch, filter or finally block has no predecessor in the graph: an exception can reach it from any point
            // of the try block, so it starts from every state seen after an operation there.
            if (TryRegionOfHandler(block) is { } tryRegion)
            {
                for (int ordinal = tryRegion.FirstBlockOrdinal; ordinal <= tryRegion.LastBlockOrdinal; ordinal++)
                {
                    if (throwing[ordinal] is not { } thrown) continue;
                    state ??= FlowState.Empty();
                    state.UnionWith(thrown);
                }
            }

            return state;
        }

        /// <summary>
        /// A branch leaving a try runs its finally blocks on the way, but the graph does not route it through them; what
        /// they do (<c>finally { await t; }</c>) is applied to this path's state here, their blocks in order as straight
        /// code. Flattening a branch inside a finally can only miss a warning, never add one.
        /// </summary>
        private static FlowState ThroughFinally(ControlFlowBranch branch, FlowState state, ImmutableArray<BasicBlock> blocks, TaskFlowEvaluator evaluator)
        {
            foreach (var region in branch.FinallyRegions)
            {
                for (int ordinal = region.FirstBlockOrdinal; ordinal <= region.LastBlockOrdinal; ordinal++)
                {
                    if (blocks[ordinal].IsReachable) state = Transfer(blocks[ordinal], state, evaluator, thrown: null);
                }
            }

            return state;
        }

        private static ControlFlowRegion? TryRegionOfHandler(BasicBlock block)
        {
            for (var region = block.EnclosingRegion; region is not null && region.FirstBlockOrdinal == block.Ordinal; region = region.EnclosingRegion)
            {
                if (region.Kind is not (ControlFlowRegionKind.Catch or ControlFlowRegionKind.Filter or ControlFlowRegionKind.Finally)) continue;
                var owner = region.EnclosingRegion;
                if (owner?.Kind == ControlFlowRegionKind.FilterAndHandler) owner = owner.EnclosingRegion;
                return owner?.NestedRegions.FirstOrDefault(r => r.Kind == ControlFlowRegionKind.Try);
            }

            return null;
        }
    }
}
