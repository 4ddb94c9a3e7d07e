using System;
using System.Threading;
using System.Threading.Tasks;

namespace Prewired.Benchmarks.Mediator
{
    // Prewired's side: one request type, one pipeline class per depth and form. The pass-through behaviors are open
    // generic, closed by the generator over the request and response (issue 22's point 3), as a Mediator user writes them.

    public sealed class Request
    {
        public int Handled;
    }

    public sealed class Pass<TRequest, TResponse> : ICancellableBehavior<TRequest, TRequest, TResponse>
    {
        public ValueTask<TResponse> Invoke(TRequest context, Func<TRequest, CancellationToken, ValueTask<TResponse>> next, CancellationToken cancellationToken)
            => next(context, cancellationToken);
    }

    public sealed class AsyncPass<TRequest, TResponse> : ICancellableBehavior<TRequest, TRequest, TResponse>
    {
        public async ValueTask<TResponse> Invoke(TRequest context, Func<TRequest, CancellationToken, ValueTask<TResponse>> next, CancellationToken cancellationToken)
            => await next(context, cancellationToken);
    }

    public sealed class InlinePass<TRequest, TResponse> : IInlineBehavior<TRequest, TRequest, TResponse>
    {
        public ValueTask<TResponse> Invoke<TNext>(TRequest context, TNext next) where TNext : struct, INext<TRequest, TResponse> => next.Invoke(context);
    }

    /// <summary>The Task-only NServiceBus shape of the same chain: what the typed response is compared with.</summary>
    public sealed class TaskPass<TContext> : IBehavior<TContext, TContext>
    {
        public Task Invoke(TContext context, Func<TContext, Task> next) => next(context);
    }

    /// <summary>The typed pass-through without the token: compared with the Task-only form, which takes none either.</summary>
    public sealed class PlainPass<TRequest, TResponse> : IBehavior<TRequest, TRequest, TResponse>
    {
        public ValueTask<TResponse> Invoke(TRequest context, Func<TRequest, ValueTask<TResponse>> next) => next(context);
    }

    /// <summary>The Task-only pass-through with the token: compared with the typed form, which takes it.</summary>
    public sealed class CancellableTaskPass<TContext> : ICancellableBehavior<TContext, TContext>
    {
        public Task Invoke(TContext context, Func<TContext, CancellationToken, Task> next, CancellationToken cancellationToken) => next(context, cancellationToken);
    }

    public sealed class Handler : ICancellableTerminator<Request, Pong>
    {
        public ValueTask<Pong> Terminate(Request context, CancellationToken cancellationToken) => new(Pong.Instance);
    }

    /// <summary>The typed handler without the token.</summary>
    public sealed class PlainHandler : IPipelineTerminator<Request, Pong>
    {
        public ValueTask<Pong> Terminate(Request context) => new(Pong.Instance);
    }

    /// <summary>The Task-only handler with the token.</summary>
    public sealed class CancellableTaskHandler : ICancellableTerminator<Request>
    {
        public Task Terminate(Request context, CancellationToken cancellationToken)
        {
            context.Handled++;
            return Task.CompletedTask;
        }
    }

    public sealed class TaskHandler : IPipelineTerminator<Request>
    {
        public Task Terminate(Request context)
        {
            context.Handled++;
            return Task.CompletedTask;
        }
    }

    [Pipeline(typeof(Pass<,>), typeof(Handler))]
    public sealed partial class Typed1;

    [Pipeline(typeof(InlinePass<,>), typeof(Handler))]
    public sealed partial class TypedStruct1;

    [Pipeline(typeof(AsyncPass<,>), typeof(Handler))]
    public sealed partial class TypedAsync1;

    [Pipeline(typeof(TaskPass<>), typeof(TaskHandler))]
    public sealed partial class TaskOnly1;

    [Pipeline(typeof(PlainPass<,>), typeof(PlainHandler))]
    public sealed partial class TypedPlain1;

    [Pipeline(typeof(CancellableTaskPass<>), typeof(CancellableTaskHandler))]
    public sealed partial class TaskOnlyCancellable1;

