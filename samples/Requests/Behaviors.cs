using System;
using System.Threading;
using System.Threading.Tasks;
using Prewired;

// The cross-cutting behaviors, declared once: every [Pipeline] of this assembly starts with them, in this order.
// Validation<,> applies only to requests that meet its constraint (IValidatable); a pipeline of another request says
// ExcludeDefaults = new[] { typeof(Validation<,>) }, or warning PW0312 says Validation is left out.
[assembly: PipelineDefaults(typeof(Requests.Logging<,>), typeof(Requests.Validation<,>))]

namespace Requests
{
    /// <summary>A request that can say what is wrong with it.</summary>
    public interface IValidatable
    {
        string? Error { get; }
    }

    /// <summary>Logs every request and its response (or failure) to the app's <see cref="RequestLog"/>.</summary>
    public sealed class Logging<TRequest, TResponse>(RequestLog log) : ICancellableBehavior<TRequest, TRequest, TResponse>
        where TRequest : notnull
    {
        public async ValueTask<TResponse> Invoke(TRequest context, Func<TRequest, CancellationToken, ValueTask<TResponse>> next, CancellationToken cancellationToken)
        {
            log.Write($"> {typeof(TRequest).Name}");
            try
            {
                var response = await next(context, cancellationToken);
                log.Write($"< {typeof(TRequest).Name}: {response}");
                return response;
            }
            catch (Exception exception)
            {
                log.Write($"< {typeof(TRequest).Name} failed: {exception.GetType().Name}");
                throw;
            }
        }
    }

    /// <summary>Rejects an invalid request before its handler runs. The struct shape: the JIT can inline it into the chain.</summary>
    public sealed class Validation<TRequest, TResponse> : IInlineBehavior<TRequest, TRequest, TResponse>
        where TRequest : IValidatable
    {
        public ValueTask<TResponse> Invoke<TNext>(TRequest context, TNext next) where TNext : struct, INext<TRequest, TResponse>
            => context.Error is { } error ? throw new ArgumentException(error, nameof(context)) : next.Invoke(context);
    }
}
