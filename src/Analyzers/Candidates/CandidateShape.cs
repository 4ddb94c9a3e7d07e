using System.Linq;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Prewired.Generator.FastPath;
using Prewired.Generator.Marks;
using Prewired.Generator.Model;
using Prewired.Generator.TailAwait;

namespace Prewired.Analyzers.Candidates
{
    /// <summary>
    /// Which async methods the candidate rules (PW0102, PW0202) look at: ordinary async methods whose conversion to a
    /// marked partial method and a private body passes every usage rule (PW0001-PW0008), so the fix never trades a
    /// suggestion for an error. The await rules themselves are the generator's (TailAwaitClassifier, FastPathClassifier).
    /// </summary>
    internal static class CandidateShape
    {
        private const string GeneratedCodeAttribute = "System.CodeDom.Compiler.GeneratedCodeAttribute";

        /// <summary>The syntactic checks: cheap, so they run first on every method declaration.</summary>
        public static bool IsConvertibleDeclaration(MethodDeclarationSyntax declaration)
        {
            if (!declaration.Modifiers.Any(SyntaxKind.AsyncKeyword)) return false;
            if (declaration.Body is null && declaration.ExpressionBody is null) return false;

            // Already partial (a user-written implementing part), or a shape a partial method cannot take.
            foreach (var modifier in declaration.Modifiers)
            {
                if (modifier.IsKind(SyntaxKind.PartialKeyword) || modifier.IsKind(SyntaxKind.AbstractKeyword) || modifier.IsKind(SyntaxKind.ExternKeyword)
                    || modifier.IsKind(SyntaxKind.UnsafeKeyword))
                {
                    return false;
                }
            }

            // Explicit interface implementations cannot be partial; ref/out/in parameters are PW0007.
            if (declaration.ExplicitInterfaceSpecifier is not null) return false;
            foreach (var parameter in declaration.ParameterList.Parameters)
            {
                if (parameter.Modifiers.Any(m => m.IsKind(SyntaxKind.RefKeyword) || m.IsKind(SyntaxKind.OutKeyword) || m.IsKind(SyntaxKind.InKeyword)))
                {
                    return false;
                }
            }

            // Classes and record classes only: struct members are PW0007, interface members cannot be converted.
            if (declaration.Parent is not (ClassDeclarationSyntax or RecordDeclarationSyntax { ClassOrStructKeyword.RawKind: not (int)SyntaxKind.StructKeyword })) return false;

            // Partial methods with a return value need C# 9.
            return declaration.SyntaxTree.Options is not CSharpParseOptions options || options.LanguageVersion >= LanguageVersion.CSharp9;
        }

        /// <summary>The semantic checks, mirroring MarkedMethodValidator's shape rules.</summary>
        public static bool IsConvertibleMethod(IMethodSymbol method, CancellationToken cancellationToken)
        {
            if (method.MethodKind != MethodKind.Ordinary || method.IsAbstract || method.IsExtern) return false;
            if (method.Parameters.Any(p => p.RefKind != RefKind.None)) return false;

            // An entry point stays what the runtime calls.
            if (method.IsStatic && method.Name == "Main") return false;
            if (HasGeneratedCodeAttribute(method)) return false;
            foreach (var type in MarkedMethodValidator.ContainingTypes(method))
            {
                if (type.TypeKind != TypeKind.Class || type.IsFileLocal || HasGeneratedCodeAttribute(type)) return false;
            }

            return !IsMarked(method) && !IsBodyOfMarkedMethod(method, cancellationToken);
        }

        public static ReturnKind? ReturnKindOf(IMethodSymbol method) => KnownTypes.ClassifyTaskType(method.ReturnType);

        private static bool IsMarked(IMethodSymbol method)
            => method.GetAttributes().Any(a => KnownTypes.MarkOf(a) is not null);

        /// <summary>A method some [TailAwait]/[FastPath] of its type names as its body: already converted.</summary>
        private static bool IsBodyOfMarkedMethod(IMethodSymbol method, CancellationToken cancellationToken)
        {
            foreach (var member in method.ContainingType.GetMembers())
            {
                cancellationToken.ThrowIfCancellationRequested();
                if (member is not IMethodSymbol other || SymbolEqualityComparer.Default.Equals(other, method)) continue;
                foreach (var attribute in other.GetAttributes())
                {
                    if (KnownTypes.MarkOf(attribute) is null || attribute.ConstructorArguments.Length != 1 || attribute.ConstructorArguments[0].Value is not string bodyName) continue;
                    if (bodyName == method.Name) return true;

                    // A typo of this method's name that names nothing else (PW0003): its fix points the mark here, so this is
                    // the body, not a method to convert (both fixes in one dotnet format run would convert it as well).
                    if (method.ContainingType.GetMembers(bodyName).IsEmpty && NearMissNames.IsClose(method.Name, bodyName)) return true;
                }
            }

            return false;
        }

        private static bool HasGeneratedCodeAttribute(ISymbol symbol)
            => symbol.GetAttributes().Any(a => KnownTypes.IsType(a.AttributeClass, GeneratedCodeAttribute));
    }
}
