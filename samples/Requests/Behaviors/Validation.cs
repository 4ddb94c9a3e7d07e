using System;
using System.Threading.Tasks;
using Prewired;

namespace Requests.Behaviors
{
    /// <summary>A request that can say what is wrong with it (null: nothing); <see cref="Validation{TRequest, TResponse}"/> checks only these. A method, not a property: a record prints its properties.</summary>
    public interface IValidatable
    {
        string? Validate();
    }

    public sealed class ValidationException(string message) : Exception(message);

    /// <summary>
    /// Rejects an invalid request before its handler runs. Its constraint selects the requests it applies to, as a
    /// constrained Mediator behavior does; a request left out is reported at build time (PW0316), not skipped silently.
    /// The struct-<c>next</c> shape (<c>next.Invoke</c> is a direct call the JIT can inline); it takes no token, and the
    /// generated <c>next</c> carries the caller's past it to the handler.
    /// </summary>
    public sealed class Validation<TRequest, TResponse> : IInlineBehavior<TRequest, TRequest, TResponse>
        where TRequest : IValidatable
    {
        public ValueTask<TResponse> Invoke<TNext>(TRequest context, TNext next) where TNext : struct, INext<TRequest, TResponse>
            => context.Validate() is { } error ? throw new ValidationException(error) : next.Invoke(context);
    }
}
