using System;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Prewired.Generator.Emit;
using Prewired.Generator.FastPath;
using Prewired.Generator.Marks;
using Prewired.Generator.Model;
using Prewired.Generator.Pipelines;
using Prewired.Generator.Pipelines.Handlers;
using Prewired.Generator.Pipelines.Messages;
using Prewired.Generator.Pipelines.Sender;
using Prewired.Generator.TailAwait;

namespace Prewired.Generator
{
    /// <summary>
    /// Generates [TailAwait] and [FastPath] methods and [Pipeline] classes. Each marked method or class becomes one
    /// value-equatable model in the transform (symbols never leave it) and its files in the output. Diagnostics come from
    /// the analyzers, which run the same validation, except the usage errors that a compiler error of the misuse's own
    /// making would keep the command line from printing: those the generator reports (see UsageErrorReporting).
    /// </summary>
    [Generator(LanguageNames.CSharp)]
    public sealed class PrewiredGenerator : IIncrementalGenerator
    {
        public void Initialize(IncrementalGeneratorInitializationContext context)
        {
            var tailAwait = context.SyntaxProvider
                .ForAttributeWithMetadataName(KnownTypes.TailAwaitAttribute, IsMethod, Guarded(TailAwaitParser.Parse))
                .WithTrackingName(TrackingNames.TailAwaitModels)
                .Where(static m => m is not null)
                .WithTrackingName(TrackingNames.NonNullTailAwaitModels);
            var fastPath = context.SyntaxProvider
                .ForAttributeWithMetadataName(KnownTypes.FastPathAttribute, IsMethod, Guarded(FastPathParser.Parse))
                .WithTrackingName(TrackingNames.FastPathModels)
                .Where(static m => m is not null)
                .WithTrackingName(TrackingNames.NonNullFastPathModels);

            var pipelines = context.SyntaxProvider
                .ForAttributeWithMetadataName(KnownTypes.PipelineAttribute, IsClass, Guarded(PipelineParser.Parse))
                .WithTrackingName(TrackingNames.PipelineModels)
                .Where(static m => m is not null)
                .WithTrackingName(TrackingNames.NonNullPipelineModels);

            // Every request handler of the assembly gets its pipeline, unless a [Pipeline] takes its request over or a handler
            // before it answers the same request. The per-class models cache on their own; only the choice among them runs
            // again when one changes, and each chosen pipeline's file is written again only when its model changed.
            var handlers = context.SyntaxProvider
                .CreateSyntaxProvider(HandlerParser.IsCandidate, Guarded<GeneratorSyntaxContext, EquatableArray<HandlerModel>>(HandlerParser.Parse))
                .WithTrackingName(TrackingNames.HandlerModels)
                .SelectMany(static (models, _) => models)
                .Collect();
            var discovered = handlers
                .Combine(pipelines.Select(static (m, _) => m!).Collect())
                .SelectMany(static (pair, _) => DiscoveredPipelines.Select(pair.Left, pair.Right))
                .WithTrackingName(TrackingNames.DiscoveredPipelines);

            // Notifications and streams: each type's handlers and notification, modelled per declaration; every notification type
            // gets its publisher (all its handlers, found here), every stream request with a handler its stream pipeline.
            var messages = context.SyntaxProvider
                .CreateSyntaxProvider(MessageParser.IsCandidate, Guarded<GeneratorSyntaxContext, MessageModels?>(MessageParser.Parse))
                .WithTrackingName(TrackingNames.MessageModels)
                .Where(static m => m is not null)
                .Select(static (m, _) => m!)
                .Collect();
            var publishers = messages.SelectMany(static (all, _) => MessageSelection.Publishers(all)).WithTrackingName(TrackingNames.Publishers);
            var streams = messages.SelectMany(static (all, _) => MessageSelection.Streams(all)).WithTrackingName(TrackingNames.StreamPipelines);

            // One sender and one AddPrewired() over every pipeline, publisher and stream pipeline, in an assembly with request,
            // notification or stream handlers or notifications (a Mediator-style one; an assembly of [Pipeline] chains alone gets
            // none): rewritten when one of their models or the options change.
            var sender = pipelines.Select(static (m, _) => m!).Collect()
                .Combine(discovered.Collect())
                .Combine(handlers.Select(static (all, _) => all.Length > 0))
                .Combine(publishers.Collect().Combine(streams.Collect()))
                .Combine(context.CompilationProvider.Select(static (compilation, _) => SenderOptions.Of(compilation)))
                .Select(static (input, _) =>
                {
                    var ((((explicitPipelines, discoveredPipelines), hasHandlers), (publisherModels, streamModels)), options) = input;
                    return hasHandlers || !publisherModels.IsEmpty || !streamModels.IsEmpty
                        ? SenderParser.Build(explicitPipelines, discoveredPipelines, publisherModels, streamModels, options)
                        : null;
                })
                .WithTrackingName(TrackingNames.SenderModel);

            // [FastPath] first: its transforms take longest per method, so the compiler's error check of the files after the
            // current one (WorkAhead, on a second thread) keeps ahead of them, and [TailAwait]'s then find every file checked.
            context.RegisterSourceOutput(fastPath, static (output, model) => AddSource(output, model!));
            context.RegisterSourceOutput(tailAwait, static (output, model) => AddSource(output, model!));
            context.RegisterSourceOutput(pipelines, static (output, model) => AddSource(output, model!));
            context.RegisterSourceOutput(discovered, static (output, model) => AddSource(output, model));
            context.RegisterSourceOutput(publishers, static (output, model) => output.AddSource(model.Notification.Class.HintName, NotificationEmitter.Emit(model)));
            context.RegisterSourceOutput(streams, static (output, model) => output.AddSource(model.Class.HintName, StreamEmitter.Emit(model)));
            context.RegisterSourceOutput(sender, static (output, model) => AddSource(output, model));
        }

