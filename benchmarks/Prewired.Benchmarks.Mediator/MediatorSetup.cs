using System;
using Mediator;
using Microsoft.Extensions.DependencyInjection;

namespace Prewired.Benchmarks.Mediator
{
    /// <summary>
    /// Mediator's container: singleton lifetime (the fastest, which Mediator's README recommends), and for each request
    /// type as many pass-through behaviors as its depth, registered for its closed IPipelineBehavior (Mediator resolves
    /// them per request type once, into the handler's cached chain).
    /// </summary>
    internal static class MediatorSetup
    {
        public static ServiceProvider Build()
        {
            var services = new ServiceCollection();
            services.AddMediator(options => options.ServiceLifetime = ServiceLifetime.Singleton);
            Behaviors<Ping1>(services, 1, async: false);
            Behaviors<Ping5>(services, 5, async: false);
            Behaviors<Ping10>(services, 10, async: false);
            Behaviors<Ping20>(services, 20, async: false);
            Behaviors<AsyncPing1>(services, 1, async: true);
            Behaviors<AsyncPing5>(services, 5, async: true);
            Behaviors<AsyncPing10>(services, 10, async: true);
            Behaviors<AsyncPing20>(services, 20, async: true);
            return services.BuildServiceProvider();
        }

        /// <summary>The request of <paramref name="depth"/>: the pass-through one, or the one whose first behavior is async.</summary>
        public static IRequest<Pong> Request(int depth, bool async) => (depth, async) switch
        {
            (1, false) => new Ping1(),
            (5, false) => new Ping5(),
            (10, false) => new Ping10(),
            (20, false) => new Ping20(),
            (1, true) => new AsyncPing1(),
            (5, true) => new AsyncPing5(),
            (10, true) => new AsyncPing10(),
            (20, true) => new AsyncPing20(),
            _ => throw new ArgumentOutOfRangeException(nameof(depth), depth, "depths are 1, 5, 10 and 20"),
        };

        /// <summary>How many behaviors the container holds for the request of <paramref name="depth"/> (the self-check compares it with the depth).</summary>
        public static int BehaviorCount(IServiceProvider provider, int depth, bool async) => (depth, async) switch
        {
            (1, false) => Count<Ping1>(provider),
            (5, false) => Count<Ping5>(provider),
            (10, false) => Count<Ping10>(provider),
            (20, false) => Count<Ping20>(provider),
            (1, true) => Count<AsyncPing1>(provider),
            (5, true) => Count<AsyncPing5>(provider),
            (10, true) => Count<AsyncPing10>(provider),
            (20, true) => Count<AsyncPing20>(provider),
            _ => throw new ArgumentOutOfRangeException(nameof(depth), depth, "depths are 1, 5, 10 and 20"),
        };

        private static int Count<TRequest>(IServiceProvider provider)
            where TRequest : IRequest<Pong>
            => System.Linq.Enumerable.Count(provider.GetServices<IPipelineBehavior<TRequest, Pong>>());

        private static void Behaviors<TRequest>(IServiceCollection services, int depth, bool async)
            where TRequest : IRequest<Pong>
        {
            for (var i = 0; i < depth; i++)
            {
                if (async && i == 0) services.AddSingleton<IPipelineBehavior<TRequest, Pong>, MediatorAsyncPass<TRequest, Pong>>();
                else services.AddSingleton<IPipelineBehavior<TRequest, Pong>, MediatorPass<TRequest, Pong>>();
            }
        }
    }
}
