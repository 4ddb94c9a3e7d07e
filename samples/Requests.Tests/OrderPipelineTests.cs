using System;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.Extensions.DependencyInjection;
using Prewired;
using Xunit;

namespace Requests.Tests
{
    public sealed class OrderPipelineTests : IDisposable
    {
        private readonly ServiceProvider _provider = new ServiceCollection()
            .AddSingleton<OrderStore>()
            .AddSingleton<RequestLog>()
            .AddCreateOrderPipeline()
            .AddGetOrderPipeline()
            .BuildServiceProvider(new ServiceProviderOptions { ValidateOnBuild = true });

        private ICancellablePipeline<CreateOrder, OrderCreated> CreateOrder => _provider.GetRequiredService<ICancellablePipeline<CreateOrder, OrderCreated>>();

        private ICancellablePipeline<GetOrder, Order?> GetOrder => _provider.GetRequiredService<ICancellablePipeline<GetOrder, Order?>>();

        private RequestLog Log => _provider.GetRequiredService<RequestLog>();

        public void Dispose() => _provider.Dispose();

        [Fact]
        public async Task A_created_order_reads_back_and_the_shared_logging_saw_both_requests()
        {
            var created = await CreateOrder.Invoke(new CreateOrder("pen", 3), CancellationToken.None);
            var order = await GetOrder.Invoke(new GetOrder(created.Id), CancellationToken.None);
            Assert.Equal(new Order(created.Id, "pen", 3), order);
            Assert.Equal(new[] { "> CreateOrder", $"< CreateOrder: {created}", "> GetOrder", $"< GetOrder: {order}" }, Log.Lines);
        }

        [Fact]
        public async Task The_shared_validation_rejects_an_invalid_request_before_its_handler_runs()
        {
            var exception = await Assert.ThrowsAsync<ArgumentException>(async () => await CreateOrder.Invoke(new CreateOrder("", 1), CancellationToken.None));
            Assert.StartsWith("sku is required", exception.Message, StringComparison.Ordinal);
            Assert.Null(_provider.GetRequiredService<OrderStore>().Find(1));
        }

        [Fact]
        public async Task A_canceled_token_reaches_the_handler_and_cancels_the_task()
        {
            using var source = new CancellationTokenSource();
            source.Cancel();
            var pending = GetOrder.Invoke(new GetOrder(1), source.Token).AsTask();
            await Assert.ThrowsAnyAsync<OperationCanceledException>(() => pending);
            Assert.True(pending.IsCanceled);
        }

        [Fact]
        public void The_defaults_are_closed_over_each_request_and_registered_with_its_pipeline()
        {
            Assert.NotNull(_provider.GetService<Logging<CreateOrder, OrderCreated>>());
            Assert.NotNull(_provider.GetService<Validation<CreateOrder, OrderCreated>>());
            Assert.NotNull(_provider.GetService<Logging<GetOrder, Order?>>());
            Assert.Null(_provider.GetService<Validation<CreateOrder, Order?>>());
        }
    }
}
