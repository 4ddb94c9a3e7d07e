using System.Collections.Immutable;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Diagnostics;

namespace Prewired.Analyzers
{
    /// <summary>
    /// The public API analyzers report a public type missing from PublicAPI.*.txt (RS0016) at every partial declaration of
    /// it, generated ones included. A file Prewired generates only reopens a type the user declared, for the marked
    /// method's implementing part and private helpers: it adds no type to the API, and the user's own declaration is still
    /// reported wherever the user's configuration enables RS0016. A configuration by path does not reach generated files
    /// (Npgsql turns RS0016 off for <c>src/*/Internal/**.cs</c>, whose public types it keeps out of its API files), so the
    /// report on the generated part of such a type is suppressed.
    /// </summary>
    [DiagnosticAnalyzer(LanguageNames.CSharp)]
    public sealed class GeneratedTypePartApiSuppressor : DiagnosticSuppressor
    {
        /// <summary>Roslyn names a generated tree's path after the generator's assembly and type.</summary>
        private const string GeneratorPathSegment = "Prewired.Generator.PrewiredGenerator";

        internal static readonly SuppressionDescriptor Rule = new(
            "PWSPR0016",
            "RS0016",
            "The type is declared by the user's code; Prewired's generated file only reopens it, adding nothing to the public API");

        public override ImmutableArray<SuppressionDescriptor> SupportedSuppressions { get; } = ImmutableArray.Create(Rule);

        public override void ReportSuppressions(SuppressionAnalysisContext context)
        {
            foreach (var diagnostic in context.ReportedDiagnostics)
            {
                if (diagnostic.Location.SourceTree is not { } tree || !IsGenerated(tree)) continue;
                var token = tree.GetRoot(context.CancellationToken).FindToken(diagnostic.Location.SourceSpan.Start);
                if (token.Parent is not BaseTypeDeclarationSyntax type || type.Identifier != token || !type.Modifiers.Any(SyntaxKind.PartialKeyword)) continue;

                // Only a type the user declares too: a type only generated code declared would be new API.
                var symbol = context.GetSemanticModel(tree).GetDeclaredSymbol(type, context.CancellationToken);
                if (symbol is not null && symbol.DeclaringSyntaxReferences.Any(r => !IsGenerated(r.SyntaxTree)))
                {
                    context.ReportSuppression(Suppression.Create(Rule, diagnostic));
                }
            }
        }

        private static bool IsGenerated(SyntaxTree tree) => tree.FilePath.Contains(GeneratorPathSegment);
    }
}
