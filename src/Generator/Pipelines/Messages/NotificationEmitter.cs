using System.Linq;
using Prewired.Generator.Emit;

namespace Prewired.Generator.Pipelines.Messages
{
    /// <summary>
    /// Writes a notification's publisher class: one field per behavior and handler, <c>Publish</c> through the behaviors
    /// (a generated struct per position, as an inline pipeline's), then the handlers: none is <c>default</c>, one is its own
    /// call (its task as it is), several are called in line one after another (<c>__Handlers</c>) while each completes
    /// successfully and synchronously, and the rest of the publish goes to the runtime's publisher
    /// (<c>NotificationPublishing.SequentialFrom</c> or <c>ConcurrentFrom</c>) at the first that does not, which runs the
    /// later handlers through the indexed list the class implements (a switch of direct calls, found at compile time).
    /// </summary>
    internal static class NotificationEmitter
    {
        private const string Token = "global::System.Threading.CancellationToken";
        private const string ValueTask = "global::System.Threading.Tasks.ValueTask";

        public static string Emit(PublisherModel model)
        {
            var n = model.Notification;
            var list = $"global::Prewired.CompilerServices.INotificationHandlerList<{n.Notification}>";
            var callees = n.Behaviors.Concat(model.Handlers.Select(h => h.Handler)).ToList();
            var names = CalleeNames.Of(callees);
            var body = new CodeLines();
            body.Line("// The behaviors, outermost first, then the handlers in source order.");
            for (var i = 0; i < n.Behaviors.Count; i++) body.Line($"private readonly {n.Behaviors[i].TypeName} __behavior{i};");
            for (var i = 0; i < model.Handlers.Count; i++) body.Line($"private readonly {model.Handlers[i].Handler.TypeName} __handler{i};");
            body.Line();
            body.Line($"/// <summary>The publisher of <see cref=\"{n.Notification}\"/>: {model.Handlers.Count} handler(s), {n.Behaviors.Count} behavior(s), {(n.Concurrent ? "concurrent" : "sequential")}.</summary>");
            body.Line(GeneratedFileEmitter.GeneratedCodeAttribute);
            body.Line($"public {n.Class.Name}({string.Join(", ", callees.Select((c, i) => c.TypeName + " " + names[i]))})");
            body.OpenBrace();
            for (var i = 0; i < callees.Count; i++)
            {
                var field = i < n.Behaviors.Count ? "__behavior" + i : "__handler" + (i - n.Behaviors.Count);
                body.Line($"{field} = {names[i]} ?? throw new global::System.ArgumentNullException(nameof({names[i]}));");
            }

            body.CloseBrace();
            body.Line();
            body.Line("/// <summary>Publishes <paramref name=\"notification\"/> to every handler, through the behaviors.</summary>");
            WriteFrameAttributes(n, body);
            body.Line($"public {ValueTask} Publish({n.Notification} notification, {Token} cancellationToken = default) => {Position(model, 0, "this")};");
            body.Line();
            body.Line(GeneratedFileEmitter.GeneratedCodeAttribute);
            body.Line($"int {list}.Count => {model.Handlers.Count};");
            body.Line();
            body.Line(GeneratedFileEmitter.GeneratedCodeAttribute);
            WriteFrameAttributes(n, body, generatedCode: false);
            body.Line($"{ValueTask} {list}.Handle(int index, {n.Notification} notification, {Token} cancellationToken)");
            body.Indent++;
            if (model.Handlers.Count == 0)
            {
                body.Line("=> default;");
            }
            else
            {
                body.Line("=> index switch");
                body.Line("{");
                body.Indent++;
                for (var i = 0; i < model.Handlers.Count; i++)
                {
                    body.Line($"{i} => {CalleeNames.Call(model.Handlers[i].Handler, "__handler" + i, "Handle", "notification, cancellationToken")},");
                }

                body.Line("_ => throw new global::System.ArgumentOutOfRangeException(nameof(index)),");
                body.Indent--;
                body.Line("};");
            }

            body.Indent--;
            if (model.Handlers.Count > 1) WriteHandlers(model, body);
            for (var position = 1; position <= n.Behaviors.Count; position++)
            {
                body.Line();
                WriteNext(model, position, body);
            }

            var declaration = $"internal sealed class {n.Class.Name} : {list}";
            var members = string.Concat(body.Render(2).Select(line => line + "\n"));
            return GeneratedFileEmitter.Wrap(n.Class.Namespace, new string[0], new string[0], new[] { declaration }, nullableEnabled: true, members);
        }

