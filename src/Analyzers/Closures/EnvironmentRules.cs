using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.FlowAnalysis;

namespace Prewired.Analyzers.Closures
{
    /// <summary>
    /// The C# compiler's closure environment rules, step by step as in Roslyn's
    /// <c>src/Compilers/CSharp/Portable/Lowering/ClosureConversion/ClosureConversion.Analysis.cs</c>
    /// (<c>Analysis.Analyze</c>): <see cref="MakeAndAssignEnvironments"/>, <see cref="ComputeParentEnvironments"/>
    /// (ComputeLambdaScopesAndFrameCaptures), <see cref="MergeEnvironments"/> (Release only in the compiler; always here,
    /// see <see cref="Apply"/>), <see cref="InlineThisOnlyEnvironment"/>. What comes out: which scopes get a class
    /// environment, allocated (<c>new &lt;&gt;c__DisplayClass</c>) at the start of that scope.
    /// </summary>
    internal static class EnvironmentRules
    {
        /// <summary>
        /// Applies the rules to <paramref name="model"/>. Environment merging is modelled unconditionally: the compiler only
        /// merges in Release builds, and the Release build is the one whose allocations matter (and the IDE, usually in
        /// Debug, then shows what ships rather than a different set of warnings).
        /// </summary>
        public static void Apply(ClosureModel model)
        {
            MakeAndAssignEnvironments(model);
            ComputeParentEnvironments(model);
            ComputeCapturingFunctions(model);
            MergeEnvironments(model);
            InlineThisOnlyEnvironment(model);
        }

        /// <summary>
        /// One environment per scope with captured variables. Its closures are the functions capturing one of them, or
        /// capturing (calling) a local function already among its closures, to a fixed point. It is a struct only when
        /// every such closure is a local function that is not async, not an iterator and never converted to a delegate
        /// (and the method is not in a variant interface).
        /// </summary>
        private static void MakeAndAssignEnvironments(ClosureModel model)
        {
            bool structAllowed = !InVariantInterface(model.Top.Symbol);
            foreach (var scope in model.Scopes)
            {
                if (scope.Declared.Count == 0) continue;
                var declared = new HashSet<Variable>(scope.Declared);
                var closures = new List<Function>();
                var closureSet = new HashSet<Function>();
                bool isStruct = structAllowed;
                bool added;
                do
                {
                    added = false;
                    foreach (var function in model.Functions)
                    {
                        if (closureSet.Contains(function)) continue;
                        if (!function.CapturedVariables.Overlaps(declared) && !function.CapturedFunctions.Overlaps(closureSet)) continue;
                        closures.Add(function);
                        closureSet.Add(function);
                        added = true;
                        isStruct &= function.CanTakeRefParameters;
                    }
                }
                while (added);

                var environment = new ClosureEnvironment(scope.Declared, isStruct);
                scope.Environment = environment;
                foreach (var closure in closures) closure.CapturedEnvironments.Add(environment);
            }
        }

        /// <summary>
        /// A function lives in the nearest class environment it captures, walking up from where it is declared; each class
        /// environment further up that it still needs becomes the parent of the one below (CapturesParent).
        /// </summary>
        private static void ComputeParentEnvironments(ClosureModel model)
        {
            foreach (var function in model.Functions)
            {
                if (function.CapturedEnvironments.Count == 0) continue;
                var captured = new HashSet<ClosureEnvironment>(function.CapturedEnvironments);
                var scope = function.DeclaringScope;
                while (scope is not null)
                {
                    var environment = scope.Environment;
                    if (environment is not null && captured.Remove(environment) && !environment.IsStruct) break;
                    scope = scope.Parent;
                }

                var lower = scope?.Environment;
                scope = scope?.Parent;
                while (scope is not null && captured.Count > 0)
                {
                    if (scope.Environment is { } environment)
                    {
                        if (!environment.IsStruct)
                        {
                            lower!.ParentEnvironment = environment;
                            lower = environment;
                        }

                        captured.Remove(environment);
                    }

                    scope = scope.Parent;
                }
            }
        }

