using System.Collections.Generic;
using System.Runtime.CompilerServices;
using System.Threading;
using System.Threading.Tasks;
using Prewired;

namespace Requests.Behaviors
{
    /// <summary>
    /// Around every stream: it enumerates the rest's stream and hands each item on, so it sees them all (Mediator's
    /// <c>IStreamPipelineBehavior&lt;,&gt;</c>). The count is written in a <c>finally</c>: it runs when the stream ends,
    /// when the caller stops early, and when a cancellation ends it.
    /// </summary>
    public sealed class StreamLogging<TRequest, TResponse>(Journal journal) : IStreamBehavior<TRequest, TResponse>
        where TRequest : IStreamRequest<TResponse>
    {
        public async IAsyncEnumerable<TResponse> Handle<TNext>(TRequest request, TNext next, [EnumeratorCancellation] CancellationToken cancellationToken)
            where TNext : struct, IStreamNext<TRequest, TResponse>
        {
            journal.Write($"stream {request}");
            var count = 0;
            try
            {
                await foreach (var item in next.Invoke(request, cancellationToken).WithCancellation(cancellationToken))
                {
                    count++;
                    yield return item;
                }
            }
            finally
            {
                journal.Write($"stream {typeof(TRequest).Name} ended after {count} item(s)");
            }
        }
    }
}
