using System.Collections.Generic;
using System.Linq;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace Prewired.CodeFixes.Closures
{
    /// <summary>
    /// Plans PW0401's fix: the local functions the diagnostic names become <c>static</c>, with their captures as
    /// parameters, together with every function the change drags along (a local function they call that is not static;
    /// a local function that calls them from outside and would otherwise start capturing what it passes). Null when the
    /// change cannot keep the code compiling and behaving the same: a function used as a delegate (its signature changes);
    /// one a lambda calls (the lambda would capture what it passes); one using <c>base</c> or a primary constructor
    /// parameter (<see cref="LocalFunctionFacts"/>); the cases of <see cref="ParameterPassing"/> (ref, async, iterators)
    /// and of <see cref="ParameterWriter"/> (names, types, a struct's <c>this</c>).
    /// </summary>
    internal sealed class StaticConversionPlanner
    {
        private readonly MemberReferences _references;
        private readonly CancellationToken _cancellationToken;
        private readonly Dictionary<IMethodSymbol, LocalFunctionFacts> _set = new(SymbolEqualityComparer.Default);
        private readonly Dictionary<IMethodSymbol, HashSet<Capture>> _captures = new(SymbolEqualityComparer.Default);

        private StaticConversionPlanner(MemberReferences references, CancellationToken cancellationToken)
        {
            _references = references;
            _cancellationToken = cancellationToken;
        }

        private SemanticModel Model => _references.Model;

        public static StaticConversion? Plan(SemanticModel model, IReadOnlyList<LocalFunctionStatementSyntax> named, CancellationToken cancellationToken)
        {
            if (named.Count == 0) return null;
            var root = MemberReferences.MemberOf(named[0]);
            if (named.Any(f => MemberReferences.MemberOf(f) != root)) return null;
            var planner = new StaticConversionPlanner(MemberReferences.Build(model, root, cancellationToken), cancellationToken);
            foreach (var function in named)
            {
                if (!planner.Add(function)) return null;
            }

            return planner.Close() ? planner.Build() : null;
        }

        private bool Add(LocalFunctionStatementSyntax syntax)
        {
            if (Model.GetDeclaredSymbol(syntax, _cancellationToken) is not IMethodSymbol symbol) return false;
            if (_set.ContainsKey(symbol)) return true;
            var facts = LocalFunctionFacts.Collect(_references, syntax, symbol, _cancellationToken);
            if (facts.Problem is not null) return false;
            _set.Add(symbol, facts);
            return true;
        }

        private bool Add(IMethodSymbol symbol)
            => _set.ContainsKey(symbol)
               || (symbol.DeclaringSyntaxReferences.FirstOrDefault()?.GetSyntax(_cancellationToken) is LocalFunctionStatementSyntax syntax
                   && syntax.SyntaxTree == _references.Root.SyntaxTree
                   && Add(syntax));

        /// <summary>
        /// Grows the set to a fixed point: callees that are not static join it (a static local function cannot refer to
        /// them); a local function calling a member of the set from outside joins it when the call would make it capture
        /// what it now passes; a lambda doing so, or a delegate made from a function whose signature changes, stops the fix.
        /// </summary>
        private bool Close()
        {
            bool changed;
            do
            {
                _cancellationToken.ThrowIfCancellationRequested();
                changed = false;
                foreach (var facts in _set.Values.ToList())
                {
                    foreach (var callee in facts.Callees)
                    {
                        if (_set.ContainsKey(callee)) continue;
                        if (!Add(callee)) return false;
                        changed = true;
                    }
                }

                ComputeCaptures();
                foreach (var facts in _set.Values.ToList())
                {
                    var captures = _captures[facts.Symbol];
                    if (captures.Count == 0) continue;
                    foreach (var name in _references.Of(facts.Symbol))
                    {
                        if (_references.IsInNameOf(name)) continue;
                        // A delegate's signature would change with the function's.
                        if (MemberReferences.CallOf(name) is null) return false;
                        var caller = MemberReferences.InnermostFunction(name);
                        if (caller is null || IsInSet(caller)) continue;
                        if (captures.All(c => !c.IsThis && MemberReferences.IsDeclaredIn(c.Symbol!, caller))) continue;
                        // A lambda would capture what it passes: its closure (and the report) would stay.
                        if (caller is not LocalFunctionStatementSyntax local) return false;
                        if (!Add(local)) return false;
                        changed = true;
                    }
                }
            }
            while (changed);

            return true;
        }

        /// <summary>A function's captures: its own, and those of the members of the set it calls (it passes them on).</summary>
        private void ComputeCaptures()
        {
            _captures.Clear();
            foreach (var facts in _set.Values) _captures[facts.Symbol] = new HashSet<Capture>(facts.Direct);
            bool changed;
            do
            {
                changed = false;
                foreach (var facts in _set.Values)
                {
                    var captures = _captures[facts.Symbol];
                    foreach (var callee in facts.Callees.Where(_set.ContainsKey))
                    {
                        foreach (var capture in _captures[callee])
                        {
                            if (!capture.IsThis && MemberReferences.IsDeclaredIn(capture.Symbol!, facts.Syntax)) continue;
                            changed |= captures.Add(capture);
                        }
                    }
                }
            }
            while (changed);
        }

        private bool IsInSet(SyntaxNode function)
            => function is LocalFunctionStatementSyntax local && _set.Values.Any(f => f.Syntax == local);

        private StaticConversion? Build()
        {
            var byRef = new ParameterPassing(_references, _set, _captures).Decide();
            if (byRef is null) return null;

            var functions = new Dictionary<IMethodSymbol, StaticLocalFunction>(SymbolEqualityComparer.Default);
            foreach (var facts in _set.Values.OrderBy(f => f.Syntax.SpanStart))
            {
                var parameters = new ParameterWriter(Model, facts, byRef).Write(_captures[facts.Symbol]);
                if (parameters is null) return null;
                var thisReferences = facts.ThisReferences.Where(r => InnermostInSet(r) == facts.Syntax).ToList();
                functions.Add(facts.Symbol, new StaticLocalFunction(facts.Syntax, parameters, InsertAt(facts.Syntax), thisReferences));
            }

            var calls = new List<CallSite>();
            foreach (var function in functions)
            {
                if (function.Value.Parameters.Count == 0) continue;
                foreach (var name in _references.Of(function.Key))
                {
                    if (MemberReferences.CallOf(name) is not { } call) continue;
                    var caller = InnermostInSet(call);
                    calls.Add(new CallSite(call, function.Value, caller is null ? null : functions.Values.First(f => f.Syntax == caller)));
                }
            }

            return new StaticConversion(functions.Values.ToList(), calls);
        }

        /// <summary>The innermost member of the set around a node.</summary>
        private LocalFunctionStatementSyntax? InnermostInSet(SyntaxNode node)
            => node.Ancestors().OfType<LocalFunctionStatementSyntax>().FirstOrDefault(IsInSet);

        /// <summary>New parameters go after the existing ones, but before the first optional or params one.</summary>
        private static int InsertAt(LocalFunctionStatementSyntax syntax)
        {
            var parameters = syntax.ParameterList.Parameters;
            for (int i = 0; i < parameters.Count; i++)
            {
                if (parameters[i].Default is not null || parameters[i].Modifiers.Any(m => m.ValueText == "params")) return i;
            }

            return parameters.Count;
        }
    }
}
