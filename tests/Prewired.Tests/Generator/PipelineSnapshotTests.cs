using System.Collections.Immutable;
using Prewired.DependencyInjection;
using Prewired.Tests.Harness;
using Xunit;

namespace Prewired.Tests.Generator
{
    /// <summary>Every [Pipeline] shape, as generated code a reviewer reads in the .verified.cs files beside this one.</summary>
    public class PipelineSnapshotTests
    {
        /// <summary>The contexts and stages of the PRODUCT.md example, in the NServiceBus (delegate next) shape.</summary>
        private const string IncomingStages = """
            namespace Shop;

            public sealed class TransportContext { public string Body = ""; }
            public sealed class MessageContext { public object? Message; }

            public sealed class LogBehavior : IBehavior<TransportContext, TransportContext>
            {
                public Task Invoke(TransportContext context, Func<TransportContext, Task> next) => next(context);
            }

            public sealed class RetryBehavior : IBehavior<TransportContext, TransportContext>
            {
                public async Task Invoke(TransportContext context, Func<TransportContext, Task> next)
                {
                    try { await next(context); }
                    catch (TimeoutException) { await next(context); }
                }
            }

            public sealed class DeserializeConnector : IBehavior<TransportContext, MessageContext>
            {
                public Task Invoke(TransportContext context, Func<MessageContext, Task> next) => next(new MessageContext { Message = context.Body });
            }

            public sealed class InvokeHandler : IPipelineTerminator<MessageContext>
            {
                public Task Terminate(MessageContext context) => Task.CompletedTask;
            }

            """;

        [Fact]
        public void Delegate_shape_with_a_stage_connector() => GeneratorTest.Verify(IncomingStages + """
            [Pipeline(typeof(LogBehavior), typeof(RetryBehavior), typeof(DeserializeConnector), typeof(InvokeHandler))]
            public sealed partial class IncomingPipeline;
            """, expectedFiles: 1);

        [Fact]
        public void Struct_shape_with_a_stage_connector() => GeneratorTest.Verify("""
            namespace Fast;

            public sealed class Request { public int Attempts; }
            public sealed class Parsed { public int Value; }

            public sealed class Count : IInlineBehavior<Request, Request>
            {
                public Task Invoke<TNext>(Request context, TNext next) where TNext : struct, INext<Request>
                {
                    context.Attempts++;
                    return next.Invoke(context);
                }
            }

            public sealed class Parse : IInlineBehavior<Request, Parsed>
            {
                public Task Invoke<TNext>(Request context, TNext next) where TNext : struct, INext<Parsed>
                    => next.Invoke(new Parsed { Value = context.Attempts });
            }

            public sealed class Handle : IPipelineTerminator<Parsed>
            {
                public Task Terminate(Parsed context) => Task.CompletedTask;
            }

            [Pipeline(typeof(Count), typeof(Count), typeof(Parse), typeof(Handle))]
            public sealed partial class FastPipeline;
            """, expectedFiles: 1);

        [Fact]
        public void Mixed_shapes_explicit_implementations_and_internal_types_in_a_nested_generic_class() => GeneratorTest.Verify("""
            internal sealed class Job { }

            internal sealed class Audit : IBehavior<Job, Job>
            {
                Task IBehavior<Job, Job>.Invoke(Job context, Func<Job, Task> next) => next(context);
            }

            public sealed class Measure : IInlineBehavior<object, object>
            {
                public Task Invoke<TNext>(object context, TNext next) where TNext : struct, INext<object> => next.Invoke(context);
            }

            internal sealed class Run : IPipelineTerminator<Job>, IPipelineTerminator<string>
            {
                Task IPipelineTerminator<Job>.Terminate(Job context) => Task.CompletedTask;
                public Task Terminate(string context) => Task.CompletedTask;
            }

            public static partial class Host<T>
            {
                [Pipeline(typeof(Audit), typeof(Audit), typeof(Run))]
                public sealed partial class JobPipeline;

                [Pipeline(typeof(Measure), typeof(Measure), typeof(MeasureEnd))]
                public sealed partial class Untyped;
            }

            public sealed class MeasureEnd : IPipelineTerminator<object> { public Task Terminate(object context) => Task.CompletedTask; }
            """, expectedFiles: 2);