        /// <summary>
        /// CalculateFunctionsCapturingScopeVariables: the functions capturing a scope's environment, plus, for an
        /// environment pointing to its parent's, those of the child too.
        /// </summary>
        private static void ComputeCapturingFunctions(ClosureModel model)
        {
            foreach (var function in model.Functions)
            {
                foreach (var environment in function.CapturedEnvironments)
                {
                    ScopeOf(model, environment)?.CapturingFunctions.Add(function);
                }
            }

            foreach (var scope in model.Scopes)
            {
                if (scope.Environment is null) continue;
                var current = scope;
                while (current.Environment is null || current.Environment.ParentEnvironment is not null)
                {
                    current = current.Parent;
                    if (current is null) break;
                    if (current.Environment is null || current.Environment.IsStruct) continue;
                    current.CapturingFunctions.UnionWith(scope.CapturingFunctions);
                }
            }
        }

        private static Scope? ScopeOf(ClosureModel model, ClosureEnvironment environment) =>
            model.Scopes.FirstOrDefault(s => s.Environment == environment);

        /// <summary>
        /// Release-mode merging: a class environment moves up into the highest ancestor environment reached while every
        /// step is safe (no backward jump re-enters the child scope: a loop body gets a fresh environment per iteration)
        /// and the ancestor is captured by exactly the same functions (so no variable lives longer). Ancestors without an
        /// environment, or with a struct one, are passed over.
        /// </summary>
        private static void MergeEnvironments(ClosureModel model)
        {
            var capturing = model.Scopes.Where(s => s.Environment is not null).ToList();
            foreach (var scope in capturing)
            {
                if (scope.CapturingFunctions.Count == 0) continue;
                var environment = scope.Environment;
                if (environment is null || environment.IsStruct) continue;

                var best = scope;
                var current = scope;
                while (current.Parent is { } parent && parent.Function == current.Function)
                {
                    // A different function's scope never has the same closures (the enclosing function captures too).
                    if (!CanMergeInto(current, parent)) break;
                    if (parent.Environment is null || parent.Environment.IsStruct)
                    {
                        current = parent;
                        continue;
                    }

                    if (!parent.CapturingFunctions.SetEquals(scope.CapturingFunctions)) break;
                    best = parent;
                    current = parent;
                }

                if (best == scope) continue;
                best.Environment!.Variables.AddRange(environment.Variables);
                scope.Environment = null;
            }
        }

        /// <summary>
        /// The compiler's CanMergeWithParent, on the graph: false when a branch from the child scope's start or later jumps
        /// back to a point between the parent's start and the child's start (a loop around the child), or re-enters the
        /// child at its first block (do-while).
        /// </summary>
        private static bool CanMergeInto(Scope child, Scope parent)
        {
            var blocks = child.Function.Graph.Blocks;
            int childFirst = child.FirstBlock;
            int parentFirst = parent.FirstBlock;
            int parentLast = parent.LastBlock;
            for (int ordinal = childFirst; ordinal <= parentLast; ordinal++)
            {
                var block = blocks[ordinal];
                foreach (var branch in new[] { block.ConditionalSuccessor, block.FallThroughSuccessor })
                {
                    if (branch?.Destination is not { } destination) continue;
                    int target = destination.Ordinal;
                    if (target < parentFirst || target > childFirst) continue;
                    if (target < childFirst || Enters(branch, child.Region)) return false;
                }
            }

            return true;
        }

        private static bool Enters(ControlFlowBranch branch, ControlFlowRegion? region) =>
            region is not null && branch.EnteringRegions.Contains(region);

        /// <summary>
        /// InlineThisOnlyEnvironments: a top-level environment holding only <c>this</c> is dropped, its closures become
        /// instance methods (unless the method is in a variant interface).
        /// </summary>
        private static void InlineThisOnlyEnvironment(ClosureModel model)
        {
            var environment = model.Top.Root.Environment;
            if (environment is null || model.This is null) return;
            if (environment.Variables.Count != 1 || !environment.Variables[0].IsThis) return;
            if (environment.IsStruct || !InVariantInterface(model.Top.Symbol)) environment.InlinedAsThis = true;
        }

        /// <summary>VarianceSafety.GetEnclosingVariantInterface: the runtime may not treat methods synthesized there as variance-safe.</summary>
        private static bool InVariantInterface(IMethodSymbol method)
        {
            for (var type = method.ContainingType; type is not null; type = type.ContainingType)
            {
                if (type.TypeKind == TypeKind.Interface && type.TypeParameters.Any(p => p.Variance != VarianceKind.None)) return true;
            }

            return false;
        }
    }
}
