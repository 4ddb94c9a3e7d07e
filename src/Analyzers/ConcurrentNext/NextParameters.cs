using Microsoft.CodeAnalysis;
using Prewired.Generator.FastPath;
using Prewired.Generator.Marks;
using Prewired.Generator.TailAwait;

namespace Prewired.Analyzers.ConcurrentNext
{
    /// <summary>
    /// Which parameters are a pipeline <c>next</c>: the rest of the chain, which must be run once at a time per context.
    /// </summary>
    /// <remarks>
    /// Two shapes. The delegate shape is only recognized on the method that implements a behavior's <c>Invoke</c>: a
    /// <c>Func&lt;T, Task&gt;</c> anywhere else is just a callback, and calling one concurrently is often the point.
    /// Any interface named <c>IBehavior</c> with two type parameters counts, so behaviors written against NServiceBus
    /// (<c>NServiceBus.Pipeline.IBehavior&lt;TIn, TOut&gt;</c>) are checked before they are ported. The struct shape is
    /// recognized by type alone: a parameter typed <c>Prewired.INext&lt;T&gt;</c>, or a type parameter constrained to
    /// it, is a continuation wherever it appears (an <c>IInlineBehavior</c>, a helper it forwards to, a local function).
    /// </remarks>
    internal static class NextParameters
    {
        public static bool IsNext(IParameterSymbol parameter)
        {
            if (IsPrewiredNext(parameter)) return true;
            return IsFuncReturningTask(parameter.Type)
                && parameter.ContainingSymbol is IMethodSymbol method
                && ImplementsBehaviorInvoke(method);
        }

        /// <summary>The struct shape: typed, or constrained to, <c>Prewired.INext&lt;T&gt;</c>, which only Prewired's pipelines pass.</summary>
        public static bool IsPrewiredNext(IParameterSymbol parameter) => IsINext(parameter.Type, depth: 0);

        private static bool IsINext(ITypeSymbol type, int depth)
        {
            if (IsINextInterface(type)) return true;
            if (type is not ITypeParameterSymbol typeParameter || depth > 8) return false;
            foreach (var constraint in typeParameter.ConstraintTypes)
            {
                // 'where TNext : INext<T>', 'where TNext : TOther' with TOther constrained to it, or an interface deriving from it.
                if (IsINext(constraint, depth + 1)) return true;
                foreach (var inherited in constraint.AllInterfaces)
                {
                    if (IsINextInterface(inherited)) return true;
                }
            }

            return false;
        }

        /// <summary>INext&lt;T&gt;, and the typed-response and cancellable forms INext&lt;T, TResult&gt; and ICancellableNext&lt;T(, TResult)&gt;.</summary>
        private static bool IsINextInterface(ITypeSymbol type)
            => type is INamedTypeSymbol { Name: "INext" or "ICancellableNext", Arity: 1 or 2, TypeKind: TypeKind.Interface, ContainingNamespace: { Name: "Prewired", ContainingNamespace.IsGlobalNamespace: true } };

        /// <summary><c>Func&lt;T, Task&gt;</c> (also ValueTask&lt;TResult&gt;), or with the token: <c>Func&lt;T, CancellationToken, Task&gt;</c>.</summary>
        private static bool IsFuncReturningTask(ITypeSymbol type)
            => type is INamedTypeSymbol { Name: "Func", Arity: 2 or 3, ContainingNamespace: { Name: "System", ContainingNamespace.IsGlobalNamespace: true } } func
               && (func.Arity == 2 || func.TypeArguments[1] is INamedTypeSymbol { Name: "CancellationToken" })
               && KnownTypes.ClassifyTaskType(func.TypeArguments[func.Arity - 1]) is not null;

        /// <summary>
        /// The method implements <c>IBehavior&lt;,&gt;.Invoke</c>, implicitly, explicitly, or by overriding a base class
        /// method that does (an abstract base behavior with the interface on it is common).
        /// </summary>
        private static bool ImplementsBehaviorInvoke(IMethodSymbol method)
        {
            if (method.Name != "Invoke" && method.ExplicitInterfaceImplementations.IsEmpty) return false;
            for (var current = method; current is not null; current = current.OverriddenMethod)
            {
                foreach (var implemented in current.ExplicitInterfaceImplementations)
                {
                    if (IsBehaviorInvoke(implemented)) return true;
                }

                var type = current.ContainingType;
                if (type is null) continue;
                foreach (var candidate in type.AllInterfaces)
                {
                    if (!IsBehaviorInterface(candidate)) continue;
                    foreach (var member in candidate.GetMembers("Invoke"))
                    {
                        if (member is IMethodSymbol && SymbolEqualityComparer.Default.Equals(type.FindImplementationForInterfaceMember(member), current)) return true;
                    }
                }
            }

            return false;
        }

        private static bool IsBehaviorInvoke(IMethodSymbol method) => method.Name == "Invoke" && IsBehaviorInterface(method.ContainingType);

        /// <summary>Any IBehavior&lt;TIn, TOut&gt; (NServiceBus's too), and Prewired's typed and cancellable forms.</summary>
        private static bool IsBehaviorInterface(INamedTypeSymbol? type)
            => type is { Name: "IBehavior", Arity: 2, TypeKind: TypeKind.Interface }
               || type is { Name: "IBehavior" or "ICancellableBehavior", Arity: 2 or 3, TypeKind: TypeKind.Interface, ContainingNamespace: { Name: "Prewired", ContainingNamespace.IsGlobalNamespace: true } };
    }
}
