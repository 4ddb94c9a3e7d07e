using Prewired.Generator.Model;

namespace Prewired.Generator.Pipelines
{
    /// <summary>The class a chain is generated into: a user's partial [Pipeline] class, or one the generator declares for a handler.</summary>
    /// <param name="HintName">Its generated file.</param>
    /// <param name="Namespace">Its namespace; null for the global namespace.</param>
    /// <param name="ContainingTypes">Declarations of the types it is nested in, outermost first.</param>
    /// <param name="Declaration">Its declaration, e.g. <c>partial class IncomingPipeline</c> or <c>internal sealed class SendEmailPipeline</c>.</param>
    /// <param name="Name">The class name as its own members write it.</param>
    internal sealed record PipelineClass(string HintName, string? Namespace, EquatableArray<string> ContainingTypes, string Declaration, string Name);
}
