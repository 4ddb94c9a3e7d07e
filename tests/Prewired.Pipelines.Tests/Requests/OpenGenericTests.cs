using System;
using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.Extensions.DependencyInjection;
using Xunit;

namespace Prewired.Pipelines.Tests.Requests
{
    /// <summary>A request that can check itself: the constraint of <see cref="Validation{TRequest, TResponse}"/>.</summary>
    public interface IValidated
    {
        List<string> Log { get; }

        bool IsValid { get; }
    }

    public sealed class CreateOrder : IValidated
    {
        public CreateOrder(int quantity) => Quantity = quantity;

        public int Quantity { get; }

        public bool IsValid => Quantity > 0;

        public List<string> Log { get; } = new();
    }

    public sealed class OrderCreated
    {
        public OrderCreated(int id) => Id = id;

        public int Id { get; }
    }

    /// <summary>Cross-cutting, written once for every request and response: logs the request and response type names.</summary>
    public sealed class Logging<TRequest, TResponse> : ICancellableBehavior<TRequest, TRequest, TResponse>
        where TRequest : IValidated
    {
        public async ValueTask<TResponse> Invoke(TRequest context, Func<TRequest, CancellationToken, ValueTask<TResponse>> next, CancellationToken cancellationToken)
        {
            context.Log.Add($"log {typeof(TRequest).Name}");
            var response = await next(context, cancellationToken);
            context.Log.Add($"logged {typeof(TResponse).Name}");
            return response;
        }
    }

    /// <summary>Validation for any request that can check itself, in the struct shape.</summary>
    public sealed class Validation<TRequest, TResponse> : IInlineBehavior<TRequest, TRequest, TResponse>
        where TRequest : class, IValidated
    {
        public ValueTask<TResponse> Invoke<TNext>(TRequest context, TNext next) where TNext : struct, INext<TRequest, TResponse>
        {
            context.Log.Add("validate");
            return context.IsValid ? next.Invoke(context) : throw new ArgumentException("invalid " + typeof(TRequest).Name);
        }
    }

    public sealed class CreateOrderHandler : ICancellableTerminator<CreateOrder, OrderCreated>
    {
        public ValueTask<OrderCreated> Terminate(CreateOrder context, CancellationToken cancellationToken)
        {
            context.Log.Add("handle");
            return new(new OrderCreated(context.Quantity * 100));
        }
    }

    /// <summary>The entry stage: it names the request type the open behaviors after it are closed over.</summary>
    public sealed class Entry<TRequest, TResponse> : ICancellableBehavior<TRequest, TRequest, TResponse>
    {
        public ValueTask<TResponse> Invoke(TRequest context, Func<TRequest, CancellationToken, ValueTask<TResponse>> next, CancellationToken cancellationToken) => next(context, cancellationToken);
    }

    [Pipeline(typeof(Entry<CreateOrder, OrderCreated>), typeof(Logging<,>), typeof(Validation<,>), typeof(CreateOrderHandler))]
    public sealed partial class CreateOrderPipeline;

    /// <summary>Open generic behaviors closed by the generator over each pipeline's request and response types.</summary>
    public sealed class OpenGenericTests
    {
        [Fact]
        public async Task Open_behaviors_run_closed_over_the_request_and_response_of_their_stage()
        {
            var request = new CreateOrder(3);
            var created = await new CreateOrderPipeline(new Entry<CreateOrder, OrderCreated>(), new Logging<CreateOrder, OrderCreated>(),
                new Validation<CreateOrder, OrderCreated>(), new CreateOrderHandler()).Invoke(request);
            Assert.Equal(300, created.Id);
            Assert.Equal(new[] { "log CreateOrder", "validate", "handle", "logged OrderCreated" }, request.Log);
        }

        [Fact]
        public async Task A_failing_open_behavior_faults_the_task_through_the_async_one_before_it()
        {
            var pipeline = new CreateOrderPipeline(new Entry<CreateOrder, OrderCreated>(), new Logging<CreateOrder, OrderCreated>(),
                new Validation<CreateOrder, OrderCreated>(), new CreateOrderHandler());
            var exception = await Assert.ThrowsAsync<ArgumentException>(async () => await pipeline.Invoke(new CreateOrder(0)));
            Assert.Equal("invalid CreateOrder", exception.Message);
        }

        [Fact]
        public async Task Dependency_injection_registers_the_closed_behaviors_and_the_pipeline_interfaces_in_one_call()
        {
            using var provider = new ServiceCollection().AddCreateOrderPipeline().BuildServiceProvider(new ServiceProviderOptions { ValidateOnBuild = true });
            Assert.NotNull(provider.GetService<Logging<CreateOrder, OrderCreated>>());
            var typed = provider.GetRequiredService<IPipeline<CreateOrder, OrderCreated>>();
            var cancellable = provider.GetRequiredService<ICancellablePipeline<CreateOrder, OrderCreated>>();
            Assert.Equal(200, (await typed.Invoke(new CreateOrder(2))).Id);
            using var source = new CancellationTokenSource();
            Assert.Equal(500, (await cancellable.Invoke(new CreateOrder(5), source.Token)).Id);
        }
    }
}
