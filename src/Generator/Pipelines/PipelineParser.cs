using System.Collections.Generic;
using System.Linq;
using System.Threading;
using Microsoft.CodeAnalysis;
using Prewired.Generator.MarkedMethods;
using Prewired.Generator.Model;
using Prewired.Generator.Pipelines.Rules;

namespace Prewired.Generator.Pipelines
{
    /// <summary>Turns a [Pipeline] class into its value-equatable model; null when validation finds anything to report.</summary>
    internal static class PipelineParser
    {
        private static readonly SymbolDisplayFormat TypeFormat = MethodShellParser.TypeFormat;

        public static PipelineModel? Parse(GeneratorAttributeSyntaxContext context, CancellationToken cancellationToken)
        {
            if (context.TargetSymbol is not INamedTypeSymbol pipeline || context.Attributes.Length == 0) return null;
            var compilation = context.SemanticModel.Compilation;
            var validation = PipelineValidator.Validate(pipeline, context.Attributes[0], compilation, cancellationToken);
            if (!validation.IsValid) return null;

            var stages = validation.Stages;
            var pipelineLevel = EffectiveAccessibility.Of(pipeline);
            var stagesLevel = stages.Min(s => EffectiveAccessibility.Of(s.Type));
            var containing = new List<string>();
            for (var type = pipeline.ContainingType; type is not null; type = type.ContainingType)
            {
                containing.Insert(0, MethodShellParser.TypeDeclaration(type));
            }

            var hint = pipeline.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat).Replace("global::", string.Empty);
            hint = new string(hint.Select(c => char.IsLetterOrDigit(c) || c is '.' or '_' ? c : '_').ToArray());
            var registration = validation.Registration is { } target
                ? new RegistrationModel(MarkedMethods.HintNames.Capped(hint, ".Registration.g.cs"), Namespace(pipeline), target.ClassName, target.MethodName,
                    EffectiveAccessibility.MemberModifier(EffectiveAccessibility.Public, System.Math.Min(pipelineLevel, stagesLevel)),
                    pipeline.ToDisplayString(TypeFormat))
                : null;
            // File names too wherever generated files are written: capped as a marked method's are (HintNames).
            var declaration = new PipelineClass(
                MarkedMethods.HintNames.Capped(hint, ".Pipeline.g.cs"),
                Namespace(pipeline),
                containing.ToEquatableArray(),
                MethodShellParser.TypeDeclaration(pipeline),
                pipeline.ToDisplayString(SymbolDisplayFormat.MinimallyQualifiedFormat));
            var qualified = PipelineRegistrationTarget.IsNameable(pipeline) ? pipeline.ToDisplayString(TypeFormat) : null;
            return PipelineModelBuilder.Build(declaration, pipelineLevel, stages, registration, qualified, compilation);
        }

        private static string? Namespace(INamedTypeSymbol type) => type.ContainingNamespace is { IsGlobalNamespace: false } ns ? ns.ToDisplayString() : null;
    }
}
