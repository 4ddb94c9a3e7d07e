using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.FlowAnalysis;

namespace Prewired.Analyzers.Closures
{
    /// <summary>One allocating scope with a path that never reaches its closures.</summary>
    internal sealed class ClosureFinding
    {
        public ClosureFinding(IMethodSymbol owner, Location location, ImmutableArray<Variable> variables, ImmutableArray<Function> functions)
        {
            Owner = owner;
            Location = location;
            Variables = variables;
            Functions = functions;
        }

        /// <summary>The method, lambda or local function whose scope allocates.</summary>
        public IMethodSymbol Owner { get; }

        public Location Location { get; }

        /// <summary>What the environment holds, in message order.</summary>
        public ImmutableArray<Variable> Variables { get; }

        /// <summary>The functions of the scope's own body that capture those variables, in source order.</summary>
        public ImmutableArray<Function> Functions { get; }
    }

    /// <summary>Model, compiler rules, then the path search, for one method body.</summary>
    internal static class ClosureFindings
    {
        public static ImmutableArray<ClosureFinding> Find(ControlFlowGraph graph, IMethodSymbol method, CancellationToken cancellationToken)
        {
            var model = ModelBuilder.Build(graph, method, cancellationToken);
            if (model is null) return ImmutableArray<ClosureFinding>.Empty;
            EnvironmentRules.Apply(model);

            var findings = ImmutableArray.CreateBuilder<ClosureFinding>();
            foreach (var scope in model.Scopes)
            {
                cancellationToken.ThrowIfCancellationRequested();
                if (scope.Environment is not { IsStruct: false, InlinedAsThis: false } environment) continue;
                if (!TaskLikeTypes.ReturnsTaskLike(scope.Function.Symbol)) continue;
                if (!FastPathSearch.HasPathAvoiding(scope, scope.CapturingFunctions)) continue;
                if (ScopeLocations.Of(scope) is not { } location) continue;
                var variables = environment.Variables.OrderBy(v => v.SortKey).ToImmutableArray();
                findings.Add(new ClosureFinding(scope.Function.Symbol, location, variables, NamedFunctions(scope, environment)));
            }

            return findings.ToImmutable();
        }

        /// <summary>
        /// The functions the message names: those declared in the scope's own function (not nested in another closure)
        /// that capture one of the environment's variables themselves; when none does (only callers of such a local
        /// function are at that level), every closure of the environment at that level.
        /// </summary>
        private static ImmutableArray<Function> NamedFunctions(Scope scope, ClosureEnvironment environment)
        {
            var variables = new HashSet<Variable>(environment.Variables);
            var atLevel = scope.CapturingFunctions.Where(f => f.Parent == scope.Function).OrderBy(f => f.Position).ToList();
            var direct = atLevel.Where(f => f.CapturedVariables.Overlaps(variables)).ToList();
            return (direct.Count > 0 ? direct : atLevel).ToImmutableArray();
        }
    }
}
