using System.Collections.Generic;
using System.Threading;

namespace Prewired
{
    /// <summary>
    /// Wraps the stream of a stream request: it gets the stream from <c>next.Invoke</c> and returns the one the caller
    /// enumerates, so it sees (and may change, filter or add) every item. Listed in <see cref="StreamDefaultsAttribute"/>; the
    /// struct-<c>next</c> shape of the other inline behaviors.
    /// </summary>
    /// <typeparam name="TRequest">The stream request.</typeparam>
    /// <typeparam name="TResponse">The type of each item.</typeparam>
    /// <example>
    /// <code>
    /// public sealed class CountItems&lt;TRequest, TResponse&gt; : IStreamBehavior&lt;TRequest, TResponse&gt; where TRequest : IStreamRequest&lt;TResponse&gt;
    /// {
    ///     public async IAsyncEnumerable&lt;TResponse&gt; Handle&lt;TNext&gt;(TRequest request, TNext next, [EnumeratorCancellation] CancellationToken cancellationToken)
    ///         where TNext : struct, IStreamNext&lt;TRequest, TResponse&gt;
    ///     {
    ///         await foreach (var item in next.Invoke(request, cancellationToken).WithCancellation(cancellationToken)) { count++; yield return item; }
    ///     }
    /// }
    /// </code>
    /// </example>
    public interface IStreamBehavior<TRequest, TResponse>
        where TRequest : IStreamRequest<TResponse>
    {
        /// <summary>The stream the caller enumerates; <c>next.Invoke</c> gives the rest's (the next behavior's, or the handler's).</summary>
        /// <typeparam name="TNext">The generated continuation of this position.</typeparam>
        /// <param name="request">The request.</param>
        /// <param name="next">The rest of the chain.</param>
        /// <param name="cancellationToken">The enumeration's token.</param>
        IAsyncEnumerable<TResponse> Handle<TNext>(TRequest request, TNext next, CancellationToken cancellationToken) where TNext : struct, IStreamNext<TRequest, TResponse>;
    }

    /// <summary>The rest of a stream chain, as an <see cref="IStreamBehavior{TRequest, TResponse}"/> receives it.</summary>
    /// <typeparam name="TRequest">The stream request.</typeparam>
    /// <typeparam name="TResponse">The type of each item.</typeparam>
    public interface IStreamNext<in TRequest, out TResponse>
    {
        /// <summary>The rest's stream for <paramref name="request"/>.</summary>
        /// <param name="request">The request to pass on.</param>
        /// <param name="cancellationToken">The token the rest receives.</param>
        IAsyncEnumerable<TResponse> Invoke(TRequest request, CancellationToken cancellationToken);
    }
}
