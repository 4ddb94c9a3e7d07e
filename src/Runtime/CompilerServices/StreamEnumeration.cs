using System.Collections.Generic;
using System.ComponentModel;
using System.Runtime.CompilerServices;
using System.Threading;
using System.Threading.Tasks;

namespace Prewired.CompilerServices
{
    /// <summary>
    /// What <c>PrewiredSender.CreateStream</c> returns: the stream pipeline's stream, enumerated with one token that is both
    /// the one passed to <c>CreateStream</c> and the one passed to <c>WithCancellation</c> (or <c>GetAsyncEnumerator</c>),
    /// linked by the compiler's <c>[EnumeratorCancellation]</c> lowering. The chain gets that token as its argument and as its
    /// enumerator's, so a handler is canceled by either, whether or not it marks its own token <c>[EnumeratorCancellation]</c>.
    /// </summary>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public static class StreamEnumeration
    {
        /// <summary>Enumerates <paramref name="pipeline"/>'s stream for <paramref name="request"/> under both tokens.</summary>
        public static async IAsyncEnumerable<TResponse> Linked<TPipeline, TRequest, TResponse>(TPipeline pipeline, TRequest request, [EnumeratorCancellation] CancellationToken cancellationToken)
            where TPipeline : IStreamPipeline<TRequest, TResponse>
        {
            await foreach (var item in pipeline.Invoke(request, cancellationToken).WithCancellation(cancellationToken).ConfigureAwait(false))
            {
                // A handler that ignores the token still stops here: no item is handed out after cancellation.
                cancellationToken.ThrowIfCancellationRequested();
                yield return item;
            }
        }
    }
}