        [Fact]
        public void A_fork_is_a_stage_that_invokes_another_pipeline() => GeneratorTest.Verify(IncomingStages + """
            public sealed class AuditContext { public string? Text; }

            public sealed class Write : IPipelineTerminator<AuditContext>
            {
                public Task Terminate(AuditContext context) => Task.CompletedTask;
            }

            [Pipeline(typeof(Write))]
            public sealed partial class AuditPipeline;

            /// <summary>Forks each message into the audit pipeline, then goes on.</summary>
            public sealed class ForkToAudit(IPipeline<AuditContext> audit) : IBehavior<TransportContext, TransportContext>
            {
                public async Task Invoke(TransportContext context, Func<TransportContext, Task> next)
                {
                    await audit.Invoke(new AuditContext { Text = context.Body });
                    await next(context);
                }
            }

            [Pipeline(typeof(ForkToAudit), typeof(DeserializeConnector), typeof(InvokeHandler))]
            public sealed partial class ForkingPipeline;
            """, expectedFiles: 2);

        [Fact]
        public void Dependency_injection_registration_when_Prewired_DependencyInjection_is_referenced() => GeneratorTest.Verify(IncomingStages + """
            [Pipeline(typeof(LogBehavior), typeof(LogBehavior), typeof(DeserializeConnector), typeof(InvokeHandler))]
            public sealed partial class IncomingPipeline;

            internal static partial class Internals
            {
                [Pipeline(typeof(InvokeHandler))]
                internal sealed partial class HandlerOnly;
            }
            """, expectedFiles: 4, WithDependencyInjection);

        /// <summary>A request/response pipeline: a typed result through both shapes and a connector that changes the context.</summary>
        private const string RequestStages = """
            namespace Requests;

            public sealed class GetPrice { public string Sku = ""; }
            public sealed class PriceLookup { public int Id; }
            public sealed class Price { public decimal Amount; }

            /// <summary>Sees the result, and replaces it when it is zero.</summary>
            public sealed class Fallback : IBehavior<GetPrice, GetPrice, Price>
            {
                public async ValueTask<Price> Invoke(GetPrice context, Func<GetPrice, ValueTask<Price>> next)
                {
                    var price = await next(context);
                    return price.Amount == 0 ? new Price { Amount = 1 } : price;
                }
            }

            public sealed class Trim : IInlineBehavior<GetPrice, GetPrice, Price>
            {
                public ValueTask<Price> Invoke<TNext>(GetPrice context, TNext next) where TNext : struct, INext<GetPrice, Price>
                    => next.Invoke(new GetPrice { Sku = context.Sku.Trim() });
            }

            public sealed class Lookup : IInlineBehavior<GetPrice, PriceLookup, Price>
            {
                public ValueTask<Price> Invoke<TNext>(GetPrice context, TNext next) where TNext : struct, INext<PriceLookup, Price>
                    => next.Invoke(new PriceLookup { Id = context.Sku.Length });
            }

            public sealed class LookupConnector : IBehavior<GetPrice, PriceLookup, Price>
            {
                public ValueTask<Price> Invoke(GetPrice context, Func<PriceLookup, ValueTask<Price>> next) => next(new PriceLookup { Id = context.Sku.Length });
            }

            public sealed class PriceHandler : IPipelineTerminator<PriceLookup, Price>
            {
                public ValueTask<Price> Terminate(PriceLookup context) => new(new Price { Amount = context.Id });
            }

            """;

