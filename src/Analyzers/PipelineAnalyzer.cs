using System.Collections.Immutable;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using Prewired.Generator.FastPath;
using Prewired.Generator.Marks;
using Prewired.Generator.Pipelines.Rules;
using Prewired.Generator.TailAwait;

namespace Prewired.Analyzers
{
    /// <summary>
    /// Reports what the shared pipeline validation finds on a [Pipeline] class (PW0301-PW0313, and PW0002 for a containing
    /// type that is not partial), each at the offending <c>typeof</c> argument. The generator emits nothing for such a class.
    /// </summary>
    [DiagnosticAnalyzer(LanguageNames.CSharp)]
    public sealed class PipelineAnalyzer : DiagnosticAnalyzer
    {
        public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } = ImmutableArray.Create(
            DiagnosticDescriptors.NotAPipelineStage, DiagnosticDescriptors.ContextDoesNotFlow, DiagnosticDescriptors.MissingTerminator,
            DiagnosticDescriptors.TerminatorNotLast, DiagnosticDescriptors.InvalidStageType, DiagnosticDescriptors.NoUsableConstructor,
            DiagnosticDescriptors.InvalidPipelineClass, DiagnosticDescriptors.AmbiguousStage, DiagnosticDescriptors.ResultDoesNotFlow,
            DiagnosticDescriptors.TokenDoesNotFlow, DiagnosticDescriptors.OpenStageCannotBeClosed, DiagnosticDescriptors.DefaultStageNotApplied,
            DiagnosticDescriptors.ExclusionNotADefault, DiagnosticDescriptors.ContainingTypeMustBePartial);

        public override void Initialize(AnalysisContext context)
        {
            // The generated part of the class carries no [GeneratedCode] on the type, but analyze generated code anyway:
            // a pipeline declared in a generated file deserves its errors too.
            context.ConfigureGeneratedCodeAnalysis(GeneratedCodeAnalysisFlags.Analyze | GeneratedCodeAnalysisFlags.ReportDiagnostics);
            context.EnableConcurrentExecution();
            context.RegisterSymbolAction(AnalyzePipeline, SymbolKind.NamedType);
        }

        private static void AnalyzePipeline(SymbolAnalysisContext context)
        {
            var type = (INamedTypeSymbol)context.Symbol;
            var attribute = type.GetAttributes().FirstOrDefault(a => KnownTypes.IsType(a.AttributeClass, KnownTypes.PipelineAttribute));
            if (attribute is null) return;
            var validation = PipelineValidator.Validate(type, attribute, context.Compilation, context.CancellationToken);
            foreach (var finding in validation.Findings)
            {
                context.ReportDiagnostic(Diagnostic.Create(DiagnosticDescriptors.For(finding.Id), finding.Location, finding.AdditionalLocations, finding.Arguments.Cast<object>().ToArray()));
            }
        }
    }
}
