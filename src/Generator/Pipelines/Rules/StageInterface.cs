using System.Collections.Generic;
using Microsoft.CodeAnalysis;
using Prewired.Generator.Marks;

namespace Prewired.Generator.Pipelines.Rules
{
    /// <summary>
    /// One stage interface a type implements: its kind, the context it takes and the context it passes on, the typed
    /// response it returns (none for the Task-only NServiceBus shape) and whether it takes the pipeline's CancellationToken.
    /// </summary>
    internal sealed class StageInterface
    {
        private StageInterface(INamedTypeSymbol @interface, StageKind kind, bool takesToken)
        {
            Interface = @interface;
            Kind = kind;
            TakesToken = takesToken;
            InContext = @interface.TypeArguments[0];
            OutContext = kind == StageKind.Terminator ? null : @interface.TypeArguments[1];
            var resultIndex = kind == StageKind.Terminator ? 1 : 2;
            Result = @interface.TypeArguments.Length > resultIndex ? @interface.TypeArguments[resultIndex] : null;
        }

        public INamedTypeSymbol Interface { get; }

        public StageKind Kind { get; }

        public ITypeSymbol InContext { get; }

        /// <summary>What the stage passes to <c>next</c>; null for a terminator.</summary>
        public ITypeSymbol? OutContext { get; }

        /// <summary>The response it returns (<c>ValueTask&lt;TResult&gt;</c>); null when it returns a plain Task.</summary>
        public ITypeSymbol? Result { get; }

        /// <summary>Whether it takes the pipeline's CancellationToken (the ICancellable* interfaces).</summary>
        public bool TakesToken { get; }

        /// <summary>The Prewired stage interfaces <paramref name="type"/> implements, in declaration order.</summary>
        public static List<StageInterface> Of(ITypeSymbol type)
        {
            var found = new List<StageInterface>();
            foreach (var @interface in type.AllInterfaces)
            {
                if (!IsPrewired(@interface)) continue;
                (StageKind Kind, bool Token)? shape = (@interface.Name, @interface.Arity) switch
                {
                    ("IBehavior", 2 or 3) => (StageKind.DelegateBehavior, false),
                    ("IInlineBehavior", 2 or 3) => (StageKind.InlineBehavior, false),
                    ("IPipelineTerminator", 1 or 2) => (StageKind.Terminator, false),
                    ("ICancellableBehavior", 2 or 3) => (StageKind.DelegateBehavior, true),
                    ("ICancellableInlineBehavior", 2 or 3) => (StageKind.InlineBehavior, true),
                    ("ICancellableTerminator", 1 or 2) => (StageKind.Terminator, true),
                    _ => null,
                };
                if (shape is { } s) found.Add(new StageInterface(@interface, s.Kind, s.Token));
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
