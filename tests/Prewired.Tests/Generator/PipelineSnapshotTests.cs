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

        private static TestCompilationSettings WithDependencyInjection => TestCompilationSettings.Default with
        {
            AdditionalAssemblies = ImmutableArray.Create(
                typeof(PipelineServices).Assembly,
                typeof(Microsoft.Extensions.DependencyInjection.IServiceCollection).Assembly),
        };
    }
}
