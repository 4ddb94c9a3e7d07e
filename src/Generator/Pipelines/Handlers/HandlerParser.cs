using System.Linq;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Prewired.Generator.MarkedMethods;
using Prewired.Generator.Model;
using Prewired.Generator.Pipelines.Rules;

namespace Prewired.Generator.Pipelines.Handlers
{
    /// <summary>
    /// Finds the request handlers of the assembly (<see cref="RequestHandler"/>) and models the pipeline each one gets without a
    /// [Pipeline] class: the assembly's defaults, then the handler, in an internal class of the generator's own namespace
    /// (<c>Prewired.Generated.{request's namespace}</c>), so no name the user wrote can collide with it.
    /// </summary>
    internal static class HandlerParser
    {
        public const string GeneratedNamespace = "Prewired.Generated";

        private static readonly SymbolDisplayFormat TypeFormat = MethodShellParser.TypeFormat;

        /// <summary>A class with a base list: only those can implement the handler interface (a record class too).</summary>
        public static bool IsCandidate(SyntaxNode node, CancellationToken cancellationToken)
            => node is ClassDeclarationSyntax { BaseList: not null } or RecordDeclarationSyntax { BaseList: not null, ClassOrStructKeyword.RawKind: not (int)SyntaxKind.StructKeyword };

        public static EquatableArray<HandlerModel> Parse(GeneratorSyntaxContext context, CancellationToken cancellationToken)
        {
            if (FirstDeclared(context, cancellationToken) is not { } type) return EquatableArray<HandlerModel>.Empty;
            var handlers = RequestHandler.Of(type);
            if (handlers.Count == 0) return EquatableArray<HandlerModel>.Empty;

            var compilation = context.SemanticModel.Compilation;
            var order = HandlerSelection.OrderKey(type);
            return handlers.Select(handler =>
            {
                var validation = HandlerChainValidator.Validate(handler, compilation, cancellationToken);
                var declaration = ClassFor(handler.Request);
                var pipeline = validation.IsValid
                    ? PipelineModelBuilder.Build(declaration, EffectiveAccessibility.Internal, validation.Stages, null, "global::" + declaration.Namespace + "." + declaration.Name, compilation)
                    : null;
                return new HandlerModel(handler.Request.ToDisplayString(TypeFormat), handler.Type.ToDisplayString(TypeFormat), order, pipeline);
            }).ToEquatableArray();
        }

        /// <summary>
        /// The type declared at <paramref name="context"/>'s node when that node is its first declaration with a base list: a
        /// partial type is modelled once there, whichever part declares the interface. Compared by place, not by node
        /// instance: a syntax reference may hand back another red node for the same text.
        /// </summary>
        public static INamedTypeSymbol? FirstDeclared(GeneratorSyntaxContext context, CancellationToken cancellationToken)
        {
            if (context.SemanticModel.GetDeclaredSymbol(context.Node, cancellationToken) is not INamedTypeSymbol type) return null;
            var first = type.DeclaringSyntaxReferences.Select(r => r.GetSyntax(cancellationToken)).OfType<TypeDeclarationSyntax>().FirstOrDefault(d => d.BaseList is not null);
            return first is null || first.SyntaxTree != context.Node.SyntaxTree || first.Span != context.Node.Span ? null : type;
        }

        /// <summary>
        /// <c>Prewired.Generated.Shop.SendEmailPipeline</c> for <c>Shop.SendEmail</c>: named after the request, which is unique
        /// per pipeline (a second handler of it is an error and gets none), containing types and type arguments spelled in.
        /// </summary>
        public static PipelineClass ClassFor(ITypeSymbol request) => ClassFor(request, "Pipeline", ".Pipeline.g.cs");

        /// <summary>As above, with another suffix: <c>OrderPlacedPublisher</c>, <c>GetTicksStreamPipeline</c>.</summary>
        public static PipelineClass ClassFor(ITypeSymbol request, string suffix, string hintSuffix)
        {
            var ns = request.ContainingNamespace is { IsGlobalNamespace: false } n ? GeneratedNamespace + "." + n.ToDisplayString() : GeneratedNamespace;
            var written = request.ToDisplayString(SymbolDisplayFormat.MinimallyQualifiedFormat.WithMiscellaneousOptions(SymbolDisplayMiscellaneousOptions.None));
            for (var outer = request.ContainingType; outer is not null; outer = outer.ContainingType) written = outer.Name + "_" + written;
            var name = new string(written.Select(c => char.IsLetterOrDigit(c) || c == '_' ? c : '_').ToArray()).TrimEnd('_') + suffix;
            return new PipelineClass(HintNames.Capped(ns + "." + name, hintSuffix), ns, EquatableArray<string>.Empty, "internal sealed class " + name, name);
        }
    }
}
