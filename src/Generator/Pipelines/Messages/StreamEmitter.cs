using System.Linq;
using Prewired.Generator.Emit;

namespace Prewired.Generator.Pipelines.Messages
{
    /// <summary>
    /// Writes a stream request's pipeline class: the assembly's stream behaviors, outermost first, each handed the rest as a
    /// generated struct, then the handler. <c>Invoke</c> returns the first behavior's stream, which wraps the handler's.
    /// </summary>
    internal static class StreamEmitter
    {
        private const string Token = "global::System.Threading.CancellationToken";

        public static string QualifiedName(StreamHandlerModel model) => "global::" + model.Class.Namespace + "." + model.Class.Name;

        public static string Emit(StreamHandlerModel model)
        {
            var stream = $"global::System.Collections.Generic.IAsyncEnumerable<{model.Response}>";
            var callees = model.Behaviors.Concat(new[] { model.Handler }).ToList();
            var names = CalleeNames.Of(callees);
            var body = new CodeLines();
            body.Line("// The behaviors, outermost first, then the handler.");
            for (var i = 0; i < model.Behaviors.Count; i++) body.Line($"private readonly {model.Behaviors[i].TypeName} __behavior{i};");
            body.Line($"private readonly {model.Handler.TypeName} __handler;");
            body.Line();
            body.Line($"/// <summary>The stream pipeline of <see cref=\"{model.Request}\"/>: {model.Behaviors.Count} behavior(s), then <see cref=\"{model.Handler.TypeName}\"/>.</summary>");
            body.Line(GeneratedFileEmitter.GeneratedCodeAttribute);
            body.Line($"public {model.Class.Name}({string.Join(", ", callees.Select((c, i) => c.TypeName + " " + names[i]))})");
            body.OpenBrace();
            for (var i = 0; i < callees.Count; i++)
            {
                var field = i < model.Behaviors.Count ? "__behavior" + i : "__handler";
                body.Line($"{field} = {names[i]} ?? throw new global::System.ArgumentNullException(nameof({names[i]}));");
            }

            body.CloseBrace();
            body.Line();
            body.Line("/// <summary>The stream for <paramref name=\"request\"/>: the first behavior's, around the rest.</summary>");
            WriteFrameAttributes(model, body);
            body.Line($"public {stream} Invoke({model.Request} request, {Token} cancellationToken = default) => {Position(model, 0, "this")};");
            for (var position = 1; position <= model.Behaviors.Count; position++)
            {
                body.Line();
                body.Line("[global::System.Diagnostics.DebuggerNonUserCode]");
                body.Line($"private struct __Next{position} : global::Prewired.IStreamNext<{model.Request}, {model.Response}>");
                body.OpenBrace();
                body.Line($"internal {model.Class.Name} __pipeline;");
                body.Line();
                WriteFrameAttributes(model, body);
                body.Line($"public {stream} Invoke({model.Request} request, {Token} cancellationToken) => {Position(model, position, "__pipeline")};");
                body.CloseBrace();
            }

            var declaration = $"internal sealed class {model.Class.Name} : global::Prewired.IStreamPipeline<{model.Request}, {model.Response}>";
            var members = string.Concat(body.Render(2).Select(line => line + "\n"));
            return GeneratedFileEmitter.Wrap(model.Class.Namespace, new string[0], new string[0], new[] { declaration }, nullableEnabled: true, members);
        }

        private static string Position(StreamHandlerModel model, int position, string owner)
        {
            var prefix = owner == "this" ? string.Empty : owner + ".";
            if (position == model.Behaviors.Count) return CalleeNames.Call(model.Handler, prefix + "__handler", "Handle", "request, cancellationToken");
            return CalleeNames.Call(model.Behaviors[position], prefix + "__behavior" + position, "Handle", $"request, new __Next{position + 1} {{ __pipeline = {owner} }}, cancellationToken");
        }

        private static void WriteFrameAttributes(StreamHandlerModel model, CodeLines body)
        {
            body.Line(GeneratedFileEmitter.GeneratedCodeAttribute);
            if (model.HideFrames) body.Line("[global::System.Diagnostics.StackTraceHidden]");
            body.Line("[global::System.Diagnostics.DebuggerStepThrough]");
        }
    }
}
