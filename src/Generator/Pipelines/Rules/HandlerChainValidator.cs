using System.Collections.Generic;
using System.Linq;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Prewired.Generator.FastPath;
using Prewired.Generator.Marks;

namespace Prewired.Generator.Pipelines.Rules
{
    /// <summary>
    /// Checks the pipeline a request handler gets without a [Pipeline] class: the assembly's defaults, then the handler. The
    /// rules are the [Pipeline] ones (<see cref="PipelineValidator.ValidateChain"/>); having no attribute, every finding sits
    /// at the handler's name, and a default's points at its <c>typeof</c> in [assembly: PipelineDefaults] as well.
    /// </summary>
    internal static class HandlerChainValidator
    {
        public static PipelineValidation Validate(RequestHandler handler, Compilation compilation, CancellationToken cancellationToken)
        {
            var findings = new List<Finding>();
            var at = NameLocation(handler.Type, cancellationToken);
            var defaults = PipelineDefaults.For(apply: true, DefaultExclusions.None, compilation, cancellationToken);
            var types = defaults.Applied.Concat(new[] { handler.Type }).ToList();
            var locations = ArgumentLocations.Of(attribute: null, at, 1).WithDefaults(defaults.AppliedLocations);
            var stages = PipelineValidator.ValidateChain(ChainOwner.Handler(handler), types, locations, compilation, findings, out _);
            return new PipelineValidation(findings, stages, registration: null);
        }

        /// <summary>The handler's name in its first declaration: where its findings sit, as a [Pipeline]'s sit at its typeofs.</summary>
        public static Location NameLocation(INamedTypeSymbol type, CancellationToken cancellationToken)
            => type.DeclaringSyntaxReferences.FirstOrDefault()?.GetSyntax(cancellationToken) is BaseTypeDeclarationSyntax declaration
                ? declaration.Identifier.GetLocation()
                : type.Locations.FirstOrDefault() ?? Location.None;
    }
}
