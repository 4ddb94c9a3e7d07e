using System.Collections.Generic;
using System.Linq;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Prewired.Generator.FastPath;
using Prewired.Generator.Model;
using Prewired.Generator.TailAwait;

namespace Prewired.Generator.Marks
{
    /// <summary>What the usage checks found for one method marked [TailAwait] or [FastPath].</summary>
    internal sealed class MarkedMethodValidation
    {
        public List<Finding> Findings { get; } = new();

        public IMethodSymbol? BodyMethod { get; set; }

        public MethodDeclarationSyntax? BodySyntax { get; set; }

        public ReturnKind ReturnKind { get; set; }

        /// <summary>True when the usage is valid and the body method is an async method of the right shape.</summary>
        public bool IsValid => Findings.Count == 0 && BodyMethod is not null && BodySyntax is not null;
    }

    /// <summary>
    /// The usage rules of the two attributes (PW0001-PW0008), checked from symbols and declarations alone so the
    /// generator and the analyzer run exactly the same code.
    /// </summary>
    internal static class MarkedMethodValidator
    {
        public static MarkedMethodValidation Validate(IMethodSymbol marked, AttributeData attribute, MarkKind kind, CancellationToken cancellationToken)
        {
            var result = new MarkedMethodValidation();
            var attributeName = KnownTypes.AttributeShortName(kind);
            var declaration = marked.DeclaringSyntaxReferences.Select(r => r.GetSyntax(cancellationToken)).OfType<MethodDeclarationSyntax>().FirstOrDefault();
            if (declaration is null) return result;
            var nameLocation = declaration.Identifier.GetLocation();
            var argumentLocation = ArgumentLocation(attribute, cancellationToken) ?? nameLocation;

            // The user may have written the body in this declaration or in another part of the partial method.
            var userImplementation = marked.PartialImplementationPart is { } implementation && !IsPrewiredGenerated(implementation, cancellationToken)
                ? implementation.DeclaringSyntaxReferences.Select(r => r.GetSyntax(cancellationToken)).OfType<MethodDeclarationSyntax>().FirstOrDefault()
                : null;
            if (marked.PartialDefinitionPart is not null)
            {
                userImplementation = declaration; // the attribute sits on the implementing part the user wrote
            }

            if (!declaration.Modifiers.Any(SyntaxKind.PartialKeyword) || declaration.Body is not null || declaration.ExpressionBody is not null || userImplementation is not null)
            {
                var location = (userImplementation ?? declaration).Identifier.GetLocation();
                result.Findings.Add(new Finding(DiagnosticIds.MethodMustBePartial, location, marked.Name, attributeName));
            }

            if (marked.GetAttributes().Count(a => KnownTypes.MarkOf(a) is not null) > 1)
            {
                result.Findings.Add(new Finding(DiagnosticIds.ConflictingAttributes, nameLocation, marked.Name));
            }

            var nonPartial = ContainingTypes(marked).FirstOrDefault(t => !IsPartial(t, cancellationToken));
            if (nonPartial is not null)
            {
                result.Findings.Add(new Finding(DiagnosticIds.ContainingTypeMustBePartial, nameLocation, nonPartial.Name, marked.Name));
            }

            var shapeProblem = UnsupportedShape(marked, kind);
            if (shapeProblem is not null)
            {
                // The body is not looked up: its signature cannot match a shape that cannot be generated anyway.
                result.Findings.Add(new Finding(DiagnosticIds.UnsupportedMethodShape, nameLocation, marked.Name, shapeProblem));
                return result;
            }

            var returnKind = KnownTypes.ClassifyTaskType(marked.ReturnType);
            if (returnKind is null)
            {
                result.Findings.Add(new Finding(DiagnosticIds.UnsupportedReturnType, declaration.ReturnType.GetLocation(), marked.Name, marked.ReturnType.ToDisplayString(), attributeName));
            }
            else
            {
                result.ReturnKind = returnKind.Value;
            }

            var bodyName = attribute.ConstructorArguments.Length == 1 ? attribute.ConstructorArguments[0].Value as string : null;
            if (string.IsNullOrWhiteSpace(bodyName))
            {
                result.Findings.Add(new Finding(DiagnosticIds.InvalidBodyMethodName, argumentLocation, attributeName));
                return result;
            }

            FindBody(marked, bodyName!, argumentLocation, result, cancellationToken);
            return result;
        }

