using System.Collections.Generic;
using Microsoft.CodeAnalysis;
using Prewired.Generator.FastPath;
using Prewired.Generator.Marks;
using Prewired.Generator.TailAwait;

namespace Prewired.Generator.Pipelines.Rules
{
    /// <summary>
    /// A request handler found in the assembly: a class implementing <c>ICancellableTerminator&lt;TRequest, TResponse&gt;</c>,
    /// the Mediator <c>IRequestHandler</c> counterpart, which gets its pipeline generated with the assembly's defaults unless
    /// an explicit [Pipeline] overrides it. One per request the class handles (a class may handle several).
    /// </summary>
    internal sealed class RequestHandler
    {
        private RequestHandler(INamedTypeSymbol type, ITypeSymbol request, ITypeSymbol response)
        {
            Type = type;
            Request = request;
            Response = response;
        }

        public INamedTypeSymbol Type { get; }

        public ITypeSymbol Request { get; }

        public ITypeSymbol Response { get; }

        /// <summary>
        /// The requests <paramref name="type"/> handles. Only a concrete, non-generic class counts (a generic or abstract one
        /// is a building block, not the handler of one request), and a request that is itself a type parameter does not.
        /// </summary>
        public static List<RequestHandler> Of(INamedTypeSymbol type)
        {
            var found = new List<RequestHandler>();
            if (type.TypeKind != TypeKind.Class || type.IsAbstract || type.IsStatic || IsGeneric(type)) return found;
            foreach (var @interface in type.AllInterfaces)
            {
                if (@interface is { Name: "ICancellableTerminator", Arity: 2, ContainingNamespace: { Name: "Prewired", ContainingNamespace.IsGlobalNamespace: true } }
                    && @interface.TypeArguments[0] is INamedTypeSymbol { TypeKind: not TypeKind.Error } request
                    && @interface.TypeArguments[1].TypeKind != TypeKind.Error)
                {
                    found.Add(new RequestHandler(type, request, @interface.TypeArguments[1]));
                }
            }

            return found;
        }

        private static bool IsGeneric(INamedTypeSymbol type)
        {
            for (var current = type; current is not null; current = current.ContainingType)
            {
                if (current.Arity > 0) return true;
            }

            return false;
        }
    }
}
