using Microsoft.CodeAnalysis;
using Prewired.Generator.FastPath;
using Prewired.Generator.Marks;

namespace Prewired.Generator.Pipelines.Rules
{
    /// <summary>
    /// Whose chain <see cref="PipelineValidator"/> walks: a [Pipeline] class, or the pipeline generated for a request handler
    /// found in the assembly. The walk is the same; what differs is the name its findings give, which ID a default skipped
    /// for its constraint is reported under (each has its own fix), and, for a handler, the request it answers, which
    /// closes open defaults before it and picks its terminator interface when it handles more than one request.
    /// </summary>
    internal sealed class ChainOwner
    {
        private ChainOwner(string name, string skippedDefaultId, ITypeSymbol? request, ITypeSymbol? response)
        {
            Name = name;
            SkippedDefaultId = skippedDefaultId;
            Request = request;
            Response = response;
        }

        /// <summary>The name findings give the chain: the [Pipeline] class, or the handler.</summary>
        public string Name { get; }

        /// <summary>PW0312 for a [Pipeline] class (fixed with ExcludeDefaults), PW0316 for a handler (which has no attribute to say it).</summary>
        public string SkippedDefaultId { get; }

        /// <summary>The request a handler's chain starts with; null for a [Pipeline] class, whose stages say it.</summary>
        public ITypeSymbol? Request { get; }

        /// <summary>The response the handler returns for <see cref="Request"/>.</summary>
        public ITypeSymbol? Response { get; }

        public static ChainOwner Pipeline(INamedTypeSymbol pipeline) => new(pipeline.Name, DiagnosticIds.DefaultStageNotApplied, null, null);

        public static ChainOwner Handler(RequestHandler handler)
            => new(PipelineValidator.Display(handler.Type), DiagnosticIds.DefaultNotAppliedToHandler, handler.Request, handler.Response);
    }
}