        private static void FindBody(IMethodSymbol marked, string bodyName, Location argumentLocation, MarkedMethodValidation result, CancellationToken cancellationToken)
        {
            var candidates = marked.ContainingType.GetMembers(bodyName).OfType<IMethodSymbol>()
                .Where(m => !IsSameMethod(m, marked) && m.MethodKind == MethodKind.Ordinary)
                .ToList();
            if (candidates.Count == 0)
            {
                // The method the code fix would point the attribute at, named, so the build output says what to use.
                var meant = BodyCandidates.For(marked, bodyName);
                var advice = meant.Count > 0
                    ? $"did you mean '{meant[0]}'? (the code fix uses it; write the name with nameof)"
                    : $"add a private async method '{bodyName}' with the same parameters and return type, or fix the name (write it with nameof)";
                result.Findings.Add(new Finding(DiagnosticIds.BodyMethodNotFound, argumentLocation, marked.Name, bodyName, marked.ContainingType.Name, advice));
                return;
            }

            var body = candidates.FirstOrDefault(c => SignatureDifference(c, marked) is null);
            if (body is null)
            {
                var difference = SignatureDifference(candidates[0], marked)!;
                result.Findings.Add(new Finding(DiagnosticIds.BodyMethodSignatureMismatch, argumentLocation, bodyName, marked.Name, difference + "; " + ExpectedSignature(marked)));
                return;
            }

            var bodySyntax = body.DeclaringSyntaxReferences.Select(r => r.GetSyntax(cancellationToken)).OfType<MethodDeclarationSyntax>()
                .FirstOrDefault(m => m.Body is not null || m.ExpressionBody is not null);
            if (!body.IsAsync || bodySyntax is null)
            {
                var location = bodySyntax?.Identifier.GetLocation() ?? argumentLocation;
                result.Findings.Add(new Finding(DiagnosticIds.BodyMethodNotAsync, location, bodyName, marked.Name));
                return;
            }

            result.BodyMethod = body;
            result.BodySyntax = bodySyntax;
        }

        private static bool IsSameMethod(IMethodSymbol candidate, IMethodSymbol marked)
            => SymbolEqualityComparer.Default.Equals(candidate, marked)
               || SymbolEqualityComparer.Default.Equals(candidate.PartialDefinitionPart, marked)
               || SymbolEqualityComparer.Default.Equals(candidate, marked.PartialImplementationPart);

        /// <summary>
        /// Null when the body's signature matches the marked method's; otherwise the first part that differs, named: the
        /// static-ness, the type parameters, the parameter count, the return type, or a parameter (position, name, both types).
        /// </summary>
        private static string? SignatureDifference(IMethodSymbol body, IMethodSymbol marked)
        {
            if (body.IsStatic != marked.IsStatic)
            {
                return body.IsStatic ? $"'{body.Name}' is static and '{marked.Name}' is not" : $"'{marked.Name}' is static and '{body.Name}' is not";
            }

            if (body.Arity != marked.Arity) return $"'{body.Name}' has {Count(body.Arity, "type parameter")}, '{marked.Name}' has {marked.Arity}";
            if (marked.IsGenericMethod)
            {
                // The generated code copies the body's statements, which name its type parameters, into methods declared
                // with the marked method's: names and constraints must be the same.
                var differing = body.TypeParameters.Zip(marked.TypeParameters, (b, m) => (b, m)).FirstOrDefault(p => !SameTypeParameter(p.b, p.m));
                if (differing.b is not null)
                {
                    return differing.b.Name != differing.m.Name
                        ? $"type parameter {differing.m.Ordinal + 1} is named '{differing.b.Name}' in '{body.Name}' and '{differing.m.Name}' in '{marked.Name}'"
                        : $"type parameter '{differing.m.Name}' is constrained differently in '{body.Name}' and '{marked.Name}'";
                }

                body = body.Construct(marked.TypeParameters.Cast<ITypeSymbol>().ToArray());
            }

            if (body.Parameters.Length != marked.Parameters.Length)
            {
                return $"'{body.Name}' has {Count(body.Parameters.Length, "parameter")}, '{marked.Name}' has {marked.Parameters.Length}";
            }

            if (!SymbolEqualityComparer.Default.Equals(body.ReturnType, marked.ReturnType))
            {
                return $"the return type differs: '{body.Name}' returns '{body.ReturnType.ToDisplayString()}', '{marked.Name}' returns '{marked.ReturnType.ToDisplayString()}'";
            }

            for (var i = 0; i < marked.Parameters.Length; i++)
            {
                var (b, m) = (body.Parameters[i], marked.Parameters[i]);
                if (b.RefKind != m.RefKind || !SymbolEqualityComparer.Default.Equals(b.Type, m.Type))
                {
                    return $"parameter {i + 1} differs: '{body.Name}' declares '{ParameterDisplay(b)}', '{marked.Name}' declares '{ParameterDisplay(m)}'";
                }
            }

            return null;
        }

