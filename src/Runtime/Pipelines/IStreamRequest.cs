namespace Prewired
{
    /// <summary>
    /// Marks a stream request: one handler (<see cref="IStreamRequestHandler{TRequest, TResponse}"/>) answers it with a sequence
    /// of responses, as Mediator's <c>IStreamRequest&lt;TResponse&gt;</c>. The generated <c>PrewiredSender</c> has a
    /// <c>CreateStream</c> overload for each stream request with a handler.
    /// </summary>
    /// <typeparam name="TResponse">The type of each item of the stream.</typeparam>
    public interface IStreamRequest<out TResponse>
    {
    }
}