    [Pipeline(typeof(Pass<,>), typeof(Pass<,>), typeof(Pass<,>), typeof(Pass<,>), typeof(Pass<,>), typeof(Handler))]
    public sealed partial class Typed5;

    [Pipeline(typeof(InlinePass<,>), typeof(InlinePass<,>), typeof(InlinePass<,>), typeof(InlinePass<,>), typeof(InlinePass<,>), typeof(Handler))]
    public sealed partial class TypedStruct5;

    [Pipeline(typeof(AsyncPass<,>), typeof(Pass<,>), typeof(Pass<,>), typeof(Pass<,>), typeof(Pass<,>), typeof(Handler))]
    public sealed partial class TypedAsync5;

    [Pipeline(typeof(TaskPass<>), typeof(TaskPass<>), typeof(TaskPass<>), typeof(TaskPass<>), typeof(TaskPass<>), typeof(TaskHandler))]
    public sealed partial class TaskOnly5;

    [Pipeline(typeof(PlainPass<,>), typeof(PlainPass<,>), typeof(PlainPass<,>), typeof(PlainPass<,>), typeof(PlainPass<,>), typeof(PlainHandler))]
    public sealed partial class TypedPlain5;

    [Pipeline(typeof(CancellableTaskPass<>), typeof(CancellableTaskPass<>), typeof(CancellableTaskPass<>), typeof(CancellableTaskPass<>), typeof(CancellableTaskPass<>), typeof(CancellableTaskHandler))]
    public sealed partial class TaskOnlyCancellable5;

    [Pipeline(typeof(Pass<,>), typeof(Pass<,>), typeof(Pass<,>), typeof(Pass<,>), typeof(Pass<,>), typeof(Pass<,>), typeof(Pass<,>), typeof(Pass<,>), typeof(Pass<,>), typeof(Pass<,>), typeof(Handler))]
    public sealed partial class Typed10;

    [Pipeline(typeof(InlinePass<,>), typeof(InlinePass<,>), typeof(InlinePass<,>), typeof(InlinePass<,>), typeof(InlinePass<,>), typeof(InlinePass<,>), typeof(InlinePass<,>), typeof(InlinePass<,>), typeof(InlinePass<,>), typeof(InlinePass<,>), typeof(Handler))]
    public sealed partial class TypedStruct10;

    [Pipeline(typeof(AsyncPass<,>), typeof(Pass<,>), typeof(Pass<,>), typeof(Pass<,>), typeof(Pass<,>), typeof(Pass<,>), typeof(Pass<,>), typeof(Pass<,>), typeof(Pass<,>), typeof(Pass<,>), typeof(Handler))]
    public sealed partial class TypedAsync10;

    [Pipeline(typeof(TaskPass<>), typeof(TaskPass<>), typeof(TaskPass<>), typeof(TaskPass<>), typeof(TaskPass<>), typeof(TaskPass<>), typeof(TaskPass<>), typeof(TaskPass<>), typeof(TaskPass<>), typeof(TaskPass<>), typeof(TaskHandler))]
    public sealed partial class TaskOnly10;

    [Pipeline(typeof(PlainPass<,>), typeof(PlainPass<,>), typeof(PlainPass<,>), typeof(PlainPass<,>), typeof(PlainPass<,>), typeof(PlainPass<,>), typeof(PlainPass<,>), typeof(PlainPass<,>), typeof(PlainPass<,>), typeof(PlainPass<,>), typeof(PlainHandler))]
    public sealed partial class TypedPlain10;

    [Pipeline(typeof(CancellableTaskPass<>), typeof(CancellableTaskPass<>), typeof(CancellableTaskPass<>), typeof(CancellableTaskPass<>), typeof(CancellableTaskPass<>), typeof(CancellableTaskPass<>), typeof(CancellableTaskPass<>), typeof(CancellableTaskPass<>), typeof(CancellableTaskPass<>), typeof(CancellableTaskPass<>), typeof(CancellableTaskHandler))]
    public sealed partial class TaskOnlyCancellable10;

