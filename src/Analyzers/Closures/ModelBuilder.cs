using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.FlowAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace Prewired.Analyzers.Closures
{
    /// <summary>Every function of one method body, its captures, and the scopes declaring captured variables.</summary>
    internal sealed class ClosureModel
    {
        public ClosureModel(Function top, ImmutableArray<Function> functions, ImmutableArray<Scope> scopes, Variable? thisVariable)
        {
            Top = top;
            Functions = functions;
            Scopes = scopes;
            This = thisVariable;
        }

        public Function Top { get; }

        /// <summary>Source order; the top-level method first.</summary>
        public ImmutableArray<Function> Functions { get; }

        /// <summary>Pre-order (a parent before its children), as the compiler visits its scope tree.</summary>
        public ImmutableArray<Scope> Scopes { get; }

        /// <summary>The <c>this</c> variable, when a function captures it.</summary>
        public Variable? This { get; }
    }

    /// <summary>
    /// Builds a <see cref="ClosureModel"/> the way the compiler's ScopeTreeBuilder (ClosureConversion.Analysis.Tree.cs)
    /// does, but from the control flow graphs: functions from <see cref="ControlFlowGraph.LocalFunctions"/> and
    /// <see cref="IFlowAnonymousFunctionOperation"/>, scopes from the regions that declare the locals.
    /// </summary>
    internal sealed class ModelBuilder
    {
        private readonly CancellationToken _cancellationToken;
        private readonly List<Function> _functions = new();
        private readonly Dictionary<IMethodSymbol, Function> _bySymbol = new(SymbolEqualityComparer.Default);
        private readonly Dictionary<ISymbol, Variable> _variables = new(SymbolEqualityComparer.Default);
        private readonly List<(Function User, int Block, IMethodSymbol LocalFunction)> _localFunctionUses = new();
        private Variable? _this;

        private ModelBuilder(CancellationToken cancellationToken) => _cancellationToken = cancellationToken;

        /// <summary>Null when the body has no lambda or local function (nothing can be captured).</summary>
        public static ClosureModel? Build(ControlFlowGraph graph, IMethodSymbol method, CancellationToken cancellationToken)
        {
            var builder = new ModelBuilder(cancellationToken);
            var top = new Function(method, graph, parent: null, declaringRegion: null, isLambda: false, position: graph.OriginalOperation.Syntax.SpanStart);
            builder.AddFunction(top);
            if (builder._functions.Count == 1) return null;

            builder.ResolveLocalFunctionUses();
            foreach (var function in builder._functions) builder.CollectCaptures(function);
            var scopes = builder.BuildScopes(top);
            var functions = builder._functions.OrderBy(f => f.Position).ToImmutableArray();
            return new ClosureModel(top, functions, scopes, builder._this);
        }

        // ---- functions ----

        private void AddFunction(Function function)
        {
            _functions.Add(function);
            _bySymbol[Definition(function.Symbol)] = function;
            var graph = function.Graph;
            foreach (var block in graph.Blocks)
            {
                foreach (var operation in OperationsOf(block))
                {
                    foreach (var node in operation.DescendantsAndSelf())
                    {
                        switch (node)
                        {
                            case IFlowAnonymousFunctionOperation lambda:
                                _cancellationToken.ThrowIfCancellationRequested();
                                var child = new Function(lambda.Symbol, graph.GetAnonymousFunctionControlFlowGraph(lambda, _cancellationToken), function, block.EnclosingRegion, isLambda: true, lambda.Syntax.SpanStart);
                                UsesAt(function, block.Ordinal).Add(child);
                                AddFunction(child);
                                break;
                            case IInvocationOperation { TargetMethod.MethodKind: MethodKind.LocalFunction } call:
                                _localFunctionUses.Add((function, block.Ordinal, call.TargetMethod));
                                break;
                            case IMethodReferenceOperation { Method.MethodKind: MethodKind.LocalFunction } reference:
                                _localFunctionUses.Add((function, block.Ordinal, reference.Method));
                                break;
                        }
                    }
                }
            }

            foreach (var localFunction in graph.LocalFunctions)
            {
                _cancellationToken.ThrowIfCancellationRequested();
                if (localFunction.IsExtern) continue; // no body, no graph, captures nothing
                var region = RegionDeclaring(graph.Root, localFunction) ?? graph.Root;
                var position = localFunction.DeclaringSyntaxReferences.FirstOrDefault()?.Span.Start ?? 0;
                AddFunction(new Function(localFunction, graph.GetLocalFunctionControlFlowGraph(localFunction, _cancellationToken), function, region, isLambda: false, position));
            }
        }

        private void ResolveLocalFunctionUses()
        {
            foreach (var (user, block, symbol) in _localFunctionUses)
            {
                if (_bySymbol.TryGetValue(Definition(symbol), out var used) && used != user) UsesAt(user, block).Add(used);
            }
        }

        private static HashSet<Function> UsesAt(Function function, int block)
        {
            if (!function.UsesByBlock.TryGetValue(block, out var uses)) function.UsesByBlock[block] = uses = new HashSet<Function>();
            return uses;
        }

        internal static IEnumerable<IOperation> OperationsOf(BasicBlock block)
        {
            foreach (var operation in block.Operations) yield return operation;
            if (block.BranchValue is { } value) yield return value;
        }

        private static ControlFlowRegion? RegionDeclaring(ControlFlowRegion region, IMethodSymbol localFunction)
        {
            if (region.LocalFunctions.Contains(localFunction, SymbolEqualityComparer.Default)) return region;
            foreach (var nested in region.NestedRegions)
            {
                if (RegionDeclaring(nested, localFunction) is { } found) return found;
            }

            return null;
        }

        private static IMethodSymbol Definition(IMethodSymbol method) => method.OriginalDefinition;

        // ---- captures (the compiler's AddIfCaptured) ----

        /// <summary>Walks the function's own body (not the bodies of functions nested in it: each is walked as itself).</summary>
        private void CollectCaptures(Function function)
        {
            var stack = new Stack<IOperation>();
            stack.Push(function.Graph.OriginalOperation);
            while (stack.Count > 0)
            {
                var operation = stack.Pop();
                switch (operation)
                {
                    case INameOfOperation:
                        continue; // a constant: nothing is read
                    case ILocalReferenceOperation local when !local.Local.IsConst:
                        Capture(function, local.Local, local.Local.ContainingSymbol);
                        break;
                    case IParameterReferenceOperation parameter:
                        CaptureParameter(function, parameter.Parameter);
                        break;
                    case IInstanceReferenceOperation { ReferenceKind: InstanceReferenceKind.ContainingTypeInstance }:
                        CaptureThis(function);
                        break;
                    case IInvocationOperation { TargetMethod.MethodKind: MethodKind.LocalFunction } call:
                        CaptureFunction(function, call.TargetMethod);
                        break;
                    case IMethodReferenceOperation { Method.MethodKind: MethodKind.LocalFunction } reference:
                        CaptureFunction(function, reference.Method);
                        if (_bySymbol.TryGetValue(Definition(reference.Method), out var converted)) converted.ConvertedToDelegate = true;
                        break;
                    case IReturnOperation { Kind: OperationKind.YieldReturn or OperationKind.YieldBreak }:
                        function.IsIterator = true;
                        break;
                }

                foreach (var child in operation.ChildOperations)
                {
                    if (child is IAnonymousFunctionOperation or ILocalFunctionOperation) continue;
                    stack.Push(child);
                }
            }
        }

        private void CaptureParameter(Function function, IParameterSymbol parameter)
        {
            if (FunctionDeclaring(function, parameter.ContainingSymbol) is not null)
            {
                Capture(function, parameter, parameter.ContainingSymbol);
            }
            else if (parameter.ContainingSymbol is IMethodSymbol { MethodKind: MethodKind.Constructor } constructor
                && SymbolEqualityComparer.Default.Equals(constructor.ContainingType, _functions[0].Symbol.ContainingType))
            {
                // A primary constructor parameter used in a member is a field of the instance: capturing it captures this.
                CaptureThis(function);
            }
        }

        private void CaptureThis(Function function)
        {
            if (function.Parent is null || _functions[0].Symbol.IsStatic) return;
            _this ??= Variable.This();
            for (var current = function; current.Parent is not null; current = current.Parent) current.CapturedVariables.Add(_this);
        }

        private void Capture(Function function, ISymbol symbol, ISymbol declaringSymbol)
        {
            if (function.Parent is null || FunctionDeclaring(function, declaringSymbol) is not { } declaring || declaring == function) return;
            if (!_variables.TryGetValue(symbol, out var variable)) _variables[symbol] = variable = Variable.For(symbol);
            for (var current = function; current != declaring; current = current.Parent!) current.CapturedVariables.Add(variable);
        }

        private void CaptureFunction(Function function, IMethodSymbol localFunction)
        {
            if (!_bySymbol.TryGetValue(Definition(localFunction), out var target) || target == function) return; // recursion captures nothing
            if (FunctionDeclaring(function, target.Symbol.ContainingSymbol) is not { } declaring || declaring == function) return;
            for (var current = function; current != declaring; current = current.Parent!) current.CapturedFunctions.Add(target);
        }

        /// <summary><paramref name="function"/> or the enclosing function whose symbol is <paramref name="symbol"/>.</summary>
        private static Function? FunctionDeclaring(Function function, ISymbol symbol)
        {
            for (Function? current = function; current is not null; current = current.Parent)
            {
                if (SymbolEqualityComparer.Default.Equals(Definition(current.Symbol), symbol is IMethodSymbol m ? Definition(m) : symbol)) return current;
            }

            return null;
        }

        // ---- scopes ----

        private ImmutableArray<Scope> BuildScopes(Function top)
        {
            var captured = new HashSet<Variable>(_functions.SelectMany(f => f.CapturedVariables));
            var regionScopes = new Dictionary<ControlFlowRegion, Scope>();
            foreach (var function in _functions)
            {
                function.Root = new Scope(function, region: null);
            }

            if (_this is not null && captured.Contains(_this)) top.Root.Declared.Add(_this);

            foreach (var variable in captured.Where(v => !v.IsThis).OrderBy(v => v.SortKey))
            {
                var declaring = _functions.FirstOrDefault(f => SymbolEqualityComparer.Default.Equals(f.Symbol, variable.Symbol!.ContainingSymbol));
                if (declaring is null) continue;
                var region = variable.Symbol is ILocalSymbol local && !BodyLocals(declaring.Graph.OriginalOperation).Contains(local, SymbolEqualityComparer.Default)
                    ? ScopeRegion(declaring.Graph.Root, local)
                    : null;
                Scope scope;
                if (region is null)
                {
                    scope = declaring.Root;
                }
                else if (!regionScopes.TryGetValue(region, out scope!))
                {
                    regionScopes[region] = scope = new Scope(declaring, region);
                }

                scope.Declared.Add(variable);
            }

            foreach (var scope in regionScopes.Values)
            {
                scope.Parent = Enclosing(scope.Function, scope.Region!.EnclosingRegion, regionScopes);
            }

            foreach (var function in _functions.Where(f => f.Parent is not null))
            {
                function.DeclaringScope = Enclosing(function.Parent!, function.DeclaringRegion, regionScopes);
                function.Root.Parent = function.DeclaringScope;
            }

            var all = regionScopes.Values.Concat(_functions.Select(f => f.Root)).ToList();
            foreach (var scope in all)
            {
                scope.Parent?.Children.Add(scope);
            }

            var ordered = ImmutableArray.CreateBuilder<Scope>(all.Count);
            var stack = new Stack<Scope>();
            stack.Push(top.Root);
            while (stack.Count > 0)
            {
                var scope = stack.Pop();
                ordered.Add(scope);
                // Source order among siblings: push in reverse so the first is visited first.
                foreach (var child in scope.Children.OrderByDescending(c => c.Region is null ? c.Function.Position : StartOf(c))) stack.Push(child);
            }

            return ordered.ToImmutable();
        }

        private static int StartOf(Scope scope)
        {
            var block = scope.Function.Graph.Blocks[scope.FirstBlock];
            var first = OperationsOf(block).FirstOrDefault();
            return first?.Syntax.SpanStart ?? scope.Function.Position + scope.FirstBlock;
        }

        private static Scope Enclosing(Function function, ControlFlowRegion? region, Dictionary<ControlFlowRegion, Scope> regionScopes)
        {
            for (var current = region; current is not null; current = current.EnclosingRegion)
            {
                if (regionScopes.TryGetValue(current, out var scope)) return scope;
            }

            return function.Root;
        }

        /// <summary>
        /// The region whose entry allocates the local's environment: the region declaring it, except for the pattern
        /// variables of a switch expression arm, which the compiler hoists to the whole switch expression (the graph's
        /// regions around the arms that declare no locals of their own).
        /// </summary>
        private static ControlFlowRegion? ScopeRegion(ControlFlowRegion root, ILocalSymbol local)
        {
            var region = RegionWithLocal(root, local);
            if (region is null || !IsSwitchExpressionArmLocal(local)) return region;
            while (region.EnclosingRegion is { Kind: ControlFlowRegionKind.LocalLifetime, Locals.IsEmpty: true } enclosing) region = enclosing;
            return region;
        }

        private static bool IsSwitchExpressionArmLocal(ILocalSymbol local)
        {
            for (var node = local.DeclaringSyntaxReferences.FirstOrDefault()?.GetSyntax(); node is not null; node = node.Parent)
            {
                if (node is SwitchExpressionArmSyntax) return true;
                if (node is StatementSyntax or AnonymousFunctionExpressionSyntax) return false;
            }

            return false;
        }

        private static ControlFlowRegion? RegionWithLocal(ControlFlowRegion region, ILocalSymbol local)
        {
            if (region.Locals.Contains(local, SymbolEqualityComparer.Default)) return region;
            foreach (var nested in region.NestedRegions)
            {
                if (RegionWithLocal(nested, local) is { } found) return found;
            }

            return null;
        }

        /// <summary>
        /// Locals of the body block itself: the compiler declares them in the function's root scope, with the parameters
        /// (ScopeTreeBuilder.PushOrReuseScope reuses the root scope for the body block).
        /// </summary>
        private static ImmutableArray<ILocalSymbol> BodyLocals(IOperation function) => function switch
        {
            IMethodBodyOperation body => (body.BlockBody?.Locals ?? ImmutableArray<ILocalSymbol>.Empty).AddRange(body.ExpressionBody?.Locals ?? ImmutableArray<ILocalSymbol>.Empty),
            IBlockOperation block => block.Locals,
            ILocalFunctionOperation localFunction => localFunction.Body?.Locals ?? ImmutableArray<ILocalSymbol>.Empty,
            IAnonymousFunctionOperation lambda => lambda.Body.Locals,
            _ => ImmutableArray<ILocalSymbol>.Empty,
        };
    }
}
