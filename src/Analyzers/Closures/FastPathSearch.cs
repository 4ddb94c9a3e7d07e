using System.Collections.Generic;
using Microsoft.CodeAnalysis.FlowAnalysis;

namespace Prewired.Analyzers.Closures
{
    /// <summary>
    /// Whether some path through a scope, from its entry (where the environment is allocated) to a normal exit, never
    /// instantiates, calls or converts one of the environment's closures: the fast path that pays for the slow path.
    /// </summary>
    /// <remarks>
    /// Paths that end in <c>throw</c> are not fast paths and do not count; exceptional entries into <c>catch</c> are not
    /// followed either (a <c>catch</c> is a path only for a scope inside it). A branch that runs a <c>finally</c> passes
    /// through it: a <c>finally</c> that uses the closure on every path counts as a use.
    /// </remarks>
    internal sealed class FastPathSearch
    {
        private readonly Scope _scope;
        private readonly HashSet<Function> _closures;
        private readonly Dictionary<ControlFlowRegion, bool> _finallyAlwaysUses = new();

        private FastPathSearch(Scope scope, HashSet<Function> closures)
        {
            _scope = scope;
            _closures = closures;
        }

        public static bool HasPathAvoiding(Scope scope, HashSet<Function> closures) =>
            new FastPathSearch(scope, closures).HasPathAvoiding(scope.FirstBlock, scope.FirstBlock, scope.LastBlock);

        private bool HasPathAvoiding(int start, int first, int last)
        {
            var blocks = _scope.Function.Graph.Blocks;
            var visited = new HashSet<int> { start };
            var pending = new Stack<BasicBlock>();
            pending.Push(blocks[start]);
            while (pending.Count > 0)
            {
                var block = pending.Pop();
                if (block.Kind == BasicBlockKind.Exit) return true;
                if (Uses(block)) continue;
                foreach (var branch in new[] { block.ConditionalSuccessor, block.FallThroughSuccessor })
                {
                    if (branch is null) continue;
                    if (branch.Semantics is ControlFlowBranchSemantics.Throw or ControlFlowBranchSemantics.Rethrow
                        or ControlFlowBranchSemantics.Error or ControlFlowBranchSemantics.ProgramTermination)
                    {
                        continue;
                    }

                    if (FinallyUses(branch)) continue;
                    // No destination: the end of a finally or filter, left as the region it belongs to ends.
                    if (branch.Destination is not { } destination) return true;
                    if (destination.Ordinal < first || destination.Ordinal > last) return true;
                    if (visited.Add(destination.Ordinal)) pending.Push(destination);
                }
            }

            return false;
        }

        private bool Uses(BasicBlock block) =>
            _scope.Function.UsesByBlock.TryGetValue(block.Ordinal, out var used) && used.Overlaps(_closures);

        private bool FinallyUses(ControlFlowBranch branch)
        {
            foreach (var region in branch.FinallyRegions)
            {
                if (!_finallyAlwaysUses.TryGetValue(region, out bool always))
                {
                    _finallyAlwaysUses[region] = false; // a finally nested in itself cannot happen; guards recursion anyway
                    always = !HasPathAvoiding(region.FirstBlockOrdinal, region.FirstBlockOrdinal, region.LastBlockOrdinal);
                    _finallyAlwaysUses[region] = always;
                }

                if (always) return true;
            }

            return false;
        }
    }
}