    [Pipeline(typeof(Pass<,>), typeof(Pass<,>), typeof(Pass<,>), typeof(Pass<,>), typeof(Pass<,>), typeof(Pass<,>), typeof(Pass<,>), typeof(Pass<,>), typeof(Pass<,>), typeof(Pass<,>), typeof(Pass<,>), typeof(Pass<,>), typeof(Pass<,>), typeof(Pass<,>), typeof(Pass<,>), typeof(Pass<,>), typeof(Pass<,>), typeof(Pass<,>), typeof(Pass<,>), typeof(Pass<,>), typeof(Handler))]
    public sealed partial class Typed20;

    [Pipeline(typeof(InlinePass<,>), typeof(InlinePass<,>), typeof(InlinePass<,>), typeof(InlinePass<,>), typeof(InlinePass<,>), typeof(InlinePass<,>), typeof(InlinePass<,>), typeof(InlinePass<,>), typeof(InlinePass<,>), typeof(InlinePass<,>), typeof(InlinePass<,>), typeof(InlinePass<,>), typeof(InlinePass<,>), typeof(InlinePass<,>), typeof(InlinePass<,>), typeof(InlinePass<,>), typeof(InlinePass<,>), typeof(InlinePass<,>), typeof(InlinePass<,>), typeof(InlinePass<,>), typeof(Handler))]
    public sealed partial class TypedStruct20;

    [Pipeline(typeof(AsyncPass<,>), typeof(Pass<,>), typeof(Pass<,>), typeof(Pass<,>), typeof(Pass<,>), typeof(Pass<,>), typeof(Pass<,>), typeof(Pass<,>), typeof(Pass<,>), typeof(Pass<,>), typeof(Pass<,>), typeof(Pass<,>), typeof(Pass<,>), typeof(Pass<,>), typeof(Pass<,>), typeof(Pass<,>), typeof(Pass<,>), typeof(Pass<,>), typeof(Pass<,>), typeof(Pass<,>), typeof(Handler))]
    public sealed partial class TypedAsync20;

    [Pipeline(typeof(TaskPass<>), typeof(TaskPass<>), typeof(TaskPass<>), typeof(TaskPass<>), typeof(TaskPass<>), typeof(TaskPass<>), typeof(TaskPass<>), typeof(TaskPass<>), typeof(TaskPass<>), typeof(TaskPass<>), typeof(TaskPass<>), typeof(TaskPass<>), typeof(TaskPass<>), typeof(TaskPass<>), typeof(TaskPass<>), typeof(TaskPass<>), typeof(TaskPass<>), typeof(TaskPass<>), typeof(TaskPass<>), typeof(TaskPass<>), typeof(TaskHandler))]
    public sealed partial class TaskOnly20;

    [Pipeline(typeof(PlainPass<,>), typeof(PlainPass<,>), typeof(PlainPass<,>), typeof(PlainPass<,>), typeof(PlainPass<,>), typeof(PlainPass<,>), typeof(PlainPass<,>), typeof(PlainPass<,>), typeof(PlainPass<,>), typeof(PlainPass<,>), typeof(PlainPass<,>), typeof(PlainPass<,>), typeof(PlainPass<,>), typeof(PlainPass<,>), typeof(PlainPass<,>), typeof(PlainPass<,>), typeof(PlainPass<,>), typeof(PlainPass<,>), typeof(PlainPass<,>), typeof(PlainPass<,>), typeof(PlainHandler))]
    public sealed partial class TypedPlain20;

    [Pipeline(typeof(CancellableTaskPass<>), typeof(CancellableTaskPass<>), typeof(CancellableTaskPass<>), typeof(CancellableTaskPass<>), typeof(CancellableTaskPass<>), typeof(CancellableTaskPass<>), typeof(CancellableTaskPass<>), typeof(CancellableTaskPass<>), typeof(CancellableTaskPass<>), typeof(CancellableTaskPass<>), typeof(CancellableTaskPass<>), typeof(CancellableTaskPass<>), typeof(CancellableTaskPass<>), typeof(CancellableTaskPass<>), typeof(CancellableTaskPass<>), typeof(CancellableTaskPass<>), typeof(CancellableTaskPass<>), typeof(CancellableTaskPass<>), typeof(CancellableTaskPass<>), typeof(CancellableTaskPass<>), typeof(CancellableTaskHandler))]
    public sealed partial class TaskOnlyCancellable20;
}
