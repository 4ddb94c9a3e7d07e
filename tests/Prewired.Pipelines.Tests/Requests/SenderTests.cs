using System;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.Extensions.DependencyInjection;
using Xunit;

namespace Prewired.Pipelines.Tests.Requests
{
    /// <summary>
    /// The generated sender and <c>services.AddPrewired()</c> as this project's build generates them: one registration call,
    /// a <c>Send</c> per request type chosen by the compiler, singletons by default (this assembly sets no lifetime), and a
    /// send that allocates nothing once the pipeline is resolved.
    /// </summary>
    public sealed class SenderTests
    {
        [Fact]
        public async Task AddPrewired_registers_the_sender_every_pipeline_and_its_stages_as_singletons()
        {
            using var provider = new ServiceCollection().AddPrewired().BuildServiceProvider(new ServiceProviderOptions { ValidateScopes = true });
            using var first = provider.CreateScope();
            using var second = provider.CreateScope();
            var sender = first.ServiceProvider.GetRequiredService<PrewiredSender>();
            Assert.Same(sender, second.ServiceProvider.GetRequiredService<PrewiredSender>());
            Assert.Same(provider.GetRequiredService<DiscoveredHandler>(), second.ServiceProvider.GetRequiredService<DiscoveredHandler>());
            Assert.Same(provider.GetRequiredService<ICancellablePipeline<Discovered, Unit>>(), provider.GetRequiredService<ICancellablePipeline<Discovered, Unit>>());

            // A discovered handler's pipeline, and an explicit [Pipeline] (SendEmailPipeline: Logging, Validation, handler).
            var request = new Discovered();
            Assert.Equal(Unit.Value, await sender.Send(request));
            Assert.Equal(1, request.Handled);
            var email = new SendEmail("someone@example.com");
            await sender.Send(email, CancellationToken.None);
            Assert.Contains("send someone@example.com", email.Log);
        }

        [Fact]
        public async Task The_token_reaches_the_handler()
        {
            using var provider = new ServiceCollection().AddPrewired().BuildServiceProvider();
            var sender = provider.GetRequiredService<PrewiredSender>();
            using var canceled = new CancellationTokenSource();
            canceled.Cancel();
            await Assert.ThrowsAsync<OperationCanceledException>(async () => await sender.Send(new Discovered(), canceled.Token));
        }

        [Fact]
        public void A_send_through_a_singleton_sender_allocates_nothing()
        {
            using var provider = new ServiceCollection().AddPrewired().BuildServiceProvider();
            var sender = provider.GetRequiredService<PrewiredSender>();
            var request = new Discovered();
            for (var i = 0; i < 10; i++) _ = sender.Send(request);
            var before = GC.GetAllocatedBytesForCurrentThread();
            for (var i = 0; i < 1000; i++) _ = sender.Send(request, CancellationToken.None);
            Assert.Equal(0, GC.GetAllocatedBytesForCurrentThread() - before);
            Assert.Equal(1010, request.Handled);
        }

        [Fact]
        public async Task Without_a_container_any_service_provider_supplies_the_pipelines()
        {
            var sender = new PrewiredSender(new HandMade());
            var request = new Discovered();
            await sender.Send(request);
            Assert.Equal(1, request.Handled);
            var unknown = await Assert.ThrowsAsync<InvalidOperationException>(async () => await sender.Send(new SendEmail("a@b")));
            Assert.Contains("SendEmailPipeline' is not registered: call services.AddPrewired()", unknown.Message);
        }

        [Fact]
        public async Task Without_a_container_the_pipelines_built_by_hand_are_passed_by_name()
        {
            var sender = new PrewiredSender(discoveredPipeline: new Prewired.Generated.Prewired.Pipelines.Tests.Requests.DiscoveredPipeline(new DiscoveredHandler()));
            var request = new Discovered();
            await sender.Send(request);
            Assert.Equal(1, request.Handled);
            var missing = await Assert.ThrowsAsync<InvalidOperationException>(async () => await sender.Send(new SendEmail("a@b")));
            Assert.Contains("SendEmailPipeline' was not passed to this sender", missing.Message);
        }

        /// <summary>A provider written by hand: the pipelines are constructed with <c>new</c>, as without any container.</summary>
        private sealed class HandMade : IServiceProvider
        {
            public object? GetService(Type serviceType)
                => serviceType == typeof(Prewired.Generated.Prewired.Pipelines.Tests.Requests.DiscoveredPipeline)
                    ? new Prewired.Generated.Prewired.Pipelines.Tests.Requests.DiscoveredPipeline(new DiscoveredHandler())
                    : null;
        }
    }
}
