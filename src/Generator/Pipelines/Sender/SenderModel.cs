using Prewired.Generator.Model;
using Prewired.Generator.Pipelines.Messages;

namespace Prewired.Generator.Pipelines.Sender
{
    /// <summary>The generated sender and <c>AddPrewired()</c>: every pipeline they know, compared by value.</summary>
    /// <param name="Sends">One Send overload per request type that exactly one pipeline takes, ordered by request.</param>
    /// <param name="Pipelines">Every pipeline namespace-level code can name, each registered by <c>AddPrewired()</c>.</param>
    /// <param name="Options">The lifetime and what the target has.</param>
    /// <param name="Publishers">One Publish overload per notification type of the assembly, ordered by notification.</param>
    /// <param name="Streams">One CreateStream overload per handled stream request, ordered by request.</param>
    /// <param name="PublisherParameters">The publishers' parameters in the hand-built constructor.</param>
    /// <param name="StreamParameters">The stream pipelines' parameters in the hand-built constructor.</param>
    internal sealed record SenderModel(EquatableArray<SendModel> Sends, EquatableArray<PipelineModel> Pipelines, SenderOptions Options,
        EquatableArray<PublisherModel> Publishers, EquatableArray<StreamHandlerModel> Streams, EquatableArray<string> PublisherParameters, EquatableArray<string> StreamParameters);

    /// <summary>One <c>Send</c> overload.</summary>
    /// <param name="Request">The request type, fully qualified: the pipeline's context.</param>
    /// <param name="Result">Its response, fully qualified; null for a Task-only pipeline.</param>
    /// <param name="Cancellable">Whether the pipeline takes the token (otherwise none of its stages would see it).</param>
    /// <param name="Pipeline">The pipeline class, fully qualified.</param>
    /// <param name="Field">The sender's field caching that pipeline.</param>
    /// <param name="Public">Whether the request and response are public, so the overload can be (otherwise internal).</param>
    /// <param name="Parameter">The pipeline's parameter in the constructor that takes pipelines built by hand.</param>
    internal sealed record SendModel(string Request, string? Result, bool Cancellable, string Pipeline, string Field, bool Public, string Parameter);
}
