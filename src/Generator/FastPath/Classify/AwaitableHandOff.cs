using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Prewired.Generator.Marks;
using Prewired.Generator.TailAwait;

namespace Prewired.Generator.FastPath
{
    /// <summary>
    /// Whether an await's pending awaitable can be handed to the continuation: it travels as a parameter (and a custom one
    /// in a generated pending-awaiter struct), so its type must be one C# can write there. One rule for the generator (which
    /// forwards such a body) and the analyzers (PW0201 at the await, and no PW0202 offering a conversion that would
    /// forward): the candidate analyzer takes the generator's own decision.
    /// </summary>
    internal static class AwaitableHandOff
    {
        /// <summary>Why the awaitable of <paramref name="await"/> cannot be handed over, or null when it can (or does not bind: the body's own errors say why).</summary>
        public static string? Blocker(AwaitExpressionSyntax await, SemanticModel model)
        {
            var type = model.GetTypeInfo(await.Expression).Type;
            if (type is null || type.TypeKind == TypeKind.Error) return null;
            if (type.IsRefLikeType) return "it awaits a ref struct, which cannot be handed to a continuation";
            if (!LoweringShapes.IsNameable(type)) return "it awaits a value of a type C# cannot write (such as a task of an anonymous type), which cannot be handed to a continuation";
            if (IsFrameworkAwaitable(type)) return null;

            // A custom awaitable's generated pending-awaiter struct is not generic: an awaitable or awaiter of the method's
            // own type parameters would need it to be.
            var info = model.GetAwaitExpressionInfo(await);
            if (info.IsDynamic || info.GetAwaiterMethod is null || info.GetResultMethod is null) return null;
            if (type.ContainingSymbol is IMethodSymbol || ContainsMethodTypeParameter(type) || ContainsMethodTypeParameter(info.GetAwaiterMethod.ReturnType))
            {
                return "it awaits a custom awaitable whose type names the method's own type parameters, which the continuation's pending-awaiter struct cannot name yet";
            }

            return null;
        }

        /// <summary>Task, ValueTask (and their generic forms), their ConfigureAwait results and Task.Yield's awaitable: awaited without a wrapper.</summary>
        public static bool IsFrameworkAwaitable(ITypeSymbol type)
            => KnownTypes.ClassifyTaskType(type) is not null || KnownTypes.IsConfiguredAwaitable(type)
               || type is INamedTypeSymbol { Name: "YieldAwaitable", ContainingNamespace: { Name: "CompilerServices" } };

        private static bool ContainsMethodTypeParameter(ITypeSymbol type) => type switch
        {
            ITypeParameterSymbol parameter => parameter.TypeParameterKind == TypeParameterKind.Method,
            INamedTypeSymbol named => named.TypeArguments.Any(ContainsMethodTypeParameter),
            IArrayTypeSymbol array => ContainsMethodTypeParameter(array.ElementType),
            _ => false,
        };
    }
}
