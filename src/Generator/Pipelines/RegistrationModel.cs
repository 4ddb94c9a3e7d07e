namespace Prewired.Generator.Pipelines
{
    /// <summary>The generated dependency-injection registration of one pipeline.</summary>
    /// <param name="HintName">Its generated file.</param>
    /// <param name="Namespace">The pipeline's namespace, where the extension class goes; null for the global namespace.</param>
    /// <param name="ClassName">The static extension class.</param>
    /// <param name="MethodName">The extension method, <c>Add{Pipeline}</c>.</param>
    /// <param name="Modifier">public, or internal when the pipeline or a stage is not public.</param>
    /// <param name="PipelineType">The pipeline class, fully qualified.</param>
    internal sealed record RegistrationModel(string HintName, string? Namespace, string ClassName, string MethodName, string Modifier, string PipelineType);
}
