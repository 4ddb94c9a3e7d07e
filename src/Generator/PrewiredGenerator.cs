using System;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Prewired.Generator.Analysis;
using Prewired.Generator.Emit;
using Prewired.Generator.FastPath;
using Prewired.Generator.Model;
using Prewired.Generator.TailAwait;

namespace Prewired.Generator
{
    /// <summary>
    /// Generates [TailAwait] and [FastPath] methods. Each marked method becomes one value-equatable model in the
    /// transform (symbols never leave it) and one file in the output; diagnostics come from the analyzers, which run
    /// the same validation, so the generator stays silent and the IDE can suppress them.
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

            context.RegisterSourceOutput(tailAwait, static (output, model) => AddSource(output, model!));
            context.RegisterSourceOutput(fastPath, static (output, model) => AddSource(output, model!));
        }

        private static void AddSource(SourceProductionContext output, GeneratedMethodModel model)
            => output.AddSource(model.Shell.HintName, GeneratedFileEmitter.Emit(model));

        private static bool IsMethod(SyntaxNode node, CancellationToken cancellationToken) => node is MethodDeclarationSyntax;

        /// <summary>
        /// The generator must never throw, whatever half-typed code the IDE hands it. A failure in a transform is a bug,
        /// but it costs the user only that method's generated code (the analyzers still report), not the whole build.
        /// </summary>
        private static Func<GeneratorAttributeSyntaxContext, CancellationToken, GeneratedMethodModel?> Guarded(
            Func<GeneratorAttributeSyntaxContext, CancellationToken, GeneratedMethodModel?> parse)
            => (context, cancellationToken) =>
            {
                try
                {
                    return parse(context, cancellationToken);
                }
                catch (Exception exception) when (exception is not OperationCanceledException)
                {
                    return null;
                }
            };
    }
}
