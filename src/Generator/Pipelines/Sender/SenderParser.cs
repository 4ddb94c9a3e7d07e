using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using Prewired.Generator.Model;

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
        {
            var pipelines = explicitPipelines.Concat(discovered).Where(p => p.QualifiedName is not null)
                .OrderBy(p => p.QualifiedName, System.StringComparer.Ordinal).ToList();
            if (pipelines.Count == 0) return null;
            var chosen = pipelines.GroupBy(p => p.EntryContext).Where(g => g.Count() == 1).Select(g => g.Single())
                .OrderBy(p => p.EntryContext, System.StringComparer.Ordinal).ToList();
            var names = ParameterNames(chosen);
            var sends = chosen.Select((p, i) => new SendModel(p.EntryContext, p.Result, p.Cancellable, p.QualifiedName!, "_pipeline" + i, p.PublicSignature, names[i]))
                .ToEquatableArray();
            return new SenderModel(sends, pipelines.ToEquatableArray(), options);
        }

        /// <summary>The pipeline class names, camelCase; a name two pipelines share (two namespaces) is numbered.</summary>
        private static List<string> ParameterNames(List<PipelineModel> pipelines)
        {
            // The simple name: after the last '.', or after 'global::' for a class of the global namespace.
            var bases = pipelines.Select(p => p.QualifiedName!.Substring(p.QualifiedName!.LastIndexOfAny(new[] { '.', ':' }) + 1))
                .Select(n => char.ToLowerInvariant(n[0]) + n.Substring(1)).ToList();
            return bases.Select((name, i) => SharedRules.SourceNames.Escaped(bases.Count(b => b == name) > 1 ? name + i : name)).ToList();
        }
    }
}
