#if PREWIRED_PLAIN
using System;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.DependencyInjection.Extensions;

namespace Prewired.AotApp
{
    /// <summary>The size baseline of <c>RequestPipeline</c>: the same chain wired by hand with delegates bound once.</summary>
    public sealed class RequestPipeline : IPipeline<PlaceOrder, Receipt>, ICancellablePipeline<PlaceOrder, Receipt>
    {
        private readonly Intake _intake;
        private readonly Func<PlaceOrder, CancellationToken, ValueTask<Receipt>> _afterIntake;
        private readonly Func<PlaceOrder, CancellationToken, ValueTask<Receipt>> _afterTrace;
        private readonly Func<OrderLine, CancellationToken, ValueTask<Receipt>> _afterLine;

        public RequestPipeline(Intake intake, Trace<PlaceOrder, Receipt> trace, Check<PlaceOrder, Receipt> check, ToLine toLine, Fulfil fulfil)
        {
            _intake = intake;
            _afterLine = fulfil.Terminate;
            Func<PlaceOrder, CancellationToken, ValueTask<Receipt>> afterCheck = (context, token) => toLine.Invoke(context, _afterLine, token);
            _afterTrace = (context, token) => check.Invoke(context, new Next(afterCheck, token));
            _afterIntake = (context, token) => trace.Invoke(context, _afterTrace, token);
        }

        public ValueTask<Receipt> Invoke(PlaceOrder context, CancellationToken cancellationToken = default) => _intake.Invoke(context, _afterIntake, cancellationToken);

        ValueTask<Receipt> IPipeline<PlaceOrder, Receipt>.Invoke(PlaceOrder context) => Invoke(context, default);

        private readonly struct Next : INext<PlaceOrder, Receipt>
        {
            private readonly Func<PlaceOrder, CancellationToken, ValueTask<Receipt>> _next;
            private readonly CancellationToken _token;

            public Next(Func<PlaceOrder, CancellationToken, ValueTask<Receipt>> next, CancellationToken token)
            {
                _next = next;
                _token = token;
            }

            public ValueTask<Receipt> Invoke(PlaceOrder context) => _next(context, _token);
        }
    }

    public static class RequestPipelineRegistrations
    {
        public static IServiceCollection AddRequestPipeline(this IServiceCollection services)
        {
            services.TryAddTransient<Intake>();
            services.TryAddTransient<Trace<PlaceOrder, Receipt>>();
            services.TryAddTransient<Check<PlaceOrder, Receipt>>();
            services.TryAddTransient<ToLine>();
            services.TryAddTransient<Fulfil>();
            services.AddTransient(p => new RequestPipeline(p.GetRequiredService<Intake>(), p.GetRequiredService<Trace<PlaceOrder, Receipt>>(),
                p.GetRequiredService<Check<PlaceOrder, Receipt>>(), p.GetRequiredService<ToLine>(), p.GetRequiredService<Fulfil>()));
            services.AddTransient<IPipeline<PlaceOrder, Receipt>>(p => p.GetRequiredService<RequestPipeline>());
            return services.AddTransient<ICancellablePipeline<PlaceOrder, Receipt>>(p => p.GetRequiredService<RequestPipeline>());
        }
    }
}
#endif
