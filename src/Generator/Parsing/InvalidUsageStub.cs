using System.Linq;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Prewired.Generator.Analysis;
using Prewired.Generator.Emit;
using Prewired.Generator.Model;

namespace Prewired.Generator.Parsing
{
    /// <summary>
    /// When the marked method is declared right but its body method is missing or wrong, an implementation that throws
    /// keeps the compiler from adding CS8795 ("partial method must have an implementation"): the compiler skips
    /// analyzers when the build has errors, so without it the user would see CS8795 instead of the PW diagnostic that
    /// says what to fix. The PW error still fails the build; the stub only runs if someone disables that error.
    /// </summary>
    internal static class InvalidUsageStub
    {
        public static GeneratedMethodModel? TryCreate(IMethodSymbol marked, MethodDeclarationSyntax declaration, MarkedMethodValidation validation, MarkKind kind, CancellationToken cancellationToken)
        {
            // Only where a stub compiles: not over a user-written body, a non-partial type, or a type a generated file cannot extend.
            var emittable = declaration.Modifiers.Any(SyntaxKind.PartialKeyword) && declaration.Body is null && declaration.ExpressionBody is null
                            && marked.ContainingType.TypeKind != TypeKind.Interface
                            && !MarkedMethodValidator.ContainingTypes(marked).Any(t => t.IsFileLocal)
                            && validation.Findings.All(f => f.Id is not (DiagnosticIds.MethodMustBePartial or DiagnosticIds.ContainingTypeMustBePartial));

            // With both attributes on one method, the [TailAwait] transform writes the one stub.
            if (kind == MarkKind.FastPath && validation.Findings.Any(f => f.Id == DiagnosticIds.ConflictingAttributes)) return null;
            if (!emittable || validation.Findings.Count == 0) return null;

            var finding = validation.Findings[0];
            var shell = MethodShellParser.ParseForDeclaration(marked, declaration, kind);
            var lines = new CodeLines();
            lines.Line($"// Not generated: see {finding.Id}. This body only runs if that error is suppressed.");
            lines.Line($"throw new global::System.InvalidOperationException(\"[{KnownTypes.AttributeShortName(kind)}] could not generate '{marked.Name}': see diagnostic {finding.Id}.\");");
            var members = new MemberWriter(shell.MemberIndent);
            members.Method(null, shell.Signature, lines);
            return new GeneratedMethodModel(kind, shell, members.ToString());
        }
    }
}
