using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace Prewired.CodeFixes.Closures
{
    /// <summary>
    /// Which captures are passed by <c>ref</c>, and whether passing them keeps the behaviour. A capture is a shared
    /// variable; a parameter is a copy taken at the call. The copy is only the same variable when nothing writes it
    /// while the function runs:
    /// <list type="bullet">
    /// <item>the function writes it (also through a function of the set it calls): <c>ref</c>, which needs a synchronous
    /// function (an async or iterator one cannot take <c>ref</c>: not offered), a variable definitely assigned at every
    /// call (a <c>ref</c> argument must be; a capture the function only assigns need not be), and no lambda or other
    /// function nested in it using the variable (a <c>ref</c> parameter cannot be captured);</item>
    /// <item>another lambda or local function writes it: <c>ref</c> for a synchronous function (it may run during the
    /// call); not offered for an async or iterator one;</item>
    /// <item>an async or iterator function runs on after the call returns: a variable the method assigns after its
    /// declaration must be assigned only before every call and not in a loop around a call (and the method has no
    /// <c>goto</c>), or the function could read a later value that the copy does not have (not offered);</item>
    /// <item>a read-only variable (<c>foreach</c>, <c>using</c>, <c>fixed</c>) the function calls a struct method on that
    /// is not readonly: not offered (on the variable the call changes a copy, on a parameter it would not).</item>
    /// </list>
    /// </summary>
    internal sealed class ParameterPassing
    {
        private readonly MemberReferences _references;
        private readonly Dictionary<IMethodSymbol, LocalFunctionFacts> _set;
        private readonly Dictionary<IMethodSymbol, HashSet<Capture>> _captures;

        public ParameterPassing(MemberReferences references, Dictionary<IMethodSymbol, LocalFunctionFacts> set, Dictionary<IMethodSymbol, HashSet<Capture>> captures)
        {
            _references = references;
            _set = set;
            _captures = captures;
        }

        /// <summary>The captures each function takes by <c>ref</c>; null when the fix would change behaviour.</summary>
        public Dictionary<IMethodSymbol, HashSet<Capture>>? Decide()
        {
            var byRef = new Dictionary<IMethodSymbol, HashSet<Capture>>(SymbolEqualityComparer.Default);
            foreach (var facts in _set.Values)
            {
                var set = new HashSet<Capture>();
                foreach (var capture in _captures[facts.Symbol].Where(c => !c.IsThis))
                {
                    if (capture.Symbol is ILocalSymbol { IsForEach: true } or ILocalSymbol { IsUsing: true } or ILocalSymbol { IsFixed: true })
                    {
                        // A read-only variable: a struct method called on it changes a copy. As a parameter it would
                        // change the parameter, and it cannot be passed by ref (nor 'in' to an async function).
                        if (Writes(capture).Any(w => facts.Syntax.Span.Contains(w.Span))) return null;
                        continue;
                    }

                    if (Writes(capture).Any(w => facts.Syntax.Span.Contains(w.Span) || !IsInDeclaringFunction(w, capture))) set.Add(capture);
                }

                byRef.Add(facts.Symbol, set);
            }

            // A function passing a capture on to one that takes it by ref takes it by ref too.
            bool changed;
            do
            {
                changed = false;
                foreach (var facts in _set.Values)
                {
                    foreach (var callee in facts.Callees.Where(_set.ContainsKey))
                    {
                        foreach (var capture in byRef[callee].Where(_captures[facts.Symbol].Contains)) changed |= byRef[facts.Symbol].Add(capture);
                    }
                }
            }
            while (changed);

            foreach (var facts in _set.Values)
            {
                if (!(facts.IsAsyncOrIterator ? AsyncKeepsBehavior(facts, byRef[facts.Symbol]) : RefIsValid(facts, byRef[facts.Symbol]))) return null;
            }

            return byRef;
        }

        private bool AsyncKeepsBehavior(LocalFunctionFacts facts, HashSet<Capture> byRef)
        {
            if (byRef.Count > 0) return false;
            var calls = Calls(facts).ToList();
            foreach (var capture in _captures[facts.Symbol].Where(c => !c.IsThis))
            {
                if (capture.Type is { IsRefLikeType: true }) return false;
                var writes = Writes(capture).ToList();
                if (writes.Count == 0) continue;
                if (MemberReferences.HasGoto(_references.Root)) return false;
                var declaring = MemberReferences.DeclaringFunction(capture.Symbol!);
                foreach (var call in calls)
                {
                    if (MemberReferences.InnermostFunction(call) != declaring) return false;
                    foreach (var write in writes)
                    {
                        if (MemberReferences.InnermostFunction(write) != declaring || write.SpanStart >= call.SpanStart) return false;
                        if (call.Ancestors().Any(a => a is ForStatementSyntax or CommonForEachStatementSyntax or WhileStatementSyntax or DoStatementSyntax && a.Span.Contains(write.Span))) return false;
                    }
                }
            }

            return true;
        }

        private bool RefIsValid(LocalFunctionFacts facts, HashSet<Capture> byRef)
        {
            foreach (var capture in byRef)
            {
                // A function nested in this one (and not converted with it) would capture the ref parameter.
                foreach (var name in _references.Of(capture.Symbol!).Where(n => facts.Syntax.Span.Contains(n.Span)))
                {
                    var function = MemberReferences.InnermostFunction(name);
                    if (function != facts.Syntax && !(function is LocalFunctionStatementSyntax local && _set.Values.Any(f => f.Syntax == local))) return false;
                }

                if (capture.Symbol is not ILocalSymbol variable) continue;
                var declaring = MemberReferences.DeclaringFunction(variable);
                foreach (var call in Calls(facts).Where(c => MemberReferences.InnermostFunction(c) == declaring))
                {
                    var flow = _references.Model.AnalyzeDataFlow(call);
                    if (flow is null || !flow.Succeeded || !flow.DefinitelyAssignedOnEntry.Contains(variable, SymbolEqualityComparer.Default)) return false;
                }
            }

            return true;
        }

        /// <summary>The names of <paramref name="capture"/> that may change it.</summary>
        private IEnumerable<SimpleNameSyntax> Writes(Capture capture)
            => _references.Of(capture.Symbol!).Where(n => VariableWrites.IsWritten(_references.Model.GetOperation(n)));

        private static bool IsInDeclaringFunction(SyntaxNode node, Capture capture)
            => MemberReferences.InnermostFunction(node) == MemberReferences.DeclaringFunction(capture.Symbol!);

        private IEnumerable<InvocationExpressionSyntax> Calls(LocalFunctionFacts facts)
            => _references.Of(facts.Symbol).Select(MemberReferences.CallOf).Where(c => c is not null)!;
    }
}
