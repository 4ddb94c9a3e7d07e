using Prewired.Generator.Model;

namespace Prewired.Generator.Pipelines
{
    /// <summary>A valid [Pipeline] class, everything the emitter writes, compared by value.</summary>
    /// <param name="HintName">The generated file of the pipeline class.</param>
    /// <param name="Namespace">The class's namespace; null for the global namespace.</param>
    /// <param name="ContainingTypes">Declarations of the types it is nested in, outermost first.</param>
    /// <param name="Declaration">The partial declaration, e.g. <c>partial class IncomingPipeline</c>.</param>
    /// <param name="Name">The class name as its own members write it, e.g. <c>IncomingPipeline</c> or <c>Pipeline&lt;T&gt;</c>.</param>
    /// <param name="EntryContext">The context <c>Invoke</c> takes, fully qualified.</param>
    /// <param name="ConstructorModifier">public, or internal when a stage type is less visible than the class.</param>
    /// <param name="InvokeModifier">public, or internal when the context type is less visible than the class.</param>
    /// <param name="HideFrames">Whether the target has StackTraceHiddenAttribute (.NET 6 and later) to hide generated frames.</param>
    /// <param name="Stages">The stages, in order; the last is the terminator.</param>
    /// <param name="Registration">The dependency-injection registration, when Prewired.DependencyInjection is referenced.</param>
    /// <param name="Result">The response every stage returns, fully qualified; null for the Task-only NServiceBus shape.</param>
    /// <param name="Cancellable">Whether a stage takes the CancellationToken, so <c>Invoke</c> takes one and passes it on.</param>
    /// <param name="PublicSignature">Whether the context and response are public (a public sender's Send for it can be public).</param>
    /// <param name="QualifiedName">The class, fully qualified, when code at namespace level can name it (the sender, AddPrewired); null otherwise.</param>
    internal sealed record PipelineModel(
        string HintName,
        string? Namespace,
        EquatableArray<string> ContainingTypes,
        string Declaration,
        string Name,
        string EntryContext,
        string ConstructorModifier,
        string InvokeModifier,
        bool HideFrames,
        EquatableArray<StageModel> Stages,
        RegistrationModel? Registration,
        string? Result,
        bool Cancellable,
        bool PublicSignature,
        string? QualifiedName);
}
