using System.Linq;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Prewired.Generator.FastPath;
using Prewired.Generator.TailAwait;

namespace Prewired.Generator.Marks
{
    /// <summary>
    /// Who reports a marked method's usage errors (PW0001-PW0009), decided from the same validation by the generator and
    /// the analyzer, so each error shows once wherever the user looks.
    /// <para>
    /// The command-line compiler drops analyzer diagnostics when a build has errors, but always prints the generator's. So
    /// when the misuse itself leaves a compiler error in the build (<see cref="CompilerErrorHidesAnalyzer"/>: CS0751 for a
    /// partial method in a non-partial type, CS0501 for a non-partial declaration without a body, CS0759 for a partial body without a declaration, CS8795 where no
    /// implementation can be declared, CS1988 for a ref/in/out parameter the async body cannot declare), the generator
    /// reports the findings, as dotnet/runtime's LibraryImport generator reports its invalid-usage errors, and they are
    /// the ones the user sees: in <c>dotnet build</c> and in the IDE, which lists generator diagnostics too. The analyzer
    /// still reports them then, but at Hidden severity: not listed a second time, yet on the same spans so its code fixes,
    /// Fix All and <c>dotnet format analyzers --severity hidden</c> find them (those hosts do not see generator diagnostics).
    /// </para>
    /// <para>
    /// Otherwise the generator writes a throwing placeholder (<c>InvalidUsageStub</c>), the build has no compiler error of
    /// the misuse's making, and the analyzer alone reports, at the descriptor's severity: suppressible with
    /// <c>#pragma</c> and .editorconfig like any analyzer diagnostic.
    /// </para>
    /// </summary>
    internal static class UsageErrorReporting
    {
        /// <summary>
        /// True when a generated file can declare the implementing part: the declaration is a partial definition
        /// without a body in partial types a generated file can extend, and the user wrote no implementation.
        /// </summary>
        public static bool CanDeclareImplementation(IMethodSymbol marked, MethodDeclarationSyntax declaration, MarkedMethodValidation validation)
            => declaration.Modifiers.Any(SyntaxKind.PartialKeyword) && declaration.Body is null && declaration.ExpressionBody is null
               && marked.ContainingType.TypeKind != TypeKind.Interface
               && !MarkedMethodValidator.ContainingTypes(marked).Any(t => t.IsFileLocal)
               && validation.Findings.All(f => f.Id is not (DiagnosticIds.MethodMustBePartial or DiagnosticIds.ContainingTypeMustBePartial));

        /// <summary>
        /// True when the misuse makes the compiler report an error of its own, so the command line would not show the
        /// analyzer's diagnostic: the generator reports the findings instead.
        /// </summary>
        public static bool CompilerErrorHidesAnalyzer(IMethodSymbol marked, MethodDeclarationSyntax declaration, MarkedMethodValidation validation, CancellationToken cancellationToken)
        {
            if (validation.Findings.Count == 0) return false;

            // The async body cannot declare a ref, in or out parameter (CS1988).
            if (marked.Parameters.Any(p => p.RefKind != RefKind.None)) return true;

            // A declaration with a body compiles as an ordinary method (PW0001 alone), unless it is a partial implementation
            // with no defining declaration (CS0759); a user-written implementing part completes the partial method.
            if (declaration.Body is not null || declaration.ExpressionBody is not null)
            {
                return declaration.Modifiers.Any(SyntaxKind.PartialKeyword) && marked.PartialDefinitionPart is null;
            }

            if (marked.PartialImplementationPart is { } implementation && !MarkedMethodValidator.IsPrewiredGenerated(implementation, cancellationToken)) return false;

            // A declaration without a body that no generated file can implement: CS0501, CS0751 or CS8795.
            return !CanDeclareImplementation(marked, declaration, validation);
        }
    }
}
