using System.Collections.Generic;
using System.Linq;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Prewired.Generator.FastPath;
using Prewired.Generator.Marks;
using Prewired.Generator.Pipelines.Rules;
using Prewired.Generator.TailAwait;

namespace Prewired.Analyzers.Handlers
{
    /// <summary>
    /// The assembly's request handlers and pipelines, built once per compilation: which handler of a request counts (the
    /// first, <see cref="HandlerSelection"/>), which are taken over by a [Pipeline], and which contexts some pipeline takes.
    /// The generator decides the same from its models, so what it generates and what this reports agree.
    /// </summary>
    internal sealed class HandlerIndex
    {
        private static readonly SymbolDisplayFormat TypeFormat = SourceNames.TypeFormat;

        private readonly Dictionary<string, List<RequestHandler>> _byRequest;
        private readonly List<(string Entry, string Terminator)> _explicit;
        private readonly List<ITypeSymbol> _entries;
        private readonly List<INamedTypeSymbol> _explicitStages;
        private readonly List<(string Owner, List<ResolvedStage> Stages)> _explicitChains;

        private HandlerIndex(Dictionary<string, List<RequestHandler>> byRequest, List<(string, string)> explicitPipelines, List<ITypeSymbol> entries,
            List<INamedTypeSymbol> explicitStages, List<(string, List<ResolvedStage>)> explicitChains, bool hasHandlers)
        {
            _byRequest = byRequest;
            _explicit = explicitPipelines;
            _entries = entries;
            _explicitStages = explicitStages;
            _explicitChains = explicitChains;
            HasHandlers = hasHandlers;
        }

        /// <summary>Whether the assembly has a request handler at all: then the generator writes the sender and AddPrewired().</summary>
        public bool HasHandlers { get; }

        public static HandlerIndex Build(Compilation compilation, CancellationToken cancellationToken)
        {
            var handlers = new List<(RequestHandler Handler, string Order)>();
            var explicitPipelines = new List<(string, string)>();
            var entries = new List<ITypeSymbol>();
            var explicitStages = new List<INamedTypeSymbol>();
            var explicitChains = new List<(string, List<ResolvedStage>)>();
            foreach (var type in SourceTypes(compilation.Assembly.GlobalNamespace, cancellationToken))
            {
                foreach (var handler in RequestHandler.Of(type)) handlers.Add((handler, HandlerSelection.OrderKey(type)));
                // A class implementing a pipeline interface itself takes its context too: one written by hand (a chain built at
                // run time, a test double), and the generated ones, which the analyzers see.
                if (type.TypeKind == TypeKind.Class)
                {
                    entries.AddRange(type.AllInterfaces.Where(IsPipelineInterface).Select(i => i.TypeArguments[0]));
                }

                var attribute = type.GetAttributes().FirstOrDefault(a => KnownTypes.IsType(a.AttributeClass, KnownTypes.PipelineAttribute));
                if (attribute is null) continue;
                var validation = PipelineValidator.Validate(type, attribute, compilation, cancellationToken);
                if (!validation.IsValid) continue;
                var stages = validation.Stages;
                explicitPipelines.Add((stages[0].Receives.ToDisplayString(TypeFormat), stages[stages.Count - 1].Type.ToDisplayString(TypeFormat)));
                entries.Add(stages[0].Receives);
                explicitChains.Add((type.Name, stages));
                if (PipelineRegistrationTarget.IsNameable(type)) explicitStages.AddRange(stages.Select(st => st.Type));
            }

            var byRequest = new Dictionary<string, List<RequestHandler>>();
            foreach (var (handler, _) in handlers.OrderBy(h => h.Order, System.StringComparer.Ordinal))
            {
                var request = handler.Request.ToDisplayString(TypeFormat);
                if (explicitPipelines.Any(p => HandlerSelection.Overrides(p.Item1, p.Item2, request, handler.Type.ToDisplayString(TypeFormat)))) continue;
                if (!byRequest.TryGetValue(request, out var list)) byRequest.Add(request, list = new List<RequestHandler>());
                if (list.Count == 0) entries.Add(handler.Request);
                list.Add(handler);
            }

            return new HandlerIndex(byRequest, explicitPipelines, entries, explicitStages, explicitChains, handlers.Count > 0);
        }

