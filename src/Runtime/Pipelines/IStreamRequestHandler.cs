using System.Collections.Generic;
using System.Threading;

namespace Prewired
{
    /// <summary>
    /// Answers a stream request with a sequence (Mediator's <c>IStreamRequestHandler&lt;TRequest, TResponse&gt;</c>). A concrete,
    /// non-generic class of the assembly implementing it is the handler of <typeparamref name="TRequest"/>; a second one is
    /// error PW0325. Write it as an async iterator with <c>[EnumeratorCancellation]</c> on the token; the sender passes it the
    /// token given to <c>CreateStream</c> and the one given to <c>WithCancellation</c>, linked, either way.
    /// </summary>
    /// <typeparam name="TRequest">The stream request.</typeparam>
    /// <typeparam name="TResponse">The type of each item.</typeparam>
    public interface IStreamRequestHandler<in TRequest, out TResponse>
        where TRequest : IStreamRequest<TResponse>
    {
        /// <summary>The stream of responses to <paramref name="request"/>.</summary>
        /// <param name="request">The request.</param>
        /// <param name="cancellationToken">The enumeration's token.</param>
        IAsyncEnumerable<TResponse> Handle(TRequest request, CancellationToken cancellationToken);
    }
}
