using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Operations;
using Prewired.Generator.FastPath;
using Prewired.Generator.MarkedMethods;
using Prewired.Generator.Marks;
using Prewired.Generator.TailAwait;

namespace Prewired.Generator.ContextGuard
{
    // The members the synchronous part calls, checked through: a method's source body, overrides and interface
    // implementations it may reach, static and instance initializers, chained constructors.
    internal sealed partial class ContextGuardAnalysis
    {
        /// <param name="receiver">The instance the member is called on, when the call site shows it.</param>
        /// <param name="nonVirtualCall">A call the compiler emits without virtual dispatch (a base call).</param>
        private string? CheckMethod(IMethodSymbol method, int depth, IOperation? receiver = null, bool nonVirtualCall = false)
        {
            method = method.ReducedFrom ?? method;
            var resolved = false;
            if (IsOverridable(method))
            {
                if (SafeMetadataMembers.IsFrameworkEncodingMember(method, receiver)) return null;
                var implementation = nonVirtualCall && !method.IsAbstract ? method : Implementation(method, receiver);
                if (implementation is null || implementation.IsAbstract) return Display(method) + " (virtual: an override could do anything)";
                method = implementation;
                resolved = true;
            }

            if (IsAsyncOrGenerated(method)) return null;
            var fromSource = method.Locations.Any(l => l.IsInSource);

            // A call binds to a partial method's declaring half; the body is in the implementing half. Without one in
            // this view, another generator may implement it ([LoggerMessage]): the call is real and its body unknown.
            if (fromSource && method.IsPartialDefinition)
            {
                if (method.PartialImplementationPart is null) return Display(method) + " (a partial method without a body here: another generator may implement it)";
                method = method.PartialImplementationPart;
            }

            // A source method's verdict is its body's, the same for every type argument; a framework member's depends on
            // the type arguments (List<int>.Contains is inert, List<UserType>.Contains calls the user's Equals).
            var definition = fromSource ? method.OriginalDefinition : method;
            if (_verdicts.TryGetValue(definition, out var known)) return known;

            string? verdict;
            if (method.IsImplicitlyDeclared && method.ContainingType.Locations.Any(l => l.IsInSource)
                && method.MethodKind is not (MethodKind.Constructor or MethodKind.PropertyGet or MethodKind.PropertySet))
            {
                // Compiler-synthesized members (record Equals, ==, Clone, ToString, Deconstruct) call user code the
                // analysis cannot see from here, such as a user-written Equals or copy constructor.
                verdict = Display(method) + " (synthesized by the compiler: it may call user-written members)";
            }
            else if (method.MethodKind == MethodKind.Constructor && method.IsImplicitlyDeclared && method.ContainingType.Locations.Any(l => l.IsInSource))
            {
                verdict = CheckInitializers(method.ContainingType, isStatic: false, depth) is { } culprit ? $"{Display(method)} (which runs {culprit})"
                    : ChainedConstructor(method, depth) is { } chained ? $"{Display(method)} (which chains to {chained})" : null;
            }
            else if (method.DeclaringSyntaxReferences.Length == 0 || method.Locations.All(l => !l.IsInSource))
            {
                verdict = SafeMetadataMembers.IsSafe(method, resolved) ? null : Display(method);
            }
            else if (method.IsAbstract || method.IsExtern)
            {
                verdict = Display(method) + " (no body to read)";
            }
            else if (depth >= MaxDepth)
            {
                verdict = Display(method) + " (calls nested too deeply to prove)";
            }
            else if (++_bodies > MaxBodies)
            {
                verdict = Display(method) + $" (more than {MaxBodies} methods to read to prove it)";
            }
            else
            {
                _verdicts[definition] = null; // Recursion assumes the best; any unsafe call inside still decides.
                verdict = CheckSourceBody(method, depth);
            }

            _verdicts[definition] = verdict;
            return verdict;
        }

        /// <summary>
        /// Touching a static member of a source type may run its static constructor and static initializers first;
        /// they are code like any other.
        /// </summary>
        private string? CheckStaticInitialization(ISymbol member, int depth)
        {
            if (!member.IsStatic || member.ContainingType is not { } type || !type.Locations.Any(l => l.IsInSource)) return null;
            if (member is IFieldSymbol { IsConst: true }) return null;
            var staticConstructor = type.StaticConstructors.FirstOrDefault(c => !c.IsImplicitlyDeclared);
            if (staticConstructor is not null) return CheckMethod(staticConstructor, depth);
            return CheckInitializers(type, isStatic: true, depth);
        }

