namespace Prewired.Generator.Pipelines.Handlers
{
    /// <summary>One request a class in the assembly handles, as values: what choosing and generating its pipeline needs.</summary>
    /// <param name="Request">The request type, fully qualified (as a [Pipeline]'s entry context is written, to compare the two).</param>
    /// <param name="Handler">The handler type, fully qualified.</param>
    /// <param name="OrderKey">Orders the handlers of one request; the first one counts (<see cref="Pipelines.Rules.HandlerSelection.OrderKey"/>).</param>
    /// <param name="Pipeline">The pipeline to generate for it; null when its chain has findings (the analyzer reports them at the handler).</param>
    internal sealed record HandlerModel(string Request, string Handler, string OrderKey, PipelineModel? Pipeline);
}
