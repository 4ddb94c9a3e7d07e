using System.Linq;
using Prewired.Generator.Emit;

namespace Prewired.Generator.Pipelines
{
    /// <summary>
    /// Writes <c>services.Add{Pipeline}()</c> for Microsoft.Extensions.DependencyInjection. The container supplies the
    /// stage instances, with whatever lifetimes they are registered with; the chain between them is still the generated
    /// constructor's. The helpers it calls live in Prewired.DependencyInjection, so the core runtime has no container dependency.
    /// </summary>
    internal static class RegistrationEmitter
    {
        public const string Di = "global::Microsoft.Extensions.DependencyInjection.";
        public const string Helpers = "global::Prewired.DependencyInjection.PipelineServices";

        public static string Emit(PipelineModel model, RegistrationModel registration)
        {
            var body = new CodeLines();
            body.Line($"/// <summary>Registers <see cref=\"{registration.PipelineType}\"/> with Microsoft.Extensions.DependencyInjection.</summary>");
            body.Line(GeneratedFileEmitter.GeneratedCodeAttribute);
            body.Line($"{registration.Modifier} static class {registration.ClassName}");
            body.OpenBrace();
            body.Line("/// <summary>");
            body.Line(model.Result is null && !model.Cancellable
                ? $"/// Adds <see cref=\"{registration.PipelineType}\"/> and <see cref=\"global::Prewired.IPipeline{{TContext}}\"/> of its context,"
                : $"/// Adds <see cref=\"{registration.PipelineType}\"/> and the pipeline interfaces it implements,");
            body.Line("/// created with <paramref name=\"lifetime\"/> from stages resolved from the container. A stage type not registered");
            body.Line("/// yet is added as transient; register it before this call to give it another lifetime.");
            body.Line("/// </summary>");
            body.Line($"public static {Di}IServiceCollection {registration.MethodName}(this {Di}IServiceCollection services, {Di}ServiceLifetime lifetime = {Di}ServiceLifetime.Transient)");
            body.OpenBrace();
            WriteRegistration(body, model, registration.PipelineType, "lifetime", stageLifetime: null, returnLast: true);
            body.CloseBrace();
            body.CloseBrace();
            var indent = registration.Namespace is null ? 0 : 1;
            var members = string.Concat(body.Render(indent).Select(line => line + "\n"));
            return GeneratedFileEmitter.Wrap(registration.Namespace, new string[0], new string[0], new string[0], nullableEnabled: true, members);
        }

        /// <summary>
        /// The statements registering one pipeline: its stages (each unless registered already), the class created by its
        /// constructor from the container's stages, and the pipeline interfaces it implements as the same instance. Shared by
        /// <c>Add{Pipeline}()</c> (stages transient, <paramref name="stageLifetime"/> null) and <c>AddPrewired()</c> (every
        /// stage with the assembly's lifetime).
        /// </summary>
        /// <param name="lifetime">The pipeline's lifetime, as an expression.</param>
        /// <param name="stageLifetime">The stages' lifetime, as an expression; null for transient.</param>
        /// <param name="returnLast">Whether the last statement returns the collection (each helper returns it).</param>
        public static void WriteRegistration(CodeLines body, PipelineModel model, string pipelineType, string lifetime, string? stageLifetime, bool returnLast)
        {
            foreach (var type in model.Stages.Select(s => s.TypeName).Distinct())
            {
                body.Line(stageLifetime is null ? $"{Helpers}.TryAddStage<{type}>(services);" : $"{Helpers}.TryAddStage<{type}>(services, {stageLifetime});");
            }

            // The Task-only pipeline registers itself and IPipeline<TContext> in one helper call; a typed one names its interface.
            var typeArguments = model.Result is null ? model.EntryContext : model.EntryContext + ", " + model.Result;
            var aliases = new System.Collections.Generic.List<string>();
            if (model.Result is not null) aliases.Add($"global::Prewired.IPipeline<{typeArguments}>");
            if (model.Cancellable) aliases.Add($"global::Prewired.ICancellablePipeline<{typeArguments}>");
            var add = model.Result is null ? $"AddPipeline<{pipelineType}, {model.EntryContext}>" : $"AddPipeline<{pipelineType}>";
            var returns = returnLast ? "return " : string.Empty;
            body.Line($"{(aliases.Count == 0 ? returns : string.Empty)}{Helpers}.{add}(services, provider => new {pipelineType}(");
            body.Indent++;
            for (var i = 0; i < model.Stages.Count; i++)
            {
                var separator = i == model.Stages.Count - 1 ? $"), {lifetime});" : ",";
                body.Line($"{Di}ServiceProviderServiceExtensions.GetRequiredService<{model.Stages[i].TypeName}>(provider){separator}");
            }

            body.Indent--;
            for (var i = 0; i < aliases.Count; i++)
            {
                body.Line($"{(i == aliases.Count - 1 ? returns : string.Empty)}{Helpers}.AddPipelineService<{aliases[i]}, {pipelineType}>(services, {lifetime});");
            }
        }
    }
}
