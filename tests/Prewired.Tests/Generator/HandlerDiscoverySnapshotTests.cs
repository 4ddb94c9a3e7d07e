using Xunit;

namespace Prewired.Tests.Generator
{
    /// <summary>
    /// Request handlers found in the assembly, each given its pipeline without a [Pipeline] class: the generated classes a
    /// reviewer reads in the .verified.cs files beside this one, and which handlers get none (overridden, second handlers).
    /// </summary>
    public class HandlerDiscoverySnapshotTests
    {
        private const string Requests = """
            [assembly: PipelineDefaults(typeof(Shop.Logging<,>), typeof(Shop.Validation<,>))]

            namespace Shop;

            public interface IValidated { bool IsValid { get; } }
            public sealed class SendEmail : IValidated { public bool IsValid => true; }
            public sealed class GetPrice { public string Sku = ""; }
            public sealed class Price { public decimal Amount; }

            public sealed class Logging<TRequest, TResponse> : ICancellableBehavior<TRequest, TRequest, TResponse>
            {
                public ValueTask<TResponse> Invoke(TRequest context, Func<TRequest, CancellationToken, ValueTask<TResponse>> next, CancellationToken cancellationToken)
                    => next(context, cancellationToken);
            }

            public sealed class Validation<TRequest, TResponse> : IInlineBehavior<TRequest, TRequest, TResponse> where TRequest : IValidated
            {
                public ValueTask<TResponse> Invoke<TNext>(TRequest context, TNext next) where TNext : struct, INext<TRequest, TResponse>
                    => context.IsValid ? next.Invoke(context) : throw new ArgumentException("invalid");
            }

            """;

        [Fact]
        public void Every_handler_gets_its_pipeline_with_the_assembly_defaults() => GeneratorTest.Verify(Requests + """
            // A command: Unit as its response, so the typed defaults close over it. Logging → Validation → handler.
            public sealed class SendEmailHandler : ICancellableTerminator<SendEmail, Unit>
            {
                public ValueTask<Unit> Terminate(SendEmail context, CancellationToken cancellationToken) => Unit.ValueTask;
            }

            // GetPrice is not IValidated: Logging → handler (PW0316 at the handler says Validation is left out).
            public sealed class GetPriceHandler : ICancellableTerminator<GetPrice, Price>
            {
                public ValueTask<Price> Terminate(GetPrice context, CancellationToken cancellationToken) => new(new Price { Amount = context.Sku.Length });
            }
            """, expectedFiles: 3);

        [Fact]
        public void An_explicit_pipeline_overrides_the_request_and_a_second_handler_gets_none() => GeneratorTest.Verify(Requests + """
            public sealed class SendEmailHandler : ICancellableTerminator<SendEmail, Unit>
            {
                public ValueTask<Unit> Terminate(SendEmail context, CancellationToken cancellationToken) => Unit.ValueTask;
            }

            // A second handler of SendEmail: PW0314, no pipeline of its own.
            public sealed class QueuedEmailHandler : ICancellableTerminator<SendEmail, Unit>
            {
                public ValueTask<Unit> Terminate(SendEmail context, CancellationToken cancellationToken) => Unit.ValueTask;
            }

            public sealed class GetPriceHandler : ICancellableTerminator<GetPrice, Price>
            {
                public ValueTask<Price> Terminate(GetPrice context, CancellationToken cancellationToken) => new(new Price());
            }

            // GetPrice's chain, as written: no discovered pipeline for it.
            [Pipeline(typeof(GetPriceHandler), ApplyDefaults = false)]
            public sealed partial class PricePipeline;
            """, expectedFiles: 3);

        [Fact]
        public void A_class_handling_two_requests_gets_a_pipeline_per_request_named_after_each() => GeneratorTest.Verify("""
            namespace Shop.Catalog
            {
                public sealed class GetPrice { }
                public sealed class GetStock { }

                public static class Outer
                {
                    public sealed class Ping { }
                }

                public sealed class CatalogHandler : ICancellableTerminator<GetPrice, decimal>, ICancellableTerminator<GetStock, int>, ICancellableTerminator<Outer.Ping, Unit>
                {
                    public ValueTask<decimal> Terminate(GetPrice context, CancellationToken cancellationToken) => new(1m);
                    public ValueTask<int> Terminate(GetStock context, CancellationToken cancellationToken) => new(2);
                    ValueTask<Unit> ICancellableTerminator<Outer.Ping, Unit>.Terminate(Outer.Ping context, CancellationToken cancellationToken) => Unit.ValueTask;
                }
            }

            internal sealed class Tick { }

            internal sealed class TickHandler : ICancellableTerminator<Tick, Unit>
            {
                public ValueTask<Unit> Terminate(Tick context, CancellationToken cancellationToken) => Unit.ValueTask;
            }

            // A [Pipeline] class of the global namespace: the sender's hand-built constructor names it 'globalPipeline'.
            public sealed class Global { }
            public sealed class GlobalHandler : ICancellableTerminator<Global, int>
            {
                public ValueTask<int> Terminate(Global context, CancellationToken cancellationToken) => new(0);
            }

            [Pipeline(typeof(GlobalHandler))]
            public sealed partial class GlobalPipeline;

            // Not handlers of one request: a generic and an abstract class are building blocks.
            public abstract class Base<T> : ICancellableTerminator<T, Unit> { public abstract ValueTask<Unit> Terminate(T context, CancellationToken cancellationToken); }
            internal abstract class AbstractHandler : ICancellableTerminator<Tick, int> { public abstract ValueTask<int> Terminate(Tick context, CancellationToken cancellationToken); }
            """, expectedFiles: 6);

        [Fact]
        public void A_partial_handler_declared_in_two_parts_gets_one_pipeline() => GeneratorTest.Verify("""
            namespace Shop;

            public sealed class Ping { }
            public interface IAudited { }

            public sealed partial class PingHandler : ICancellableTerminator<Ping, int>
            {
                public ValueTask<int> Terminate(Ping context, CancellationToken cancellationToken) => new(Count());
            }

            public sealed partial class PingHandler : IAudited
            {
                private static int Count() => 1;
            }
            """, expectedFiles: 2);

        [Fact]
        public void Half_typed_handlers_generate_nothing_and_do_not_throw()
        {
            // An unknown response type, an unknown request type, a half-written base list: nothing to generate, no exception.
            var run = Prewired.Tests.Harness.GeneratorDriverHarness.Run(new[] { new Prewired.Generator.PrewiredGenerator() }, new[] { GeneratorTest.Usings + """
                public sealed class A { }
                public sealed class H1 : ICancellableTerminator<A, Missing> { public ValueTask<Missing> Terminate(A context, CancellationToken cancellationToken) => default; }
                public sealed class H2 : ICancellableTerminator<Unknown, int> { public ValueTask<int> Terminate(Unknown context, CancellationToken cancellationToken) => default; }
                public sealed class H3 : ICancellableTerminator<
                """ });
            Assert.Empty(run.GeneratedSources);
            Assert.Empty(run.RunResult.Diagnostics);
            Assert.All(run.RunResult.Results, r => Assert.Null(r.Exception));
        }
    }
}
