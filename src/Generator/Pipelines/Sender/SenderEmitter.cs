using System.Linq;
using Prewired.Generator.Emit;
using Prewired.Generator.Pipelines.Messages;
using Prewired.Generator.Pipelines.Rules;

namespace Prewired.Generator.Pipelines.Sender
{
    /// <summary>
    /// Writes <c>{AssemblyName}.PrewiredSender</c>: one <c>Send</c> overload per request type, so the compiler picks the
    /// pipeline (no dictionary, no lookup by type per call). Each pipeline is resolved from the service provider on its first
    /// send and kept in a field: with singleton pipelines a send is a field read and a direct call, 0 B.
    /// </summary>
    internal static class SenderEmitter
    {
        public static string QualifiedName(SenderModel model) => "global::" + model.Options.Namespace + "." + SenderName.ClassName;
        private const string Token = "global::System.Threading.CancellationToken";

        public static string Emit(SenderModel model)
        {
            var body = new CodeLines();
            body.Line("/// <summary>");
            body.Line("/// Sends each request of this assembly through its pipeline: one <c>Send</c> overload per request type, chosen by the compiler.");
            body.Line("/// Each pipeline is resolved from the service provider on its first send and kept, so the sender's lifetime is the pipelines':");
            body.Line("/// <c>services.AddPrewired()</c> registers it with them.");
            body.Line("/// </summary>");
            body.Line(GeneratedFileEmitter.GeneratedCodeAttribute);
            // Public, so a public class (an ASP.NET controller) can take it in its constructor; each Send is as visible as its types.
            body.Line($"public sealed class {SenderName.ClassName}");
            body.OpenBrace();
            body.Line("private readonly global::System.IServiceProvider? _services;");
            foreach (var send in model.Sends) body.Line($"private {send.Pipeline}? {send.Field};");
            for (var i = 0; i < model.Publishers.Count; i++) body.Line($"private {model.Publishers[i].QualifiedName}? _publisher{i};");
            for (var i = 0; i < model.Streams.Count; i++) body.Line($"private {StreamEmitter.QualifiedName(model.Streams[i])}? _stream{i};");
            body.Line();
            body.Line("/// <summary>A sender resolving each pipeline from <paramref name=\"services\"/> on its first send: a container, or any provider that creates them.</summary>");
            body.Line($"public {SenderName.ClassName}(global::System.IServiceProvider services) => _services = services ?? throw new global::System.ArgumentNullException(nameof(services));");
            if (model.Sends.Count + model.Publishers.Count + model.Streams.Count > 0) WriteHandBuiltConstructor(model, body);
            foreach (var send in model.Sends)
            {
                body.Line();
                WriteSend(model, send, body);
            }

            for (var i = 0; i < model.Publishers.Count; i++)
            {
                body.Line();
                WritePublish(model, i, body);
            }

            for (var i = 0; i < model.Streams.Count; i++)
            {
                body.Line();
                WriteCreateStream(model, i, body);
            }

            body.Line();
            body.Line("// Off the hot path: once per pipeline and sender.");
            body.Line("private T Resolve<T>() where T : class");
            body.Indent++;
            body.Line("=> _services?.GetService(typeof(T)) as T ?? throw new global::System.InvalidOperationException(\"'\" + typeof(T).FullName + (_services is null");
            body.Line("    ? \"' was not passed to this sender: pass it to the constructor, or build the sender from a service provider.\"");
            body.Line("    : \"' is not registered: call services.AddPrewired() (or register the pipeline) first.\"));");
            body.Indent--;
            body.CloseBrace();
            var members = string.Concat(body.Render(1).Select(line => line + "\n"));
            return GeneratedFileEmitter.Wrap(model.Options.Namespace, new string[0], new string[0], new string[0], nullableEnabled: true, members);
        }

        /// <summary>
        /// Without a container: the pipelines built by hand (<c>new SendEmailPipeline(stages...)</c>), each optional, named after
        /// its class. Internal, as the generated pipeline classes it takes are.
        /// </summary>
        private static void WriteHandBuiltConstructor(SenderModel model, CodeLines body)
        {
            body.Line();
            body.Line("/// <summary>A sender over pipelines built by hand, without a container: a send of a request whose pipeline was not passed throws.</summary>");
            var parameters = model.Sends.Select(s => $"{s.Pipeline}? {s.Parameter} = null")
                .Concat(model.Publishers.Select((p, i) => $"{p.QualifiedName}? {model.PublisherParameters[i]} = null"))
                .Concat(model.Streams.Select((p, i) => $"{StreamEmitter.QualifiedName(p)}? {model.StreamParameters[i]} = null"));
            body.Line($"internal {SenderName.ClassName}({string.Join(", ", parameters)})");
            body.OpenBrace();
            foreach (var send in model.Sends) body.Line($"{send.Field} = {send.Parameter};");
            for (var i = 0; i < model.Publishers.Count; i++) body.Line($"_publisher{i} = {model.PublisherParameters[i]};");
            for (var i = 0; i < model.Streams.Count; i++) body.Line($"_stream{i} = {model.StreamParameters[i]};");
            body.CloseBrace();
        }