        /// <summary>The field and property initializers a constructor runs before its own body.</summary>
        private string? CheckInitializers(INamedTypeSymbol type, bool isStatic, int depth)
        {
            var verdicts = isStatic ? _staticInitializers : _instanceInitializers;
            var definition = type.OriginalDefinition;
            if (verdicts.TryGetValue(definition, out var known)) return known;
            if (depth >= MaxDepth) return $"the initializers of '{type.Name}' (nested too deeply to prove)";
            verdicts[definition] = null;
            var verdict = FirstUnsafeInitializer(type, isStatic, depth);
            verdicts[definition] = verdict;
            return verdict;
        }

        private string? FirstUnsafeInitializer(INamedTypeSymbol type, bool isStatic, int depth)
        {
            foreach (var member in type.GetMembers())
            {
                if (member.IsStatic != isStatic || member is not (IFieldSymbol or IPropertySymbol)) continue;
                foreach (var reference in member.DeclaringSyntaxReferences)
                {
                    var initializer = reference.GetSyntax(_cancellationToken) switch
                    {
                        VariableDeclaratorSyntax { Initializer: { } i } => i.Value,
                        PropertyDeclarationSyntax { Initializer: { } i } => i.Value,
                        _ => null,
                    };
                    if (initializer is null) continue;
                    var culprit = FirstUnsafe(initializer, SemanticModels.For(_compilation, initializer.SyntaxTree), depth + 1);
                    if (culprit is not null) return $"the initializer of '{type.Name}.{member.Name}' (which calls {culprit})";
                }
            }

            return null;
        }

        /// <summary>The this(...) or base(...) call a constructor makes, written or implicit.</summary>
        private string? ChainedConstructor(IMethodSymbol constructor, int depth)
        {
            foreach (var reference in constructor.DeclaringSyntaxReferences)
            {
                if (reference.GetSyntax(_cancellationToken) is ConstructorDeclarationSyntax { Initializer: { } initializer })
                {
                    return FirstUnsafe(initializer, SemanticModels.For(_compilation, initializer.SyntaxTree), depth + 1);
                }
            }

            // A struct constructor chains to nothing: ValueType's constructor is never called.
            if (constructor.ContainingType.IsValueType) return null;
            var baseType = constructor.ContainingType.BaseType;
            if (baseType is null || baseType.SpecialType == SpecialType.System_Object) return null;
            var implicitBase = baseType.InstanceConstructors.FirstOrDefault(c => c.Parameters.Length == 0);
            return implicitBase is null ? null : CheckMethod(implicitBase, depth);
        }

        private string? CheckSourceBody(IMethodSymbol method, int depth)
        {
            // An instance constructor that does not chain to this(...) runs the instance initializers first.
            if (method.MethodKind == MethodKind.Constructor)
            {
                var chainsToThis = method.DeclaringSyntaxReferences.Any(r => r.GetSyntax(_cancellationToken) is ConstructorDeclarationSyntax { Initializer.ThisOrBaseKeyword.RawKind: (int)SyntaxKind.ThisKeyword });
                var initializers = chainsToThis ? null : CheckInitializers(method.ContainingType, isStatic: false, depth);
                if (initializers is not null) return $"{Display(method)} (which runs {initializers})";
                var chained = ChainedConstructor(method, depth);
                if (chained is not null) return $"{Display(method)} (which chains to {chained})";
            }

            foreach (var reference in method.DeclaringSyntaxReferences)
            {
                var syntax = reference.GetSyntax(_cancellationToken);
                SyntaxNode? body = syntax switch
                {
                    BaseMethodDeclarationSyntax m => (SyntaxNode?)m.Body ?? m.ExpressionBody,
                    AccessorDeclarationSyntax a => (SyntaxNode?)a.Body ?? a.ExpressionBody,
                    ArrowExpressionClauseSyntax arrow => arrow,
                    LocalFunctionStatementSyntax f => (SyntaxNode?)f.Body ?? f.ExpressionBody,
                    _ => null,
                };
                if (body is null) continue; // auto-property accessor, or the other half of a partial method
                var model = SemanticModels.For(_compilation, syntax.SyntaxTree);
                var culprit = FirstUnsafe(body, model, depth + 1);
                if (culprit is not null) return $"{Display(method)} (which calls {culprit})";
            }

            return null;
        }

