using System;
using System.Threading;
using System.Threading.Tasks;
using Prewired;

namespace Requests.Behaviors
{
    /// <summary>
    /// Around every request: what was sent, what came back or what was thrown. Mediator's <c>IPipelineBehavior&lt;TMessage,
    /// TResponse&gt;</c>, in the delegate shape a Mediator user writes (<c>next(request, cancellationToken)</c>). Open
    /// generic, closed over each request by the generator at compile time: no registration of <c>typeof(Logging&lt;,&gt;)</c>.
    /// </summary>
    public sealed class Logging<TRequest, TResponse>(Journal journal) : ICancellableBehavior<TRequest, TRequest, TResponse>
        where TRequest : notnull
    {
        public async ValueTask<TResponse> Invoke(TRequest context, Func<TRequest, CancellationToken, ValueTask<TResponse>> next, CancellationToken cancellationToken)
        {
            journal.Write($"> {context}");
            try
            {
                var response = await next(context, cancellationToken);
                journal.Write($"< {typeof(TRequest).Name}: {response?.ToString() ?? "null"}");
                return response;
            }
            catch (Exception exception)
            {
                // The type only: a framework exception's message is a resource string, which a trimmed app may shorten.
                journal.Write($"< {typeof(TRequest).Name} failed: {exception.GetType().Name}");
                throw;
            }
        }
    }
}
