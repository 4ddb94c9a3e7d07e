using System.Collections.Generic;
using System.Linq;
using System.Threading;
using Microsoft.CodeAnalysis;
using Prewired.Generator.ContextGuard;
using Prewired.Generator.Emit;
using Prewired.Generator.MarkedMethods;
using Prewired.Generator.Model;
using Prewired.Generator.SharedRules.Pipelines;

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
            var entry = stages[0].Receives;
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
            return new PipelineModel(
                MarkedMethods.HintNames.Capped(hint, ".Pipeline.g.cs"),
                Namespace(pipeline),
                containing.ToEquatableArray(),
                MethodShellParser.TypeDeclaration(pipeline),
                pipeline.ToDisplayString(SymbolDisplayFormat.MinimallyQualifiedFormat),
                entry.ToDisplayString(TypeFormat),
                EffectiveAccessibility.MemberModifier(pipelineLevel, stagesLevel),
                EffectiveAccessibility.MemberModifier(pipelineLevel, EffectiveAccessibility.Of(entry)),
                TargetFeatures.Of(compilation).StackTraceHidden,
                StageModels(stages).ToEquatableArray(),
                registration,
                stages[0].Shape.Result?.ToDisplayString(TypeFormat),
                stages.Any(s => s.Shape.TakesToken));
        }

        private static IEnumerable<StageModel> StageModels(List<ResolvedStage> stages)
        {
            var names = ParameterNames(stages);
            for (var i = 0; i < stages.Count; i++)
            {
                var stage = stages[i];
                yield return new StageModel(
                    stage.Type.ToDisplayString(TypeFormat),
                    names[i],
                    stage.Shape.Kind,
                    stage.Receives.ToDisplayString(TypeFormat),
                    stage.Shape.OutContext?.ToDisplayString(TypeFormat),
                    IsCallableDirectly(stage) ? null : stage.Shape.Interface.ToDisplayString(TypeFormat),
                    stage.Shape.TakesToken);
            }
        }

        /// <summary>
        /// A public implicit implementation is called on the concrete type (a direct call the JIT can inline); an explicit
        /// one through the interface, which the JIT still devirtualizes for a sealed class.
        /// </summary>
        private static bool IsCallableDirectly(ResolvedStage stage)
        {
            var method = stage.Shape.InterfaceMethod();
            return method is not null
                   && stage.Type.FindImplementationForInterfaceMember(method) is IMethodSymbol { MethodKind: MethodKind.Ordinary, DeclaredAccessibility: Accessibility.Public } implementation
                   && implementation.Name == method.Name;
        }

        /// <summary>camelCase type names; a type listed more than once is numbered by its position.</summary>
        private static List<string> ParameterNames(List<ResolvedStage> stages)
        {
            var bases = stages.Select(s => CamelCase(s.Type.Name)).ToList();
            return bases.Select((name, i) => MethodShellParser.EscapedName(bases.Count(b => b == name) > 1 ? name + i : name)).ToList();
        }

        private static string CamelCase(string name) => name.Length == 0 ? "stage" : char.ToLowerInvariant(name[0]) + name.Substring(1);

        private static string? Namespace(INamedTypeSymbol type) => type.ContainingNamespace is { IsGlobalNamespace: false } ns ? ns.ToDisplayString() : null;
    }
}
