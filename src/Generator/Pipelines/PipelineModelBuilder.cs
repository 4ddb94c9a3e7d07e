using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Prewired.Generator.Emit;
using Prewired.Generator.MarkedMethods;
using Prewired.Generator.Model;
using Prewired.Generator.Pipelines.Rules;

namespace Prewired.Generator.Pipelines
{
    /// <summary>
    /// The model of a validated chain, whoever declared it: a [Pipeline] class (<see cref="PipelineParser"/>) or a discovered
    /// handler (<see cref="Handlers.HandlerParser"/>). The class around the chain differs; the stages are written once, here.
    /// </summary>
    internal static class PipelineModelBuilder
    {
        private static readonly SymbolDisplayFormat TypeFormat = MethodShellParser.TypeFormat;

        /// <param name="declaration">Where the class goes and how it is declared.</param>
        /// <param name="pipelineLevel">How visible the class is (<see cref="EffectiveAccessibility"/>).</param>
        /// <param name="stages">The stages, validated.</param>
        /// <param name="registration">Its own DI registration, if any.</param>
        /// <param name="compilation">For the target's features (StackTraceHidden).</param>
        /// <param name="qualifiedName">The class as namespace-level code names it; null when it cannot (generic, private).</param>
        public static PipelineModel Build(PipelineClass declaration, int pipelineLevel, List<ResolvedStage> stages, RegistrationModel? registration, string? qualifiedName, Compilation compilation)
        {
            var stagesLevel = stages.Min(s => EffectiveAccessibility.Of(s.Type));
            var entry = stages[0].Receives;
            return new PipelineModel(
                declaration.HintName,
                declaration.Namespace,
                declaration.ContainingTypes,
                declaration.Declaration,
                declaration.Name,
                entry.ToDisplayString(TypeFormat),
                EffectiveAccessibility.MemberModifier(pipelineLevel, stagesLevel),
                EffectiveAccessibility.MemberModifier(pipelineLevel, EffectiveAccessibility.Of(entry)),
                TargetFeatures.Of(compilation).StackTraceHidden,
                StageModels(stages).ToEquatableArray(),
                registration,
                stages[0].Shape.Result?.ToDisplayString(TypeFormat),
                stages.Any(s => s.Shape.TakesToken),
                EffectiveAccessibility.Of(entry) == EffectiveAccessibility.Public
                    && (stages[0].Shape.Result is not { } result || EffectiveAccessibility.Of(result) == EffectiveAccessibility.Public),
                qualifiedName);
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
    }
}
