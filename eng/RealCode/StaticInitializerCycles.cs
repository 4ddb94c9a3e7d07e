using System.Collections.Generic;
using System.Linq;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace Prewired.RealCode
{
    /// <summary>
    /// The source types whose static initializers read, directly or through other such types, a static member of their
    /// own type (<c>static readonly int B = A + 1;</c>), where none of the types on the way has a static constructor of
    /// its own. The generator's context-guard analysis (ContextGuardAnalysis: a static member's first use may run its
    /// type's static initializers) follows these reads without end and overflows the compiler's stack, which no handler
    /// can catch. So that the rest of the library can still be measured, the copy gives these types an empty static
    /// constructor, which the analysis checks once (and remembers) instead of the initializers: the guard decision may
    /// change for bodies touching them, whether a body is split or forwarded does not (it is decided before).
    /// </summary>
    internal static class StaticInitializerCycles
    {
        public static List<INamedTypeSymbol> Find(Compilation compilation, CancellationToken cancellationToken)
        {
            var edges = new Dictionary<INamedTypeSymbol, HashSet<INamedTypeSymbol>>(SymbolEqualityComparer.Default);
            foreach (var type in SourceTypes(compilation.Assembly.GlobalNamespace))
            {
                if (HasStaticConstructor(type)) continue;
                var targets = new HashSet<INamedTypeSymbol>(SymbolEqualityComparer.Default);
                foreach (var member in type.GetMembers().Where(m => m.IsStatic && m is IFieldSymbol or IPropertySymbol))
                {
                    foreach (var reference in member.DeclaringSyntaxReferences)
                    {
                        var syntax = reference.GetSyntax(cancellationToken);
                        var initializer = syntax switch
                        {
                            Microsoft.CodeAnalysis.CSharp.Syntax.VariableDeclaratorSyntax { Initializer: { } i } => i.Value,
                            Microsoft.CodeAnalysis.CSharp.Syntax.PropertyDeclarationSyntax { Initializer: { } i } => i.Value,
                            _ => null,
                        };
                        if (initializer is null) continue;
                        var operation = compilation.GetSemanticModel(initializer.SyntaxTree).GetOperation(initializer, cancellationToken);
                        if (operation is null) continue;
                        foreach (var read in operation.DescendantsAndSelf())
                        {
                            var target = read switch
                            {
                                IFieldReferenceOperation { Field: { IsStatic: true, IsConst: false } field } => field.ContainingType,
                                IPropertyReferenceOperation { Property.IsStatic: true } property => property.Property.ContainingType,
                                _ => null,
                            };
                            if (target?.OriginalDefinition is { } definition && definition.Locations.Any(l => l.IsInSource) && !HasStaticConstructor(definition))
                            {
                                targets.Add(definition);
                            }
                        }
                    }
                }

                edges[type] = targets;
            }

            // A type is on a cycle when it reaches itself.
            var cyclic = new List<INamedTypeSymbol>();
            foreach (var type in edges.Keys)
            {
                var seen = new HashSet<INamedTypeSymbol>(SymbolEqualityComparer.Default);
                var pending = new Stack<INamedTypeSymbol>(edges[type]);
                while (pending.Count > 0)
                {
                    var next = pending.Pop();
                    if (SymbolEqualityComparer.Default.Equals(next, type))
                    {
                        cyclic.Add(type);
                        break;
                    }

                    if (!seen.Add(next) || !edges.TryGetValue(next, out var more)) continue;
                    foreach (var target in more) pending.Push(target);
                }
            }

            return cyclic;
        }

        private static bool HasStaticConstructor(INamedTypeSymbol type) => type.StaticConstructors.Any(c => !c.IsImplicitlyDeclared);

        private static IEnumerable<INamedTypeSymbol> SourceTypes(INamespaceSymbol ns)
        {
            foreach (var member in ns.GetMembers())
            {
                if (member is INamespaceSymbol inner)
                {
                    foreach (var type in SourceTypes(inner)) yield return type;
                }
                else if (member is INamedTypeSymbol type)
                {
                    foreach (var nested in WithNested(type)) yield return nested;
                }
            }
        }

        private static IEnumerable<INamedTypeSymbol> WithNested(INamedTypeSymbol type)
        {
            if (type.Locations.Any(l => l.IsInSource)) yield return type;
            foreach (var nested in type.GetTypeMembers())
            {
                foreach (var inner in WithNested(nested)) yield return inner;
            }
        }
    }
}
