using System.Collections.Generic;
using System.Threading;

namespace Prewired
{
    /// <summary>
    /// A stream request's chain: what the generated stream pipeline (the assembly's stream behaviors, then the handler)
    /// implements, and what <c>PrewiredSender.CreateStream</c> enumerates.
    /// </summary>
    /// <typeparam name="TRequest">The stream request.</typeparam>
    /// <typeparam name="TResponse">The type of each item.</typeparam>
    public interface IStreamPipeline<in TRequest, out TResponse>
    {
        /// <summary>The stream for <paramref name="request"/>, the first behavior's (or the handler's).</summary>
        /// <param name="request">The request.</param>
        /// <param name="cancellationToken">The enumeration's token.</param>
        IAsyncEnumerable<TResponse> Invoke(TRequest request, CancellationToken cancellationToken);
    }
}
