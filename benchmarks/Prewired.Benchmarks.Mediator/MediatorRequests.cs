using System;
using System.Threading;
using System.Threading.Tasks;
using Mediator;

namespace Prewired.Benchmarks.Mediator
{
    // Mediator 3.0.2's side: one request type per depth (a mediator pipeline belongs to a request type), each with a
    // handler, and N pass-through IPipelineBehavior<,> registered for it (MediatorSetup.cs).

    public sealed class Pong
    {
        public static readonly Pong Instance = new();
    }

    public sealed class Ping1 : IRequest<Pong> { }

    public sealed class Ping1Handler : IRequestHandler<Ping1, Pong>
    {
        public ValueTask<Pong> Handle(Ping1 request, CancellationToken cancellationToken) => new(Pong.Instance);
    }

    public sealed class Ping5 : IRequest<Pong> { }

    public sealed class Ping5Handler : IRequestHandler<Ping5, Pong>
    {
        public ValueTask<Pong> Handle(Ping5 request, CancellationToken cancellationToken) => new(Pong.Instance);
    }

    public sealed class Ping10 : IRequest<Pong> { }

    public sealed class Ping10Handler : IRequestHandler<Ping10, Pong>
    {
        public ValueTask<Pong> Handle(Ping10 request, CancellationToken cancellationToken) => new(Pong.Instance);
    }

    public sealed class Ping20 : IRequest<Pong> { }

    public sealed class Ping20Handler : IRequestHandler<Ping20, Pong>
    {
        public ValueTask<Pong> Handle(Ping20 request, CancellationToken cancellationToken) => new(Pong.Instance);
    }

    /// <summary>Depth 1 with the first behavior async.</summary>
    public sealed class AsyncPing1 : IRequest<Pong> { }

    public sealed class AsyncPing1Handler : IRequestHandler<AsyncPing1, Pong>
    {
        public ValueTask<Pong> Handle(AsyncPing1 request, CancellationToken cancellationToken) => new(Pong.Instance);
    }

    /// <summary>Depth 5 with the first behavior async.</summary>
    public sealed class AsyncPing5 : IRequest<Pong> { }

    public sealed class AsyncPing5Handler : IRequestHandler<AsyncPing5, Pong>
    {
        public ValueTask<Pong> Handle(AsyncPing5 request, CancellationToken cancellationToken) => new(Pong.Instance);
    }

    /// <summary>Depth 10 with the first behavior async.</summary>
    public sealed class AsyncPing10 : IRequest<Pong> { }

    public sealed class AsyncPing10Handler : IRequestHandler<AsyncPing10, Pong>
    {
        public ValueTask<Pong> Handle(AsyncPing10 request, CancellationToken cancellationToken) => new(Pong.Instance);
    }

    /// <summary>Depth 20 with the first behavior async.</summary>
    public sealed class AsyncPing20 : IRequest<Pong> { }

    public sealed class AsyncPing20Handler : IRequestHandler<AsyncPing20, Pong>
    {
        public ValueTask<Pong> Handle(AsyncPing20 request, CancellationToken cancellationToken) => new(Pong.Instance);
    }

    /// <summary>A pass-through behavior, as the Prewired forms have one.</summary>
    public sealed class MediatorPass<TMessage, TResponse> : IPipelineBehavior<TMessage, TResponse>
        where TMessage : notnull, IMessage
    {
        public ValueTask<TResponse> Handle(TMessage message, MessageHandlerDelegate<TMessage, TResponse> next, CancellationToken cancellationToken)
            => next(message, cancellationToken);
    }

    /// <summary>The async behavior of the "one async behavior" rows: awaits the rest, which completes synchronously.</summary>
    public sealed class MediatorAsyncPass<TMessage, TResponse> : IPipelineBehavior<TMessage, TResponse>
        where TMessage : notnull, IMessage
    {
        public async ValueTask<TResponse> Handle(TMessage message, MessageHandlerDelegate<TMessage, TResponse> next, CancellationToken cancellationToken)
            => await next(message, cancellationToken);
    }
}
