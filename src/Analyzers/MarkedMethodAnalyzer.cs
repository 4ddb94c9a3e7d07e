using System.Collections.Concurrent;
using System.Collections.Immutable;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Diagnostics;
using Prewired.Generator.FastPath;
using Prewired.Generator.Marks;
using Prewired.Generator.Model;
using Prewired.Generator.TailAwait;

namespace Prewired.Analyzers
{
    /// <summary>
    /// Reports what the generator's shared validation finds: attribute misuse on the marked method (PW0001-PW0009; Hidden
    /// where the generator reports it, see <see cref="UsageErrorReporting"/>), and in the body method, awaits [TailAwait] cannot elide (PW0101) or [FastPath] cannot split (PW0201), and context changes a mark with AssumeContextUnchanged = true hides (PW0203).
    /// </summary>
    [DiagnosticAnalyzer(LanguageNames.CSharp)]
    public sealed class MarkedMethodAnalyzer : DiagnosticAnalyzer
    {
        public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } = ImmutableArray.Create(
            DiagnosticDescriptors.MethodMustBePartial, DiagnosticDescriptors.ContainingTypeMustBePartial, DiagnosticDescriptors.BodyMethodNotFound,
            DiagnosticDescriptors.BodyMethodSignatureMismatch, DiagnosticDescriptors.BodyMethodNotAsync, DiagnosticDescriptors.UnsupportedReturnType,
            DiagnosticDescriptors.UnsupportedMethodShape, DiagnosticDescriptors.InvalidBodyMethodName, DiagnosticDescriptors.ConflictingAttributes, DiagnosticDescriptors.NonTailAwait,
            DiagnosticDescriptors.FastPathNotSplit, DiagnosticDescriptors.BodyMethodPlaceholder, DiagnosticDescriptors.AssumedContextChanged);

        public override void Initialize(AnalysisContext context)
        {
            // Analyze, not None: once the generator adds the implementing part in a generated file, Roslyn treats the
            // partial method as generated code and would skip it, hiding every usage error behind the generated stub.
            context.ConfigureGeneratedCodeAnalysis(GeneratedCodeAnalysisFlags.Analyze | GeneratedCodeAnalysisFlags.ReportDiagnostics);
            context.EnableConcurrentExecution();
            context.RegisterSymbolAction(AnalyzeMarkedMethod, SymbolKind.Method);
            context.RegisterCompilationStartAction(start =>
            {
                // Per type, its marks by the body name they give, gathered once: every async method of a type asks, and a
                // type's generated continuations are async methods too, so looking through the members each time grew
                // with the square of the type's size.
                var marksByType = new ConcurrentDictionary<INamedTypeSymbol, ILookup<string, (IMethodSymbol Member, AttributeData Attribute, MarkKind Kind)>>(SymbolEqualityComparer.Default);
                start.RegisterSyntaxNodeAction(node => AnalyzeBodyMethod(node, marksByType), SyntaxKind.MethodDeclaration);
            });
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
                if (validation.Findings.Count == 0) continue;

                // Where the misuse leaves a compiler error, the generator reports these (the command line would not print
                // ours) and the user sees them once: ours stay on the same spans, Hidden, for the code fixes and dotnet format.
                var declaration = method.DeclaringSyntaxReferences.Select(r => r.GetSyntax(context.CancellationToken)).OfType<MethodDeclarationSyntax>().FirstOrDefault();
                var reportedByGenerator = declaration is not null && UsageErrorReporting.CompilerErrorHidesAnalyzer(method, declaration, validation, context.CancellationToken);
                foreach (var finding in validation.Findings)
                {
                    context.ReportDiagnostic(reportedByGenerator ? ToHiddenDiagnostic(finding) : ToDiagnostic(finding));
                }
            }
        }

        /// <summary>Body findings are reported from the body's own syntax, where its semantic model is at hand.</summary>
        private static void AnalyzeBodyMethod(
            SyntaxNodeAnalysisContext context,
            ConcurrentDictionary<INamedTypeSymbol, ILookup<string, (IMethodSymbol Member, AttributeData Attribute, MarkKind Kind)>> marksByType)
        {
            var declaration = (MethodDeclarationSyntax)context.Node;
            if (declaration.Body is null && declaration.ExpressionBody is null) return;
            if (context.SemanticModel.GetDeclaredSymbol(declaration, context.CancellationToken) is not { IsAsync: true } body) return;
            var marks = marksByType.GetOrAdd(body.ContainingType, type => type.GetMembers().OfType<IMethodSymbol>()
                .SelectMany(member => Marks(member).Select(mark => (member, mark.Attribute, mark.Kind)))
                .ToLookup(mark => mark.Attribute.ConstructorArguments.FirstOrDefault().Value as string ?? string.Empty, System.StringComparer.Ordinal));
            foreach (var (member, attribute, kind) in marks[body.Name])
            {
                var validation = MarkedMethodValidator.Validate(member, attribute, kind, context.CancellationToken);
                if (!validation.IsValid || validation.BodySyntax != declaration) continue;
                if (PlaceholderBody.Is(declaration, context.SemanticModel, context.CancellationToken))
                {
                    context.ReportDiagnostic(Diagnostic.Create(DiagnosticDescriptors.BodyMethodPlaceholder, declaration.Identifier.GetLocation(), body.Name, member.Name));
                    continue;
                }

                if (ContextAssumption.IsSet(attribute))
                {
                    foreach (var (location, changer, changed) in VisibleContextChanges.Find(declaration, context.SemanticModel, context.CancellationToken))
                    {
                        context.ReportDiagnostic(Diagnostic.Create(DiagnosticDescriptors.AssumedContextChanged, location, changer, changed, member.Name));
                    }
                }

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

        private static System.Collections.Generic.IEnumerable<(AttributeData Attribute, MarkKind Kind)> Marks(IMethodSymbol method)
        {
            foreach (var attribute in method.GetAttributes())
            {
                if (KnownTypes.MarkOf(attribute) is { } kind) yield return (attribute, kind);
            }
        }

        private static bool IsWrittenOn(AttributeData attribute, IMethodSymbol method, System.Threading.CancellationToken cancellationToken)
        {
            var application = attribute.ApplicationSyntaxReference;
            return application is null || method.DeclaringSyntaxReferences.Any(r => r.SyntaxTree == application.SyntaxTree && r.Span.Contains(application.Span));
        }

        private static Diagnostic ToDiagnostic(Finding finding)
            => Diagnostic.Create(DiagnosticDescriptors.For(finding.Id), finding.Location, finding.Arguments.Cast<object>().ToArray());

        private static Diagnostic ToHiddenDiagnostic(Finding finding)
            => Diagnostic.Create(DiagnosticDescriptors.For(finding.Id), finding.Location, DiagnosticSeverity.Hidden, additionalLocations: null, properties: null, finding.Arguments.Cast<object>().ToArray());
    }
}