        private static void AddSource(SourceProductionContext output, PipelineModel model)
        {
            output.AddSource(model.HintName, PipelineEmitter.Emit(model));
            if (model.Registration is { } registration) output.AddSource(registration.HintName, RegistrationEmitter.Emit(model, registration));
        }

        private static void AddSource(SourceProductionContext output, SenderModel? model)
        {
            if (model is null) return;
            output.AddSource(MarkedMethods.HintNames.Capped(model.Options.Namespace + "." + Pipelines.Rules.SenderName.ClassName, ".g.cs"), SenderEmitter.Emit(model));
            if (model.Options.DependencyInjection) output.AddSource(MarkedMethods.HintNames.Capped(model.Options.Namespace + ".AddPrewired", ".g.cs"), AddPrewiredEmitter.Emit(model));
        }

        private static bool IsClass(SyntaxNode node, CancellationToken cancellationToken) => node is ClassDeclarationSyntax;

        private static void AddSource(SourceProductionContext output, GeneratedMethodModel model)
        {
            foreach (var diagnostic in model.Diagnostics) output.ReportDiagnostic(diagnostic.ToDiagnostic());
            if (model.Shell is { } shell) output.AddSource(shell.HintName, GeneratedFileEmitter.Emit(model));
        }

        private static bool IsMethod(SyntaxNode node, CancellationToken cancellationToken) => node is MethodDeclarationSyntax;

        /// <summary>
        /// The generator must never throw, whatever half-typed code the IDE hands it. A failure in a transform is a bug,
        /// but it costs the user only that method's or pipeline's generated code (the analyzers still report), not the whole build.
        /// </summary>
        private static Func<GeneratorAttributeSyntaxContext, CancellationToken, TModel?> Guarded<TModel>(
            Func<GeneratorAttributeSyntaxContext, CancellationToken, TModel?> parse)
            where TModel : class
            => Guarded<GeneratorAttributeSyntaxContext, TModel?>(parse);

        /// <summary>As above, for any transform: a failure gives the model's default (null, or an empty array), nothing generated.</summary>
        private static Func<TContext, CancellationToken, TModel> Guarded<TContext, TModel>(Func<TContext, CancellationToken, TModel> parse)
            => (context, cancellationToken) =>
            {
                try
                {
                    return parse(context, cancellationToken);
                }
                catch (Exception exception) when (exception is not OperationCanceledException)
                {
                    return default!;
                }
            };
    }
}
