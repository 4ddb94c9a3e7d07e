using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace Prewired.CodeFixes.Closures
{
    /// <summary>
    /// The new parameters of one function: <c>this</c> first (as <c>self</c>, the receiver before the arguments), then
    /// the variables in declaration order; each named like the variable it replaces, so the body does not change. Null
    /// (not offered) when a name cannot be kept (the function declares or uses another thing of that name, or captures
    /// two variables of one name), when a type cannot be written (anonymous, erroneous) or when <c>this</c> is a struct's
    /// (a copy would not see the writes, and a struct's <c>this</c> cannot be passed by <c>ref</c> from every caller).
    /// <c>self</c> becomes <c>self2</c>, <c>self3</c>... when the function already uses the name.
    /// </summary>
    internal sealed class ParameterWriter
    {
        private static readonly SymbolDisplayFormat Format = SymbolDisplayFormat.MinimallyQualifiedFormat
            .AddMiscellaneousOptions(SymbolDisplayMiscellaneousOptions.IncludeNullableReferenceTypeModifier);

        private readonly SemanticModel _model;
        private readonly LocalFunctionFacts _facts;
        private readonly Dictionary<IMethodSymbol, HashSet<Capture>> _byRef;

        public ParameterWriter(SemanticModel model, LocalFunctionFacts facts, Dictionary<IMethodSymbol, HashSet<Capture>> byRef)
        {
            _model = model;
            _facts = facts;
            _byRef = byRef;
        }

        public IReadOnlyList<CaptureParameter>? Write(IEnumerable<Capture> captures)
        {
            var ordered = captures.OrderBy(c => c.DeclarationPosition).ToList();
            if (ordered.Where(c => !c.IsThis).GroupBy(c => c.Name).Any(g => g.Count() > 1)) return null;
            var tokens = _facts.Syntax.DescendantTokens().Where(t => t.IsKind(SyntaxKind.IdentifierToken) && t != _facts.Syntax.Identifier).ToList();
            var parameters = new List<CaptureParameter>();
            foreach (var capture in ordered)
            {
                var parameter = capture.IsThis ? Self(ordered, tokens) : Variable(capture, tokens);
                if (parameter is null) return null;
                parameters.Add(parameter);
            }

            return parameters;
        }

        private CaptureParameter? Self(List<Capture> captures, List<SyntaxToken> tokens)
        {
            var type = _facts.Symbol.ContainingType;
            if (type is null || type.IsValueType || !Writable(type)) return null;
            var name = "self";
            for (int n = 2; tokens.Any(t => t.ValueText == name) || captures.Any(c => c.Name == name); n++) name = "self" + n;
            return new CaptureParameter(Capture.This, name, type.ToMinimalDisplayString(_model, _facts.Syntax.SpanStart, Format), byRef: false);
        }

        private CaptureParameter? Variable(Capture capture, List<SyntaxToken> tokens)
        {
            if (capture.Type is not { } type || !Writable(type)) return null;
            if (tokens.Any(t => t.ValueText == capture.Name && !IsUseOf(t, capture))) return null;
            bool byRef = _byRef[_facts.Symbol].Contains(capture);
            // 'var' makes a reference-type local nullable; where every read here is known non-null (the original compiled
            // without warnings), the parameter says so, or its uses would now warn.
            if (!byRef && type is { IsReferenceType: true, NullableAnnotation: NullableAnnotation.Annotated } && capture.Symbol is ILocalSymbol && ReadsAreNotNull(capture))
            {
                type = type.WithNullableAnnotation(NullableAnnotation.NotAnnotated);
            }

            return new CaptureParameter(capture, capture.Name, type.ToMinimalDisplayString(_model, _facts.Syntax.SpanStart, Format), byRef);
        }

        /// <summary>The token names the captured variable itself, or is a member's or an argument's name that a parameter cannot hide.</summary>
        private bool IsUseOf(SyntaxToken token, Capture capture) => token.Parent switch
        {
            IdentifierNameSyntax { Parent: MemberAccessExpressionSyntax access } name when access.Name == name => true,
            IdentifierNameSyntax { Parent: MemberBindingExpressionSyntax } => true,
            IdentifierNameSyntax { Parent: NameColonSyntax } => true,
            IdentifierNameSyntax name => SymbolEqualityComparer.Default.Equals(_model.GetSymbolInfo(name).Symbol, capture.Symbol),
            _ => false,
        };

        private bool ReadsAreNotNull(Capture capture)
            => _facts.Syntax.DescendantNodes().OfType<IdentifierNameSyntax>()
                .Where(n => n.Identifier.ValueText == capture.Name && SymbolEqualityComparer.Default.Equals(_model.GetSymbolInfo(n).Symbol, capture.Symbol))
                .All(n => _model.GetTypeInfo(n).Nullability.FlowState == NullableFlowState.NotNull);

        /// <summary>A type a parameter can be declared with: no anonymous type in it, no error.</summary>
        private static bool Writable(ITypeSymbol type) => type switch
        {
            { TypeKind: TypeKind.Error } => false,
            { IsAnonymousType: true } => false,
            IArrayTypeSymbol array => Writable(array.ElementType),
            IPointerTypeSymbol pointer => Writable(pointer.PointedAtType),
            INamedTypeSymbol named => named.TypeArguments.All(Writable) && (named.ContainingType is null || Writable(named.ContainingType)),
            _ => true,
        };
    }
}
