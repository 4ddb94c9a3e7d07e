using System.Threading.Tasks;
using Prewired.Generator;
using Prewired.Tests.Harness;
using Xunit;

namespace Prewired.Tests.Semantics
{
    /// <summary>
    /// [assembly: PipelineDefaults] compiled and run: an assembly of its own (the attribute applies to every pipeline of an
    /// assembly, so it cannot live in a test project with other pipelines), loaded and invoked.
    /// </summary>
    public sealed class PipelineDefaultsRunTests
    {
        private const string Source = """
            using System;
            using System.Collections.Generic;
            using System.Threading.Tasks;
            using Prewired;

            [assembly: PipelineDefaults(typeof(Requests.Logging<,>), typeof(Requests.Validate<,>))]

            namespace Requests;

            public interface ITraced { List<string> Log { get; } }
            public interface IValidated : ITraced { bool IsValid { get; } }
            public sealed class CreateOrder : IValidated { public int Quantity; public bool IsValid => Quantity > 0; public List<string> Log { get; } = new(); }
            public sealed class GetPrice : ITraced { public List<string> Log { get; } = new(); }

            public sealed class Logging<TRequest, TResponse> : IBehavior<TRequest, TRequest, TResponse> where TRequest : ITraced
            {
                public async ValueTask<TResponse> Invoke(TRequest context, Func<TRequest, ValueTask<TResponse>> next)
                {
                    context.Log.Add("log>" + typeof(TRequest).Name);
                    var response = await next(context);
                    context.Log.Add("<log " + response);
                    return response;
                }
            }

            public sealed class Validate<TRequest, TResponse> : IInlineBehavior<TRequest, TRequest, TResponse> where TRequest : IValidated
            {
                public ValueTask<TResponse> Invoke<TNext>(TRequest context, TNext next) where TNext : struct, INext<TRequest, TResponse>
                {
                    context.Log.Add("validate");
                    return context.IsValid ? next.Invoke(context) : throw new ArgumentException("invalid");
                }
            }

            public sealed class CreateOrderHandler : IPipelineTerminator<CreateOrder, int>
            {
                public ValueTask<int> Terminate(CreateOrder context) { context.Log.Add("create"); return new(context.Quantity * 10); }
            }

            public sealed class PriceHandler : IPipelineTerminator<GetPrice, decimal>
            {
                public ValueTask<decimal> Terminate(GetPrice context) { context.Log.Add("price"); return new(2.5m); }
            }

            [Pipeline(typeof(CreateOrderHandler))]
            public sealed partial class CreateOrderPipeline;

            [Pipeline(typeof(PriceHandler))]
            public sealed partial class PricePipeline;

            public static class Run
            {
                public static async Task<string> Both()
                {
                    var order = new CreateOrder { Quantity = 3 };
                    var created = await new CreateOrderPipeline(new Logging<CreateOrder, int>(), new Validate<CreateOrder, int>(), new CreateOrderHandler()).Invoke(order);
                    var price = new GetPrice();
                    var quoted = await new PricePipeline(new Logging<GetPrice, decimal>(), new PriceHandler()).Invoke(price);
                    return created + ": " + string.Join(",", order.Log) + " | " + quoted + ": " + string.Join(",", price.Log);
                }
            }
            """;

        /// <summary>A command (no response of its own) answered with Unit, under the same kind of typed defaults.</summary>
        private const string CommandSource = """
            using System;
            using System.Collections.Generic;
            using System.Threading;
            using System.Threading.Tasks;
            using Prewired;

            [assembly: PipelineDefaults(typeof(Commands.Logging<,>))]

            namespace Commands;

            public interface ITraced { List<string> Log { get; } }
            public sealed class SendEmail : ITraced { public List<string> Log { get; } = new(); }

            public sealed class Logging<TRequest, TResponse> : ICancellableBehavior<TRequest, TRequest, TResponse> where TRequest : ITraced
            {
                public async ValueTask<TResponse> Invoke(TRequest context, Func<TRequest, CancellationToken, ValueTask<TResponse>> next, CancellationToken cancellationToken)
                {
                    context.Log.Add("log>" + typeof(TRequest).Name);
                    var response = await next(context, cancellationToken);
                    context.Log.Add("<log " + typeof(TResponse).Name + " " + response);
                    return response;
                }
            }

            public sealed class SendEmailHandler : ICancellableTerminator<SendEmail, Unit>
            {
                public async ValueTask<Unit> Terminate(SendEmail context, CancellationToken cancellationToken)
                {
                    await Task.Yield();
                    context.Log.Add("send");
                    return Unit.Value;
                }
            }

            [Pipeline(typeof(SendEmailHandler))]
            public sealed partial class SendEmailPipeline;

            public static class Run
            {
                public static async Task<string> Command()
                {
                    var command = new SendEmail();
                    await new SendEmailPipeline(new Logging<SendEmail, Unit>(), new SendEmailHandler()).Invoke(command, CancellationToken.None);
                    return string.Join(",", command.Log);
                }
            }
            """;

        [Fact]
        public async Task A_command_answered_with_Unit_runs_the_typed_defaults()
        {
            using var loaded = CompileAndRun.Load(new[] { CommandSource }, new[] { new PrewiredGenerator() });
            var text = await (Task<string>)loaded.InvokeStatic("Commands.Run", "Command")!;
            Assert.Equal("log>SendEmail,send,<log Unit ()", text);
        }

        [Fact]
        public async Task Every_pipeline_runs_the_defaults_first_and_a_constrained_one_only_where_it_fits()
        {
            using var loaded = CompileAndRun.Load(new[] { Source }, new[] { new PrewiredGenerator() });
            var text = await (Task<string>)loaded.InvokeStatic("Requests.Run", "Both")!;
            Assert.Equal("30: log>CreateOrder,validate,create,<log 30 | 2.5: log>GetPrice,price,<log 2.5", text);
        }
    }
}
