using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Prewired.Generator;
using Prewired.Tests.Generator;
using Prewired.Tests.Harness;
using Xunit;

namespace Prewired.Tests.Runtime
{
    /// <summary>What a compiled scenario returns: the log its behaviors and handler wrote.</summary>
    public interface IDiscoveredScenario
    {
        ValueTask<List<string>> RunAsync(CancellationToken cancellationToken);
    }

    /// <summary>
    /// A handler's generated pipeline, compiled and run: the assembly's defaults run before the handler in their order, a
    /// constrained default only for the requests that meet it, the token reaches the handler, and a command answers Unit.
    /// </summary>
    public sealed class DiscoveredPipelineRunTests
    {
        private const string Source = GeneratorTest.Usings + """
            using System.Collections.Generic;
            using Prewired.Tests.Runtime;

            [assembly: PipelineDefaults(typeof(Shop.Logging<,>), typeof(Shop.Validation<,>))]

            namespace Shop;

            public interface IValidated { bool IsValid { get; } }
            public sealed class SendEmail(string to, List<string> log) : IValidated { public string To => to; public List<string> Log => log; public bool IsValid => to.Contains('@'); }
            public sealed class GetPrice(string sku, List<string> log) { public string Sku => sku; public List<string> Log => log; }

            public sealed class Logging<TRequest, TResponse> : ICancellableBehavior<TRequest, TRequest, TResponse>
            {
                public async ValueTask<TResponse> Invoke(TRequest context, Func<TRequest, CancellationToken, ValueTask<TResponse>> next, CancellationToken cancellationToken)
                {
                    var log = (List<string>)context!.GetType().GetProperty("Log")!.GetValue(context)!;
                    log.Add("> " + typeof(TRequest).Name);
                    var response = await next(context, cancellationToken);
                    log.Add("< " + response);
                    return response;
                }
            }

            public sealed class Validation<TRequest, TResponse> : IInlineBehavior<TRequest, TRequest, TResponse> where TRequest : IValidated
            {
                public ValueTask<TResponse> Invoke<TNext>(TRequest context, TNext next) where TNext : struct, INext<TRequest, TResponse>
                    => context.IsValid ? next.Invoke(context) : throw new ArgumentException("invalid");
            }

            public sealed class SendEmailHandler : ICancellableTerminator<SendEmail, Unit>
            {
                public async ValueTask<Unit> Terminate(SendEmail context, CancellationToken cancellationToken)
                {
                    await Task.Yield();
                    context.Log.Add("send " + context.To + (cancellationToken.CanBeCanceled ? " (token)" : ""));
                    return Unit.Value;
                }
            }

            [System.Diagnostics.CodeAnalysis.SuppressMessage("Prewired", "PW0316")]
            public sealed class GetPriceHandler : ICancellableTerminator<GetPrice, decimal>
            {
                public ValueTask<decimal> Terminate(GetPrice context, CancellationToken cancellationToken) => new(context.Sku.Length);
            }

            public sealed class Scenario : IDiscoveredScenario
            {
                public async ValueTask<List<string>> RunAsync(CancellationToken cancellationToken)
                {
                    var log = new List<string>();
                    ICancellablePipeline<SendEmail, Unit> email = new Prewired.Generated.Shop.SendEmailPipeline(
                        new Logging<SendEmail, Unit>(), new Validation<SendEmail, Unit>(), new SendEmailHandler());
                    await email.Invoke(new SendEmail("a@b", log), cancellationToken);
                    try { await email.Invoke(new SendEmail("nobody", log), cancellationToken); }
                    catch (ArgumentException) { log.Add("rejected"); }
                    ICancellablePipeline<GetPrice, decimal> prices = new Prewired.Generated.Shop.GetPricePipeline(new Logging<GetPrice, decimal>(), new GetPriceHandler());
                    log.Add("price " + await prices.Invoke(new GetPrice("abc", log), cancellationToken));
                    return log;
                }
            }
            """;

        [Fact]
        public async Task Defaults_run_before_the_handler_and_a_constrained_one_only_where_its_constraint_holds()
        {
            using var loaded = CompileAndRun.Load(new[] { Source }, new IIncrementalGenerator[] { new PrewiredGenerator() });
            var scenario = (IDiscoveredScenario)loaded.CreateInstance("Shop.Scenario");
            using var cancellation = new CancellationTokenSource();
            var log = await scenario.RunAsync(cancellation.Token);
            Assert.Equal(new[]
            {
                "> SendEmail", "send a@b (token)", "< ()",
                "> SendEmail", "rejected",
                "> GetPrice", "< 3", "price 3",
            }, log);
        }
    }
}