        [Fact]
        public void Typed_response_through_both_shapes_and_a_connector() => GeneratorTest.Verify(RequestStages + """
            [Pipeline(typeof(Fallback), typeof(LookupConnector), typeof(PriceHandler))]
            public sealed partial class PricePipeline;

            [Pipeline(typeof(Trim), typeof(Fallback), typeof(Lookup), typeof(PriceHandler))]
            public sealed partial class InlinePricePipeline;
            """, expectedFiles: 2);

        [Fact]
        public void Cancellation_token_through_every_stage_that_takes_it() => GeneratorTest.Verify(RequestStages + """
            public sealed class Timeout : ICancellableBehavior<GetPrice, GetPrice, Price>
            {
                public async ValueTask<Price> Invoke(GetPrice context, Func<GetPrice, CancellationToken, ValueTask<Price>> next, CancellationToken cancellationToken)
                {
                    using var linked = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
                    return await next(context, linked.Token);
                }
            }

            public sealed class CancellableLookup : ICancellableInlineBehavior<GetPrice, PriceLookup, Price>
            {
                public ValueTask<Price> Invoke<TNext>(GetPrice context, TNext next, CancellationToken cancellationToken) where TNext : struct, ICancellableNext<PriceLookup, Price>
                    => next.Invoke(new PriceLookup { Id = context.Sku.Length }, cancellationToken);
            }

            public sealed class CancellableHandler : ICancellableTerminator<PriceLookup, Price>
            {
                public ValueTask<Price> Terminate(PriceLookup context, CancellationToken cancellationToken)
                    => cancellationToken.IsCancellationRequested ? ValueTask.FromCanceled<Price>(cancellationToken) : new(new Price { Amount = context.Id });
            }

            public sealed class Notify { public int Count; }

            public sealed class Count : IBehavior<Notify, Notify>
            {
                public Task Invoke(Notify context, Func<Notify, Task> next) { context.Count++; return next(context); }
            }

            public sealed class Send : ICancellableTerminator<Notify>
            {
                public Task Terminate(Notify context, CancellationToken cancellationToken) => Task.Delay(0, cancellationToken);
            }

            public sealed class InlineCount : IInlineBehavior<Notify, Notify>
            {
                public Task Invoke<TNext>(Notify context, TNext next) where TNext : struct, INext<Notify> { context.Count++; return next.Invoke(context); }
            }

            // The token enters at Invoke, passes Timeout's next, and Trim's next struct carries it past Trim, which takes none.
            [Pipeline(typeof(Timeout), typeof(Trim), typeof(CancellableLookup), typeof(CancellableHandler))]
            public sealed partial class CancellablePricePipeline;

            // Task-only: the plain inline behavior's struct carries the token to the terminator.
            [Pipeline(typeof(InlineCount), typeof(InlineCount), typeof(Send))]
            public sealed partial class NotifyPipeline;

            // Only the first stage takes the token: the behaviors after it never see one.
            [Pipeline(typeof(Timeout), typeof(Fallback), typeof(LookupConnector), typeof(PriceHandler))]
            public sealed partial class FirstOnly;
            """, expectedFiles: 4);

        [Fact]
        public void Open_generic_behaviors_closed_over_the_context_and_result_at_their_stage() => GeneratorTest.Verify(RequestStages + """
            public interface IHasSku { string Sku { get; } }
            public sealed class GetStock : IHasSku { public string Sku { get; set; } = ""; }
            public sealed class Stock { public int Count; }

            public sealed class Logging<TRequest, TResponse> : IBehavior<TRequest, TRequest, TResponse>
            {
                public ValueTask<TResponse> Invoke(TRequest context, Func<TRequest, ValueTask<TResponse>> next) => next(context);
            }

            public sealed class Validate<TRequest, TResponse> : IInlineBehavior<TRequest, TRequest, TResponse> where TRequest : class, IHasSku
            {
                public ValueTask<TResponse> Invoke<TNext>(TRequest context, TNext next) where TNext : struct, INext<TRequest, TResponse>
                    => context.Sku.Length == 0 ? throw new ArgumentException("no sku") : next.Invoke(context);
            }

            public sealed class StockHandler : IPipelineTerminator<GetStock, Stock>
            {
                public ValueTask<Stock> Terminate(GetStock context) => new(new Stock { Count = context.Sku.Length });
            }

            public sealed class Start : IBehavior<GetStock, GetStock, Stock>
            {
                public ValueTask<Stock> Invoke(GetStock context, Func<GetStock, ValueTask<Stock>> next) => next(context);
            }

            // Logging<,> is closed over <GetStock, Stock> and <PriceLookup, Price> on either side of a connector.
            [Pipeline(typeof(Start), typeof(Logging<,>), typeof(Validate<,>), typeof(StockHandler))]
            public sealed partial class StockPipeline;

            [Pipeline(typeof(Fallback), typeof(Logging<,>), typeof(LookupConnector), typeof(Logging<,>), typeof(PriceHandler))]
            public sealed partial class PricePipeline;
            """, expectedFiles: 2);

