using System.Linq;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Prewired.Generator.Pipelines.Rules;

namespace Prewired.Analyzers.StructShape
{
    /// <summary>
    /// A behavior written in the delegate shape (<c>IBehavior</c>, <c>ICancellableBehavior</c>, with or without a typed
    /// response) whose declaration the PW0330 fix can rewrite to the struct shape: what the analyzer checks before it reports,
    /// and what the code fix edits. Linked into the code-fix assembly, so both agree on which syntax is the behavior's.
    /// </summary>
    /// <remarks>
    /// Only one form is taken, the one a rewrite of this class alone can change without touching other code: the class
    /// itself lists the interface (not a base class, whose other derived types would change too), it is its only stage
    /// interface, and it declares the <c>Invoke</c> that implements it, with a body, in the same file as that base-list entry,
    /// not virtual, abstract, override or partial (a derived or other part's signature would no longer match).
    /// </remarks>
    internal sealed class DelegateBehavior
    {
        private DelegateBehavior(INamedTypeSymbol type, StageInterface shape, IMethodSymbol method, MethodDeclarationSyntax declaration,
            TypeDeclarationSyntax typeDeclaration, BaseTypeSyntax baseType)
        {
            Type = type;
            Shape = shape;
            Method = method;
            Declaration = declaration;
            TypeDeclaration = typeDeclaration;
            BaseType = baseType;
        }

        public INamedTypeSymbol Type { get; }

        public StageInterface Shape { get; }

        /// <summary>The behavior's <c>Invoke</c>, which implements the interface's.</summary>
        public IMethodSymbol Method { get; }

        public MethodDeclarationSyntax Declaration { get; }

        /// <summary>The part of the class whose base list names the interface.</summary>
        public TypeDeclarationSyntax TypeDeclaration { get; }

        /// <summary>The interface's entry in that base list.</summary>
        public BaseTypeSyntax BaseType { get; }

        /// <summary>The delegate <c>next</c>: the parameter after the context.</summary>
        public IParameterSymbol Next => Method.Parameters[1];

        /// <summary>Where PW0330 sits: the class's name in the part that lists the interface.</summary>
        public Location Location => TypeDeclaration.Identifier.GetLocation();

        /// <summary>The struct-shape interface the fix writes instead: <c>IInlineBehavior</c> or <c>ICancellableInlineBehavior</c>.</summary>
        public string InlineInterfaceName => Shape.TakesToken ? "ICancellableInlineBehavior" : "IInlineBehavior";

        /// <summary>The interface the fix constrains <c>TNext</c> to: <c>INext</c> or <c>ICancellableNext</c>.</summary>
        public string NextInterfaceName => Shape.TakesToken ? "ICancellableNext" : "INext";

        public static DelegateBehavior? Find(INamedTypeSymbol type, CancellationToken cancellationToken)
        {
            if (type.TypeKind != TypeKind.Class) return null;
            var stages = StageInterface.Of(type);
            if (stages.Count != 1 || stages[0].Kind != StageKind.DelegateBehavior) return null;
            var shape = stages[0];
            if (!type.Interfaces.Contains(shape.Interface, SymbolEqualityComparer.Default)) return null;
            if (shape.InterfaceMethod() is not { } invoke
                || type.FindImplementationForInterfaceMember(invoke) is not IMethodSymbol method
                || !SymbolEqualityComparer.Default.Equals(method.ContainingType, type)
                || method.IsVirtual || method.IsAbstract || method.IsOverride || method.IsExtern || method.Arity > 0 || method.Parameters.Length < 2
                || method.PartialDefinitionPart is not null || method.PartialImplementationPart is not null
                || method.DeclaringSyntaxReferences.Length != 1
                || method.DeclaringSyntaxReferences[0].GetSyntax(cancellationToken) is not MethodDeclarationSyntax declaration
                || (declaration.Body is null && declaration.ExpressionBody is null))
            {
                return null;
            }

            var entries = type.DeclaringSyntaxReferences
                .Where(r => r.SyntaxTree == declaration.SyntaxTree)
                .Select(r => r.GetSyntax(cancellationToken))
                .OfType<TypeDeclarationSyntax>()
                .SelectMany(t => t.BaseList?.Types.Select(b => (Type: t, Entry: b)) ?? Enumerable.Empty<(TypeDeclarationSyntax, BaseTypeSyntax)>())
                .Where(e => RightmostName(e.Entry.Type) is GenericNameSyntax name
                            && name.Identifier.ValueText == shape.Interface.Name
                            && name.TypeArgumentList.Arguments.Count == shape.Interface.Arity)
                .ToList();
            return entries.Count == 1 ? new DelegateBehavior(type, shape, method, declaration, entries[0].Type, entries[0].Entry) : null;
        }

        /// <summary>The name a type syntax ends with: <c>IBehavior&lt;A, A&gt;</c> in <c>Prewired.IBehavior&lt;A, A&gt;</c> and <c>global::Prewired.IBehavior&lt;A, A&gt;</c>.</summary>
        public static SimpleNameSyntax? RightmostName(TypeSyntax type) => type switch
        {
            SimpleNameSyntax simple => simple,
            QualifiedNameSyntax qualified => qualified.Right,
            AliasQualifiedNameSyntax alias => alias.Name,
            _ => null,
        };
    }
}