        /// <summary>Whether an explicit [Pipeline] takes over <paramref name="handler"/>'s request (its own findings are reported there).</summary>
        public bool IsOverridden(RequestHandler handler)
        {
            var request = handler.Request.ToDisplayString(TypeFormat);
            var type = handler.Type.ToDisplayString(TypeFormat);
            return _explicit.Any(p => HandlerSelection.Overrides(p.Entry, p.Terminator, request, type));
        }

        /// <summary>The handler of <paramref name="handler"/>'s request that counts; itself when it is the first.</summary>
        public RequestHandler? FirstOf(RequestHandler handler)
            => _byRequest.TryGetValue(handler.Request.ToDisplayString(TypeFormat), out var list) ? list[0] : null;

        /// <summary>
        /// Whether some pipeline of the assembly, explicit or generated for a handler, takes <paramref name="context"/>; one that
        /// takes a base type takes it too (the pipeline interfaces are contravariant in the context).
        /// </summary>
        public bool HasPipelineFor(ITypeSymbol context, Compilation compilation)
            => _entries.Any(e => SymbolEqualityComparer.Default.Equals(e, context)
                                 || compilation.ClassifyConversion(context, e) is { IsImplicit: true, IsReference: true });

        /// <summary>
        /// The stage types <c>AddPrewired()</c> registers, closed: those of every nameable [Pipeline] class and of every
        /// handler's generated pipeline (the first handler of each request, its chain valid), as the generator writes them.
        /// </summary>
        public List<INamedTypeSymbol> RegisteredStages(Compilation compilation, CancellationToken cancellationToken)
        {
            var stages = new List<INamedTypeSymbol>(_explicitStages);
            foreach (var (_, chain) in HandlerChains(compilation, cancellationToken)) stages.AddRange(chain.Select(st => st.Type));
            return stages.Distinct<INamedTypeSymbol>(SymbolEqualityComparer.Default).ToList();
        }

        /// <summary>
        /// Every chain the generator writes, each with the name its findings give it: the valid [Pipeline] classes (their
        /// defaults included), then the generated pipeline of each request's first handler whose chain is valid (the
        /// assembly's defaults, then the handler). The stages are closed, in chain order, the terminator last.
        /// </summary>
        public List<(string Owner, List<ResolvedStage> Stages)> Chains(Compilation compilation, CancellationToken cancellationToken)
            => _explicitChains.Concat(HandlerChains(compilation, cancellationToken)).ToList();

        /// <summary>The generated pipeline of each request's first handler, where its chain is valid (what the generator writes).</summary>
        private IEnumerable<(string Owner, List<ResolvedStage> Stages)> HandlerChains(Compilation compilation, CancellationToken cancellationToken)
        {
            foreach (var handlers in _byRequest.Values)
            {
                var validation = HandlerChainValidator.Validate(handlers[0], compilation, cancellationToken);
                if (validation.IsValid) yield return (PipelineValidator.Display(handlers[0].Type), validation.Stages);
            }
        }

        /// <summary>IPipeline&lt;TContext&gt; and ICancellablePipeline&lt;TContext&gt;, with or without TResult: what a request is sent through.</summary>
        public static bool IsPipelineInterface(INamedTypeSymbol? type)
            => type is { TypeKind: TypeKind.Interface, Name: "IPipeline" or "ICancellablePipeline", Arity: 1 or 2, ContainingNamespace: { Name: "Prewired", ContainingNamespace.IsGlobalNamespace: true } };

        internal static IEnumerable<INamedTypeSymbol> SourceTypes(INamespaceSymbol ns, CancellationToken cancellationToken)
        {
            foreach (var member in ns.GetMembers())
            {
                cancellationToken.ThrowIfCancellationRequested();
                if (member is INamespaceSymbol inner)
                {
                    foreach (var type in SourceTypes(inner, cancellationToken)) yield return type;
                }
                else if (member is INamedTypeSymbol type && type.Locations.Any(l => l.IsInSource))
                {
                    foreach (var nested in WithNested(type)) yield return nested;
                }
            }
        }

        private static IEnumerable<INamedTypeSymbol> WithNested(INamedTypeSymbol type)
        {
            yield return type;
            foreach (var nested in type.GetTypeMembers().SelectMany(WithNested)) yield return nested;
        }
    }
}