        private static string Count(int count, string noun) => count == 1 ? $"1 {noun}" : $"{count} {noun}s";

        private static string ParameterDisplay(IParameterSymbol parameter)
        {
            var refKind = parameter.RefKind switch
            {
                RefKind.Ref => "ref ",
                RefKind.Out => "out ",
                RefKind.In => "in ",
                _ => string.Empty,
            };
            return refKind + parameter.Type.ToDisplayString() + " " + parameter.Name;
        }

        private static bool SameTypeParameter(ITypeParameterSymbol body, ITypeParameterSymbol marked)
            => body.Name == marked.Name
               && body.HasReferenceTypeConstraint == marked.HasReferenceTypeConstraint && body.HasValueTypeConstraint == marked.HasValueTypeConstraint
               && body.HasUnmanagedTypeConstraint == marked.HasUnmanagedTypeConstraint && body.HasNotNullConstraint == marked.HasNotNullConstraint
               && body.HasConstructorConstraint == marked.HasConstructorConstraint
               && body.ConstraintTypes.Select(t => t.ToDisplayString()).SequenceEqual(marked.ConstraintTypes.Select(t => t.ToDisplayString()));

        private static string ExpectedSignature(IMethodSymbol marked)
        {
            var parameters = string.Join(", ", marked.Parameters.Select(p => p.Type.ToDisplayString() + " " + p.Name));
            var typeParameters = marked.IsGenericMethod ? $" and type parameters <{string.Join(", ", marked.TypeParameters.Select(t => t.Name))}> named and constrained alike" : string.Empty;
            return $"expected {(marked.IsStatic ? "a static" : "an instance")} method returning '{marked.ReturnType.ToDisplayString()}' with parameters ({parameters}){typeParameters}";
        }

        private static string? UnsupportedShape(IMethodSymbol marked, MarkKind kind)
        {
            if (marked.Parameters.Any(p => p.RefKind != RefKind.None)) return "ref, out and in parameters cannot flow into an async body";
            if (marked.IsVararg) return "an __arglist parameter cannot flow into an async body";
            foreach (var type in ContainingTypes(marked))
            {
                // [FastPath] runs its synchronous path on a copy of the struct, as the async body does (FastPathParser); a
                // [TailAwait] method is the body's statements themselves, which would work on 'this' itself.
                if (type.TypeKind == TypeKind.Struct && kind != MarkKind.FastPath)
                {
                    return $"'{type.Name}' is a struct, whose async methods work on a copy of 'this'; declare the method in a class, or use [FastPath]";
                }

                if (type.TypeKind == TypeKind.Interface) return "interface members are not supported";
                if (type.IsFileLocal) return $"'{type.Name}' is a file-local type, which a generated file cannot extend; remove the 'file' modifier";
            }

            return null;
        }

        /// <summary>True for the implementing part Prewired's generator wrote (it carries its [GeneratedCode]).</summary>
        public static bool IsPrewiredGenerated(IMethodSymbol implementation, CancellationToken cancellationToken)
            => implementation.DeclaringSyntaxReferences.Select(r => r.GetSyntax(cancellationToken)).OfType<MethodDeclarationSyntax>()
                .Any(m => m.AttributeLists.SelectMany(l => l.Attributes).Any(a => a.Name.ToString().EndsWith("GeneratedCode", System.StringComparison.Ordinal)
                                                                                 && a.ArgumentList?.Arguments.FirstOrDefault()?.ToString() == "\"Prewired.Generator\""));

        /// <summary>The method's containing types, innermost first.</summary>
        public static IEnumerable<INamedTypeSymbol> ContainingTypes(IMethodSymbol method)
        {
            for (var type = method.ContainingType; type is not null; type = type.ContainingType)
            {
                yield return type;
            }
        }

        private static bool IsPartial(INamedTypeSymbol type, CancellationToken cancellationToken)
            => type.DeclaringSyntaxReferences.All(r => r.GetSyntax(cancellationToken) is TypeDeclarationSyntax t && t.Modifiers.Any(SyntaxKind.PartialKeyword));

        private static Location? ArgumentLocation(AttributeData attribute, CancellationToken cancellationToken)
            => attribute.ApplicationSyntaxReference?.GetSyntax(cancellationToken) is AttributeSyntax { ArgumentList.Arguments.Count: > 0 } syntax
                ? syntax.ArgumentList.Arguments[0].GetLocation()
                : attribute.ApplicationSyntaxReference?.GetSyntax(cancellationToken).GetLocation();
    }
}
