using System.Linq;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Prewired.Generator.Emit;
using Prewired.Generator.FastPath;
using Prewired.Generator.Marks;
using Prewired.Generator.Model;
using Prewired.Generator.TailAwait;

namespace Prewired.Generator.MarkedMethods
{
    /// <summary>
    /// What the generator produces for a marked method whose usage is wrong. Where a generated file can declare the
    /// implementing part, an implementation that throws keeps the compiler from adding CS8795 ("partial method must have
    /// an implementation"): the build then has no compiler error of the misuse's making and the analyzer's PW error is
    /// what the user sees. It still fails the build; the placeholder only runs if someone suppresses that error. Where the
    /// misuse leaves a compiler error anyway (<see cref="UsageErrorReporting"/>), the model also carries the findings for
    /// the generator to report, since the command-line compiler would not print the analyzer's.
    /// </summary>
    internal static class InvalidUsageStub
    {
        public static GeneratedMethodModel? TryCreate(IMethodSymbol marked, MethodDeclarationSyntax declaration, MarkedMethodValidation validation, MarkKind kind, CancellationToken cancellationToken)
        {
            // With both attributes on one method, the [TailAwait] transform writes the one stub and reports the findings once.
            if (kind == MarkKind.FastPath && validation.Findings.Any(f => f.Id == DiagnosticIds.ConflictingAttributes)) return null;
            if (validation.Findings.Count == 0) return null;

            var diagnostics = UsageErrorReporting.CompilerErrorHidesAnalyzer(marked, declaration, validation, cancellationToken)
                ? validation.Findings.Select(DiagnosticInfo.From).ToEquatableArray()
                : EquatableArray<DiagnosticInfo>.Empty;

            // Only where a stub compiles: not over a user-written body, a non-partial type, or a type a generated file cannot extend.
            if (!UsageErrorReporting.CanDeclareImplementation(marked, declaration, validation))
            {
                return diagnostics.Count == 0 ? null : GeneratedMethodModel.DiagnosticsOnly(kind, diagnostics);
            }

            var finding = validation.Findings[0];
            var shell = MethodShellParser.ParseForDeclaration(marked, declaration, kind);
            var lines = new CodeLines();
            lines.Line($"// Not generated: see {finding.Id}. This body only runs if that error is suppressed.");
            lines.Line($"throw new global::System.InvalidOperationException(\"[{KnownTypes.AttributeShortName(kind)}] could not generate '{marked.Name}': see diagnostic {finding.Id}.\");");
            var members = new MemberWriter(shell.MemberIndent);
            members.Method(null, shell.Signature, lines);
            return new GeneratedMethodModel(kind, shell, members.ToString()).WithDiagnostics(diagnostics);
        }
    }
}
