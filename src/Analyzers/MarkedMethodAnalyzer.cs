using System.Collections.Immutable;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Diagnostics;
using Prewired.Generator.Analysis;
using Prewired.Generator.Model;

namespace Prewired.Analyzers
{
    /// <summary>
    /// Reports what the generator's shared validation finds: attribute misuse on the marked method (PW0001-PW0008),
    /// and in the body method, awaits [TailAwait] cannot elide (PW0101) or [FastPath] cannot split (PW0201).
    /// </summary>
    [DiagnosticAnalyzer(LanguageNames.CSharp)]
    public sealed class MarkedMethodAnalyzer : DiagnosticAnalyzer
    {
        public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } = ImmutableArray.Create(
            DiagnosticDescriptors.MethodMustBePartial, DiagnosticDescriptors.ContainingTypeMustBePartial, DiagnosticDescriptors.BodyMethodNotFound,
            DiagnosticDescriptors.BodyMethodSignatureMismatch, DiagnosticDescriptors.BodyMethodNotAsync, DiagnosticDescriptors.UnsupportedReturnType,
            DiagnosticDescriptors.UnsupportedMethodShape, DiagnosticDescriptors.InvalidBodyMethodName, DiagnosticDescriptors.ConflictingAttributes, DiagnosticDescriptors.NonTailAwait,
            DiagnosticDescriptors.FastPathNotSplit);

        public override void Initialize(AnalysisContext context)
        {
            // Analyze, not None: once the generator adds the implementing part in a generated file, Roslyn treats the
            // partial method as generated code and would skip it, hiding every usage error behind the generated stub.
            context.ConfigureGeneratedCodeAnalysis(GeneratedCodeAnalysisFlags.Analyze | GeneratedCodeAnalysisFlags.ReportDiagnostics);
            context.EnableConcurrentExecution();
            context.RegisterSymbolAction(AnalyzeMarkedMethod, SymbolKind.Method);
            context.RegisterSyntaxNodeAction(AnalyzeBodyMethod, SyntaxKind.MethodDeclaration);
        }

        private static void AnalyzeMarkedMethod(SymbolAnalysisContext context)
        {
            var method = (IMethodSymbol)context.Symbol;
            if (method.PartialDefinitionPart is not null && MarkedMethodValidator.IsPrewiredGenerated(method, context.CancellationToken)) return;
            foreach (var (attribute, kind) in Marks(method))
            {
                // Attributes of a partial method show on both parts; each is validated from the part it is written on.
                if (!IsWrittenOn(attribute, method, context.CancellationToken)) continue;
                var validation = MarkedMethodValidator.Validate(method, attribute, kind, context.CancellationToken);
                foreach (var finding in validation.Findings) context.ReportDiagnostic(ToDiagnostic(finding));
            }
        }

        /// <summary>Body findings are reported from the body's own syntax, where its semantic model is at hand.</summary>
        private static void AnalyzeBodyMethod(SyntaxNodeAnalysisContext context)
        {
            var declaration = (MethodDeclarationSyntax)context.Node;
            if (declaration.Body is null && declaration.ExpressionBody is null) return;
            if (context.SemanticModel.GetDeclaredSymbol(declaration, context.CancellationToken) is not { IsAsync: true } body) return;
            foreach (var member in body.ContainingType.GetMembers().OfType<IMethodSymbol>())
            {
                foreach (var (attribute, kind) in Marks(member))
                {
                    if (attribute.ConstructorArguments.FirstOrDefault().Value as string != body.Name) continue;
                    var validation = MarkedMethodValidator.Validate(member, attribute, kind, context.CancellationToken);
                    if (!validation.IsValid || validation.BodySyntax != declaration) continue;
                    if (kind == MarkKind.TailAwait)
                    {
                        foreach (var site in TailAwaitClassifier.Classify(declaration, context.SemanticModel, validation.ReturnKind))
                        {
                            if (site.NonTailReason is null) continue;
                            context.ReportDiagnostic(Diagnostic.Create(DiagnosticDescriptors.NonTailAwait, site.Site.Location, site.Site.Display, site.NonTailReason));
                        }
                    }
                    else
                    {
                        foreach (var finding in FastPathClassifier.FindBlockers(declaration, validation.ReturnKind.HasResult(), context.SemanticModel))
                        {
                            context.ReportDiagnostic(ToDiagnostic(finding));
                        }
                    }
                }
            }
        }

        private static System.Collections.Generic.IEnumerable<(AttributeData Attribute, MarkKind Kind)> Marks(IMethodSymbol method)
        {
            foreach (var attribute in method.GetAttributes())
            {
                switch (attribute.AttributeClass?.ToDisplayString())
                {
                    case KnownTypes.TailAwaitAttribute:
                        yield return (attribute, MarkKind.TailAwait);
                        break;
                    case KnownTypes.FastPathAttribute:
                        yield return (attribute, MarkKind.FastPath);
                        break;
                }
            }
        }

        private static bool IsWrittenOn(AttributeData attribute, IMethodSymbol method, System.Threading.CancellationToken cancellationToken)
        {
            var application = attribute.ApplicationSyntaxReference;
            return application is null || method.DeclaringSyntaxReferences.Any(r => r.SyntaxTree == application.SyntaxTree && r.Span.Contains(application.Span));
        }

        private static Diagnostic ToDiagnostic(Finding finding)
            => Diagnostic.Create(DiagnosticDescriptors.For(finding.Id), finding.Location, finding.Arguments.Cast<object>().ToArray());
    }
}
