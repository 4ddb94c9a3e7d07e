using Mediator;
using Microsoft.Extensions.DependencyInjection;

namespace Prewired.Benchmarks.Sender.MediatorSide
{
    /// <summary>
    /// Mediator's container as its README configures it: singleton lifetime (its default, and what it recommends), the
    /// behaviors listed in the options (the source generator writes their registrations, closed over each request whose
    /// constraints they meet), and the default notification publisher, ForeachAwaitPublisher (one handler after another).
    /// </summary>
    internal static class MediatorSetup
    {
        public static ServiceProvider Build()
        {
            var services = new ServiceCollection();
            services.AddMediator(options =>
            {
                options.ServiceLifetime = ServiceLifetime.Singleton;
                options.PipelineBehaviors = [typeof(First<,>), typeof(Second<,>), typeof(Third<,>), typeof(Fourth<,>), typeof(Fifth<,>)];
                options.StreamPipelineBehaviors = [typeof(PassStream<,>)];
            });
            return services.BuildServiceProvider();
        }
    }
}