        /// <summary>Virtual, abstract or an interface member, in a type that can be derived from.</summary>
        private static bool IsOverridable(IMethodSymbol method)
            => (method.IsAbstract || method.IsVirtual || method.IsOverride && !method.IsSealed || method.ContainingType.TypeKind == TypeKind.Interface)
               && !(method.ContainingType.IsSealed || method.ContainingType.IsValueType);

        /// <summary>
        /// The implementation a virtual or interface call reaches when the receiver's type is exact: a sealed class or a
        /// struct (not a type parameter), or a new object; null when an override elsewhere could be the one.
        /// </summary>
        private static IMethodSymbol? Implementation(IMethodSymbol method, IOperation? receiver)
        {
            while (receiver is IConversionOperation { IsImplicit: true } conversion) receiver = conversion.Operand;
            var type = receiver?.Type as INamedTypeSymbol;
            if (type is null || !(receiver is IObjectCreationOperation || type.IsSealed || type.IsValueType)) return null;
            return ImplementationIn(type, method);
        }

        /// <summary>What a call of <paramref name="method"/> runs on an object whose runtime type is exactly <paramref name="type"/>.</summary>
        private static IMethodSymbol? ImplementationIn(INamedTypeSymbol type, IMethodSymbol method)
        {
            if (method.ContainingType.TypeKind == TypeKind.Interface)
            {
                // The interface maps to a method that may itself be virtual: the type's override of it is what runs.
                if (type.FindImplementationForInterfaceMember(method) is not IMethodSymbol mapped) return null;
                if (!(mapped.IsVirtual || mapped.IsOverride || mapped.IsAbstract) || mapped.ContainingType.TypeKind == TypeKind.Interface) return mapped;
                method = mapped;
            }

            for (var current = type; current is not null; current = current.BaseType)
            {
                foreach (var candidate in current.GetMembers(method.Name).OfType<IMethodSymbol>())
                {
                    for (var overridden = candidate; overridden is not null; overridden = overridden.OverriddenMethod)
                    {
                        if (!SymbolEqualityComparer.Default.Equals(overridden.OriginalDefinition, method.OriginalDefinition)) continue;
                        return candidate.IsGenericMethod && method.IsGenericMethod ? candidate.Construct(method.TypeArguments.ToArray()) : candidate;
                    }
                }
            }

            return null;
        }

        /// <summary>
        /// A call to a [Conditional] method whose symbols are all undefined where it is written: the compiler leaves it
        /// out, arguments and all (Debug.Assert in a Release build). A symbol counts as defined when the build defines it
        /// or the file has a #define of it anywhere (an #undef is ignored: that only keeps calls the compiler drops).
        /// </summary>
        private static bool IsOmittedConditionalCall(IMethodSymbol method, SemanticModel model)
        {
            var symbols = new List<string>();
            for (var current = method.ReducedFrom ?? method; current is not null; current = current.OverriddenMethod)
            {
                foreach (var attribute in current.GetAttributes())
                {
                    if (KnownTypes.IsType(attribute.AttributeClass, "System.Diagnostics.ConditionalAttribute")
                        && attribute.ConstructorArguments.Length == 1 && attribute.ConstructorArguments[0].Value is string symbol)
                    {
                        symbols.Add(symbol);
                    }
                }
            }

            if (symbols.Count == 0) return false;
            var tree = model.SyntaxTree;
            var defined = new HashSet<string>(tree.Options.PreprocessorSymbolNames);
            foreach (var directive in tree.GetRoot().DescendantTrivia(descendIntoTrivia: true).Select(t => t.GetStructure()).OfType<DefineDirectiveTriviaSyntax>())
            {
                defined.Add(directive.Name.ValueText);
            }

            return !symbols.Any(defined.Contains);
        }

        private static bool IsAsyncOrGenerated(IMethodSymbol method)
        {
            if (method.IsAsync) return true;
            foreach (var attribute in method.GetAttributes().Concat(method.PartialDefinitionPart?.GetAttributes() ?? Enumerable.Empty<AttributeData>()))
            {
                if (KnownTypes.IsType(attribute.AttributeClass, "System.Runtime.CompilerServices.AsyncStateMachineAttribute") || KnownTypes.MarkOf(attribute) is not null) return true;
            }

            return false;
        }
    }
}