        [Fact]
        public void Dependency_injection_registration_of_typed_and_cancellable_pipelines() => GeneratorTest.Verify(RequestStages + """
            public sealed class CancellableHandler : ICancellableTerminator<PriceLookup, Price>
            {
                public ValueTask<Price> Terminate(PriceLookup context, CancellationToken cancellationToken) => new(new Price());
            }

            [Pipeline(typeof(Fallback), typeof(LookupConnector), typeof(PriceHandler))]
            public sealed partial class PricePipeline;

            [Pipeline(typeof(Trim), typeof(Lookup), typeof(CancellableHandler))]
            public sealed partial class CancellablePricePipeline;
            """, expectedFiles: 6, WithDependencyInjection);

        [Fact]
        public void Assembly_defaults_come_first_closed_over_each_pipeline_and_registered_with_it() => GeneratorTest.Verify("""
            [assembly: PipelineDefaults(typeof(Requests.Logging<,>), typeof(Requests.Validate<,>))]

            namespace Requests;

            public interface IValidated { bool IsValid { get; } }
            public sealed class CreateOrder : IValidated { public bool IsValid => true; }
            public sealed class OrderCreated { }
            public sealed class GetPrice { }
            public sealed class Price { }

            public sealed class Logging<TRequest, TResponse> : IBehavior<TRequest, TRequest, TResponse>
            {
                public ValueTask<TResponse> Invoke(TRequest context, Func<TRequest, ValueTask<TResponse>> next) => next(context);
            }

            public sealed class Validate<TRequest, TResponse> : IInlineBehavior<TRequest, TRequest, TResponse> where TRequest : IValidated
            {
                public ValueTask<TResponse> Invoke<TNext>(TRequest context, TNext next) where TNext : struct, INext<TRequest, TResponse>
                    => context.IsValid ? next.Invoke(context) : throw new ArgumentException("invalid");
            }

            public sealed class CreateOrderHandler : IPipelineTerminator<CreateOrder, OrderCreated>
            {
                public ValueTask<OrderCreated> Terminate(CreateOrder context) => new(new OrderCreated());
            }

            public sealed class PriceHandler : IPipelineTerminator<GetPrice, Price>
            {
                public ValueTask<Price> Terminate(GetPrice context) => new(new Price());
            }

            // Logging<CreateOrder, OrderCreated> → Validate<CreateOrder, OrderCreated> → CreateOrderHandler.
            [Pipeline(typeof(CreateOrderHandler))]
            public sealed partial class CreateOrderPipeline;

            // GetPrice is not IValidated: Validate<,> is not applied (PW0312, a suggestion), Logging<,> is.
            [Pipeline(typeof(PriceHandler))]
            public sealed partial class PricePipeline;
            """, expectedFiles: 4, WithDependencyInjection);

        private static TestCompilationSettings WithDependencyInjection => TestCompilationSettings.Default with
        {
            AdditionalAssemblies = ImmutableArray.Create(
                typeof(PipelineServices).Assembly,
                typeof(Microsoft.Extensions.DependencyInjection.IServiceCollection).Assembly),
        };
    }
}
