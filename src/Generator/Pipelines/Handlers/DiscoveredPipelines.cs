using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using Prewired.Generator.Model;
using Prewired.Generator.Pipelines.Rules;

namespace Prewired.Generator.Pipelines.Handlers
{
    /// <summary>
    /// The handlers whose pipelines are generated: for each request its first handler (<see cref="HandlerSelection"/>), unless
    /// an explicit [Pipeline] overrides it. The rest are the analyzer's to report (PW0314 for a second handler).
    /// </summary>
    internal static class DiscoveredPipelines
    {
        public static EquatableArray<PipelineModel> Select(ImmutableArray<HandlerModel> handlers, ImmutableArray<PipelineModel> explicitPipelines)
        {
            var answered = new HashSet<string>();
            var selected = new List<PipelineModel>();
            foreach (var handler in handlers.OrderBy(h => h.OrderKey, System.StringComparer.Ordinal))
            {
                if (explicitPipelines.Any(p => HandlerSelection.Overrides(p.EntryContext, p.Stages[p.Stages.Count - 1].TypeName, handler.Request, handler.Handler))) continue;
                if (!answered.Add(handler.Request)) continue;
                if (handler.Pipeline is { } pipeline) selected.Add(pipeline);
            }

            return selected.ToEquatableArray();
        }
    }
}
