using System;
using System.Threading.Tasks;
using Microsoft.Extensions.DependencyInjection;
using Xunit;

namespace Prewired.Pipelines.Tests
{
    /// <summary>The generated Add{Pipeline}() registration: stages from the container, their lifetimes honored.</summary>
    public sealed class DependencyInjectionTests
    {
        [Fact]
        public async Task Resolves_and_runs_a_pipeline_with_singleton_scoped_and_transient_stages()
        {
            var services = new ServiceCollection();
            services.AddSingleton<LogBehavior>();
            services.AddScoped<RetryBehavior>();
            services.AddTransient<DeserializeConnector>();
            services.AddIncomingPipeline();
            using var provider = services.BuildServiceProvider(new ServiceProviderOptions { ValidateScopes = true, ValidateOnBuild = true });

            using var first = provider.CreateScope();
            using var second = provider.CreateScope();
            var a = first.ServiceProvider.GetRequiredService<IncomingPipeline>();
            var b = first.ServiceProvider.GetRequiredService<IncomingPipeline>();
            var c = second.ServiceProvider.GetRequiredService<IncomingPipeline>();

            Assert.Same(Stage<LogBehavior>(a, 0), Stage<LogBehavior>(c, 0));          // singleton: one for the application
            Assert.Same(Stage<RetryBehavior>(a, 1), Stage<RetryBehavior>(b, 1));      // scoped: one per scope
            Assert.NotSame(Stage<RetryBehavior>(a, 1), Stage<RetryBehavior>(c, 1));
            Assert.NotSame(Stage<DeserializeConnector>(a, 2), Stage<DeserializeConnector>(b, 2)); // transient: one per pipeline

            var context = new TransportContext("11");
            await first.ServiceProvider.GetRequiredService<IPipeline<TransportContext>>().Invoke(context);
            Assert.Equal(new[] { "log:before", "retry:1", "deserialize", "handle:11", "log:after" }, context.Log);
        }

        [Fact]
        public void Stages_not_registered_yet_are_added_as_transient_and_registered_ones_are_kept()
        {
            var services = new ServiceCollection();
            services.AddSingleton<InvokeHandler>();
            services.AddIncomingPipeline();

            Assert.Equal(ServiceLifetime.Singleton, Lifetime(services, typeof(InvokeHandler)));
            Assert.Equal(ServiceLifetime.Transient, Lifetime(services, typeof(LogBehavior)));
            Assert.Equal(ServiceLifetime.Transient, Lifetime(services, typeof(IncomingPipeline)));
        }

        [Fact]
        public void A_singleton_pipeline_over_a_scoped_stage_is_caught_by_scope_validation()
        {
            var services = new ServiceCollection();
            services.AddScoped<RetryBehavior>();
            services.AddIncomingPipeline(ServiceLifetime.Singleton);
            using var provider = services.BuildServiceProvider(new ServiceProviderOptions { ValidateScopes = true });
            Assert.Throws<InvalidOperationException>(() => provider.GetRequiredService<IncomingPipeline>());
        }

        [Fact]
        public async Task A_fork_resolves_the_other_pipeline_from_the_container()
        {
            var services = new ServiceCollection();
            services.AddSingleton<AuditLog>();
            services.AddAuditPipeline();
            services.AddForkingPipeline();
            using var provider = services.BuildServiceProvider(new ServiceProviderOptions { ValidateOnBuild = true });

            await provider.GetRequiredService<ForkingPipeline>().Invoke(new TransportContext("6"));
            Assert.Equal(new[] { "audit:6" }, provider.GetRequiredService<AuditLog>().Entries);
        }

        private static ServiceLifetime Lifetime(IServiceCollection services, Type type)
        {
            foreach (var descriptor in services)
            {
                if (descriptor.ServiceType == type) return descriptor.Lifetime;
            }

            throw new InvalidOperationException(type + " is not registered.");
        }

        /// <summary>The stage instance a pipeline holds, read from its generated field (tests only).</summary>
        private static T Stage<T>(object pipeline, int index)
            => (T)pipeline.GetType().GetField("__stage" + index, System.Reflection.BindingFlags.NonPublic | System.Reflection.BindingFlags.Instance)!.GetValue(pipeline)!;
    }
}