        private static void WritePublish(SenderModel model, int index, CodeLines body)
        {
            var publisher = model.Publishers[index];
            var n = publisher.Notification;
            var handlers = publisher.Handlers.Count == 0 ? "no handler (nothing runs: PW0324 says so where it is published)" : publisher.Handlers.Count + " handler(s), " + (n.Concurrent ? "concurrently" : "in order");
            body.Line($"/// <summary>Publishes <paramref name=\"notification\"/> through <see cref=\"{publisher.QualifiedName}\"/>: {handlers}.</summary>");
            WriteFrameAttributes(model, body);
            body.Line($"{(n.Public ? "public" : "internal")} global::System.Threading.Tasks.ValueTask Publish({n.Notification} notification, {Token} cancellationToken = default) => (_publisher{index} ??= Resolve<{publisher.QualifiedName}>()).Publish(notification, cancellationToken);");
        }

        /// <summary>
        /// The stream is enumerated under both tokens, the one passed here and the one passed to WithCancellation, combined by
        /// <c>StreamEnumeration.Linked</c>'s enumerable when it is enumerated (no async iterator of its own); where every stage
        /// takes the enumerator's token itself (<see cref="StreamHandlerModel.EnumeratorTokens"/>),
        /// <c>StreamEnumeration.Direct</c>, which hands out the chain's stream as it is when the token here cannot be canceled.
        /// </summary>
        private static void WriteCreateStream(SenderModel model, int index, CodeLines body)
        {
            var stream = model.Streams[index];
            var pipeline = StreamEmitter.QualifiedName(stream);
            body.Line($"/// <summary>The stream of <paramref name=\"request\"/> through <see cref=\"{pipeline}\"/>, canceled by <paramref name=\"cancellationToken\"/> or the token passed to <c>WithCancellation</c>.</summary>");
            WriteFrameAttributes(model, body);
            body.Line($"{(stream.Public ? "public" : "internal")} global::System.Collections.Generic.IAsyncEnumerable<{stream.Response}> CreateStream({stream.Request} request, {Token} cancellationToken = default)");
            body.Indent++;
            var helper = stream.EnumeratorTokens ? "Direct" : "Linked";
            body.Line($"=> global::Prewired.CompilerServices.StreamEnumeration.{helper}<{pipeline}, {stream.Request}, {stream.Response}>(_stream{index} ??= Resolve<{pipeline}>(), request, cancellationToken);");
            body.Indent--;
        }

        private static void WriteFrameAttributes(SenderModel model, CodeLines body)
        {
            body.Line(GeneratedFileEmitter.GeneratedCodeAttribute);
            if (model.Options.HideFrames) body.Line("[global::System.Diagnostics.StackTraceHidden]");
            body.Line("[global::System.Diagnostics.DebuggerStepThrough]");
        }

        private static void WriteSend(SenderModel model, SendModel send, CodeLines body)
        {
            var returns = send.Result is null ? "global::System.Threading.Tasks.Task" : $"global::System.Threading.Tasks.ValueTask<{send.Result}>";
            var tokenUse = send.Cancellable ? "passing it the token" : "whose stages take no token";
            body.Line($"/// <summary>Sends <paramref name=\"request\"/> through <see cref=\"{send.Pipeline}\"/>, {tokenUse}.</summary>");
            body.Line(GeneratedFileEmitter.GeneratedCodeAttribute);
            if (model.Options.HideFrames) body.Line("[global::System.Diagnostics.StackTraceHidden]");
            body.Line("[global::System.Diagnostics.DebuggerStepThrough]");
            var call = send.Cancellable ? "Invoke(request, cancellationToken)" : "Invoke(request)";
            body.Line($"{(send.Public ? "public" : "internal")} {returns} Send({send.Request} request, {Token} cancellationToken = default) => ({send.Field} ??= Resolve<{send.Pipeline}>()).{call};");
        }
    }
}
