using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using Prewired.Generator.Model;
using Prewired.Generator.Pipelines.Messages;

namespace Prewired.Generator.Pipelines.Sender
{
    /// <summary>
    /// Chooses what the sender sends: every pipeline of the assembly it can name, [Pipeline] classes and the ones generated for
    /// handlers alike, one <c>Send</c> per request type. A request type that several [Pipeline] classes take (two chains over
    /// one context, in the NServiceBus style) gets no Send, since an overload per pipeline would not compile; those pipelines
    /// are still registered and invoked as they are.
    /// </summary>
    internal static class SenderParser
    {
        public static SenderModel? Build(ImmutableArray<PipelineModel> explicitPipelines, ImmutableArray<PipelineModel> discovered, SenderOptions options)
            => Build(explicitPipelines, discovered, ImmutableArray<PublisherModel>.Empty, ImmutableArray<StreamHandlerModel>.Empty, options);

        /// <summary>As above, with the assembly's notification publishers and stream pipelines (each a Publish or CreateStream).</summary>
        public static SenderModel? Build(ImmutableArray<PipelineModel> explicitPipelines, ImmutableArray<PipelineModel> discovered,
            ImmutableArray<PublisherModel> publishers, ImmutableArray<StreamHandlerModel> streams, SenderOptions options)
        {
            var pipelines = explicitPipelines.Concat(discovered).Where(p => p.QualifiedName is not null)
                .OrderBy(p => p.QualifiedName, System.StringComparer.Ordinal).ToList();
            if (pipelines.Count == 0 && publishers.IsEmpty && streams.IsEmpty) return null;
            var chosen = pipelines.GroupBy(p => p.EntryContext).Where(g => g.Count() == 1).Select(g => g.Single())
                .OrderBy(p => p.EntryContext, System.StringComparer.Ordinal).ToList();
            // One set of names for the whole hand-built constructor: a pipeline, a publisher and a stream pipeline may share one.
            var names = ParameterNames(chosen.Select(p => p.QualifiedName!).Concat(publishers.Select(p => p.QualifiedName)).Concat(streams.Select(StreamEmitter.QualifiedName)).ToList());
            var sends = chosen.Select((p, i) => new SendModel(p.EntryContext, p.Result, p.Cancellable, p.QualifiedName!, "_pipeline" + i, p.PublicSignature, names[i]))
                .ToEquatableArray();
            return new SenderModel(sends, pipelines.ToEquatableArray(), options, publishers.ToEquatableArray(), streams.ToEquatableArray(),
                names.Skip(chosen.Count).Take(publishers.Length).ToEquatableArray(), names.Skip(chosen.Count + publishers.Length).ToEquatableArray());
        }

        /// <summary>The class names, camelCase; a name two classes share (two namespaces) is numbered.</summary>
        private static List<string> ParameterNames(List<string> qualifiedNames)
        {
            // The simple name: after the last '.', or after 'global::' for a class of the global namespace.
            var bases = qualifiedNames.Select(n => n.Substring(n.LastIndexOfAny(new[] { '.', ':' }) + 1))
                .Select(n => char.ToLowerInvariant(n[0]) + n.Substring(1)).ToList();
            return bases.Select((name, i) => Marks.SourceNames.Escaped(bases.Count(b => b == name) > 1 ? name + i : name)).ToList();
        }
    }
}
