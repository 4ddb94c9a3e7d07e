using System.Collections.Generic;
using Microsoft.CodeAnalysis;

namespace Prewired.Generator.SharedRules.Pipelines
{
    /// <summary>One stage interface a type implements: its kind, the context it takes and the context it passes on.</summary>
    internal sealed class StageInterface
    {
        private StageInterface(INamedTypeSymbol @interface, StageKind kind)
        {
            Interface = @interface;
            Kind = kind;
            InContext = @interface.TypeArguments[0];
            OutContext = kind == StageKind.Terminator ? null : @interface.TypeArguments[1];
        }

        public INamedTypeSymbol Interface { get; }

        public StageKind Kind { get; }

        public ITypeSymbol InContext { get; }

        /// <summary>What the stage passes to <c>next</c>; null for a terminator.</summary>
        public ITypeSymbol? OutContext { get; }

        /// <summary>The Prewired stage interfaces <paramref name="type"/> implements, in declaration order.</summary>
        public static List<StageInterface> Of(ITypeSymbol type)
        {
            var found = new List<StageInterface>();
            foreach (var @interface in type.AllInterfaces)
            {
                if (!IsPrewired(@interface)) continue;
                StageKind? kind = (@interface.Name, @interface.Arity) switch
                {
                    ("IBehavior", 2) => StageKind.DelegateBehavior,
                    ("IInlineBehavior", 2) => StageKind.InlineBehavior,
                    ("IPipelineTerminator", 1) => StageKind.Terminator,
                    _ => null,
                };
                if (kind is { } k) found.Add(new StageInterface(@interface, k));
            }

            return found;
        }

        /// <summary>The interface method the generated chain calls: Invoke for behaviors, Terminate for terminators.</summary>
        public IMethodSymbol? InterfaceMethod()
        {
            foreach (var member in Interface.GetMembers(Kind == StageKind.Terminator ? "Terminate" : "Invoke"))
            {
                if (member is IMethodSymbol method) return method;
            }

            return null;
        }

        public string Display() => Interface.ToDisplayString(SymbolDisplayFormat.MinimallyQualifiedFormat);

        private static bool IsPrewired(INamedTypeSymbol type)
            => type.ContainingNamespace is { Name: "Prewired", ContainingNamespace.IsGlobalNamespace: true };
    }
}
