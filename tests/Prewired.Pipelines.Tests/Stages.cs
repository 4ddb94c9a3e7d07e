using System;
using System.Collections.Generic;
using System.Threading.Tasks;

namespace Prewired.Pipelines.Tests
{
    /// <summary>The context of the first stage: a message body and a log every stage writes to, so tests see what ran.</summary>
    public sealed class TransportContext
    {
        public TransportContext(string body = "42") => Body = body;

        public string Body { get; }

        public List<string> Log { get; } = new();

        /// <summary>How the terminator behaves on each call: null succeeds, otherwise it throws what the function returns.</summary>
        public Func<int, Exception?> Fail { get; set; } = _ => null;

        public int Terminated { get; set; }
    }

    /// <summary>The context after the deserializing connector.</summary>
    public sealed class MessageContext
    {
        public MessageContext(TransportContext transport, int value)
        {
            Transport = transport;
            Value = value;
        }

        public TransportContext Transport { get; }

        public int Value { get; }
    }

    /// <summary>Logs around the rest of the pipeline (an async behavior in the NServiceBus shape).</summary>
    public sealed class LogBehavior : IBehavior<TransportContext, TransportContext>
    {
        public async Task Invoke(TransportContext context, Func<TransportContext, Task> next)
        {
            context.Log.Add("log:before");
            await next(context);
            context.Log.Add("log:after");
        }
    }

    /// <summary>Runs the rest of the pipeline again when it throws a TimeoutException, up to three attempts.</summary>
    public sealed class RetryBehavior : IBehavior<TransportContext, TransportContext>
    {
        public async Task Invoke(TransportContext context, Func<TransportContext, Task> next)
        {
            for (var attempt = 1; ; attempt++)
            {
                try
                {
                    context.Log.Add("retry:" + attempt);
                    await next(context);
                    return;
                }
                catch (TimeoutException) when (attempt < 3)
                {
                }
            }
        }
    }

    /// <summary>Calls next three times one after another: the rest of the chain must run three times.</summary>
    public sealed class ReplayBehavior : IBehavior<TransportContext, TransportContext>
    {
        public async Task Invoke(TransportContext context, Func<TransportContext, Task> next)
        {
            await next(context);
            await next(context);
            await next(context);
        }
    }

    /// <summary>The stage connector: parses the body into the next stage's context.</summary>
    public sealed class DeserializeConnector : IBehavior<TransportContext, MessageContext>
    {
        public Task Invoke(TransportContext context, Func<MessageContext, Task> next)
        {
            context.Log.Add("deserialize");
            return next(new MessageContext(context, int.Parse(context.Body, System.Globalization.CultureInfo.InvariantCulture)));
        }
    }

    /// <summary>The terminator: records the call and fails as the context says (synchronously).</summary>
    public sealed class InvokeHandler : IPipelineTerminator<MessageContext>
    {
        public Task Terminate(MessageContext context)
        {
            var transport = context.Transport;
            transport.Terminated++;
            transport.Log.Add("handle:" + context.Value);
            if (transport.Fail(transport.Terminated) is { } exception) throw exception;
            return Task.CompletedTask;
        }
    }

    /// <summary>A terminator that fails after a real suspension, so the exception travels through awaits.</summary>
    public sealed class AsyncThrowingHandler : IPipelineTerminator<MessageContext>
    {
        public async Task Terminate(MessageContext context)
        {
            await Task.Yield();
            context.Transport.Terminated++;
            throw new InvalidOperationException("async failure " + context.Value);
        }
    }

    /// <summary>The struct-next shape of <see cref="LogBehavior"/>.</summary>
    public sealed class InlineLogBehavior : IInlineBehavior<TransportContext, TransportContext>
    {
        public async Task Invoke<TNext>(TransportContext context, TNext next) where TNext : struct, INext<TransportContext>
        {
            context.Log.Add("inline-log:before");
            await next.Invoke(context);
            context.Log.Add("inline-log:after");
        }
    }

    /// <summary>The struct-next shape of <see cref="DeserializeConnector"/>.</summary>
    public sealed class InlineDeserializeConnector : IInlineBehavior<TransportContext, MessageContext>
    {
        public Task Invoke<TNext>(TransportContext context, TNext next) where TNext : struct, INext<MessageContext>
        {
            context.Log.Add("inline-deserialize");
            return next.Invoke(new MessageContext(context, int.Parse(context.Body, System.Globalization.CultureInfo.InvariantCulture)));
        }
    }
}
