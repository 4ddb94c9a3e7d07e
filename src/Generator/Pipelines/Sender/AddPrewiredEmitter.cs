using System.Collections.Generic;
using System.Linq;
using Prewired.Generator.Emit;
using Prewired.Generator.Pipelines.Messages;

namespace Prewired.Generator.Pipelines.Sender
{
    /// <summary>
    /// Writes <c>services.AddPrewired()</c>, in Microsoft.Extensions.DependencyInjection's namespace as the ecosystem's
    /// <c>AddMediator()</c> and <c>AddMediatR()</c> are: every pipeline of the assembly with its stages, and the sender, with
    /// the lifetime of [assembly: PrewiredServices] (singleton without it). The chains are still the generated constructors';
    /// the container only supplies the stage instances.
    /// </summary>
    internal static class AddPrewiredEmitter
    {
        public static string Emit(SenderModel model)
        {
            var di = RegistrationEmitter.Di;
            var lifetime = di + "ServiceLifetime." + model.Options.Lifetime;
            var body = new CodeLines();
            body.Line("/// <summary>Registers this assembly's Prewired pipelines and sender with Microsoft.Extensions.DependencyInjection.</summary>");
            body.Line(GeneratedFileEmitter.GeneratedCodeAttribute);
            body.Line("internal static class PrewiredServiceCollectionExtensions");
            body.OpenBrace();
            body.Line("/// <summary>");
            body.Line($"/// Adds every pipeline of this assembly, every stage of them not registered yet, and <see cref=\"{SenderEmitter.QualifiedName(model)}\"/>, all");
            body.Line($"/// {model.Options.Lifetime.ToLowerInvariant()} ([assembly: PrewiredServices(Lifetime = ...)] chooses). A stage registered before this call keeps its lifetime.");
            body.Line("/// </summary>");
            body.Line($"public static {di}IServiceCollection AddPrewired(this {di}IServiceCollection services)");
            body.OpenBrace();
            body.Line("if (services is null) throw new global::System.ArgumentNullException(nameof(services));");
            foreach (var pipeline in model.Pipelines)
            {
                body.Line();
                body.Line($"// {pipeline.QualifiedName}");
                RegistrationEmitter.WriteRegistration(body, pipeline, pipeline.QualifiedName!, lifetime, lifetime, returnLast: false);
            }

            foreach (var publisher in model.Publishers)
            {
                body.Line();
                body.Line($"// {publisher.QualifiedName}");
                WriteRegistration(body, publisher.QualifiedName, publisher.Notification.Behaviors.Concat(publisher.Handlers.Select(h => h.Handler)).Select(c => c.TypeName).ToList(), lifetime);
            }

            foreach (var stream in model.Streams)
            {
                body.Line();
                body.Line($"// {StreamEmitter.QualifiedName(stream)}");
                WriteRegistration(body, StreamEmitter.QualifiedName(stream), stream.Behaviors.Concat(new[] { stream.Handler }).Select(c => c.TypeName).ToList(), lifetime);
            }

            body.Line();
            body.Line($"return {RegistrationEmitter.Helpers}.AddPipeline<{SenderEmitter.QualifiedName(model)}>(services, provider => new {SenderEmitter.QualifiedName(model)}(provider), {lifetime});");
            body.CloseBrace();
            body.CloseBrace();
            var members = string.Concat(body.Render(1).Select(line => line + "\n"));
            return GeneratedFileEmitter.Wrap("Microsoft.Extensions.DependencyInjection", new string[0], new string[0], new string[0], nullableEnabled: true, members);
        }

        /// <summary>
        /// A publisher or stream pipeline: its behaviors and handlers with the assembly's lifetime (each unless registered
        /// already, as a request pipeline's stages), and the class, created by its constructor from them.
        /// </summary>
        private static void WriteRegistration(CodeLines body, string type, List<string> callees, string lifetime)
        {
            var helpers = RegistrationEmitter.Helpers;
            foreach (var callee in callees.Distinct()) body.Line($"{helpers}.TryAddStage<{callee}>(services, {lifetime});");
            if (callees.Count == 0)
            {
                body.Line($"{helpers}.AddPipeline<{type}>(services, provider => new {type}(), {lifetime});");
                return;
            }

            body.Line($"{helpers}.AddPipeline<{type}>(services, provider => new {type}(");
            body.Indent++;
            for (var i = 0; i < callees.Count; i++)
            {
                body.Line($"{RegistrationEmitter.Di}ServiceProviderServiceExtensions.GetRequiredService<{callees[i]}>(provider){(i == callees.Count - 1 ? $"), {lifetime});" : ",")}");
            }

            body.Indent--;
        }
    }
}