        /// <summary>What position <paramref name="position"/> runs: behavior k with the struct of position k+1, or, after the last behavior, the publisher.</summary>
        private static string Position(PublisherModel model, int position, string owner)
        {
            var n = model.Notification;
            if (position == n.Behaviors.Count)
            {
                if (model.Handlers.Count == 0) return "default";
                if (model.Handlers.Count == 1)
                {
                    // One handler: its task as it is, so its exception comes back unwrapped (Mediator's rule).
                    return CalleeNames.Call(model.Handlers[0].Handler, owner == "this" ? "__handler0" : owner + ".__handler0", "Handle", "notification, cancellationToken");
                }

                return (owner == "this" ? string.Empty : owner + ".") + "__Handlers(notification, cancellationToken)";
            }

            var field = owner == "this" ? "__behavior" + position : owner + ".__behavior" + position;
            return CalleeNames.Call(n.Behaviors[position], field, "Handle",
                $"notification, new __Next{position + 1} {{ __publisher = {owner} }}, cancellationToken");
        }

        /// <summary>
        /// Several handlers, straight-line: each called in its own try block (a synchronous throw is a failure like any other,
        /// and the later handlers still run), its task checked, and the rest of the publish handed to the runtime at the first
        /// that is pending or did not succeed. All completing successfully and synchronously is no loop, no switch and no
        /// interface call: one direct call per handler.
        /// </summary>
        private static void WriteHandlers(PublisherModel model, CodeLines body)
        {
            var n = model.Notification;
            var rest = "global::Prewired.CompilerServices.NotificationPublishing." + (n.Concurrent ? "ConcurrentFrom" : "SequentialFrom");
            body.Line();
            body.Line("/// <summary>The handlers in source order, in line while each completes successfully and synchronously; the rest of the publish goes to the runtime's publisher at the first that does not.</summary>");
            WriteFrameAttributes(n, body);
            body.Line($"private {ValueTask} __Handlers({n.Notification} notification, {Token} cancellationToken)");
            body.OpenBrace();
            body.Line($"{ValueTask} task;");
            for (var i = 0; i < model.Handlers.Count; i++)
            {
                body.Line("try");
                body.OpenBrace();
                body.Line($"task = {CalleeNames.Call(model.Handlers[i].Handler, "__handler" + i, "Handle", "notification, cancellationToken")};");
                body.CloseBrace();
                body.Line("catch (global::System.Exception exception)");
                body.OpenBrace();
                body.Line($"return {rest}(this, notification, cancellationToken, {i}, exception);");
                body.CloseBrace();
                body.Line();
                body.Line($"if (!task.IsCompletedSuccessfully) return {rest}(this, notification, cancellationToken, {i}, task);");
                body.Line("task.GetAwaiter().GetResult(); // releases a pooled IValueTaskSource");
                body.Line();
            }

            body.Line("return default;");
            body.CloseBrace();
        }

        private static void WriteNext(PublisherModel model, int position, CodeLines body)
        {
            var n = model.Notification;
            body.Line("[global::System.Diagnostics.DebuggerNonUserCode]");
            body.Line($"private struct __Next{position} : global::Prewired.INotificationNext<{n.Notification}>");
            body.OpenBrace();
            body.Line($"internal {n.Class.Name} __publisher;");
            body.Line();
            WriteFrameAttributes(n, body);
            body.Line($"public {ValueTask} Invoke({n.Notification} notification, {Token} cancellationToken) => {Position(model, position, "__publisher")};");
            body.CloseBrace();
        }

        private static void WriteFrameAttributes(NotificationTypeModel n, CodeLines body, bool generatedCode = true)
        {
            if (generatedCode) body.Line(GeneratedFileEmitter.GeneratedCodeAttribute);
            if (n.HideFrames) body.Line("[global::System.Diagnostics.StackTraceHidden]");
            body.Line("[global::System.Diagnostics.DebuggerStepThrough]");
        }
    }
}
