using System;
using System.Globalization;
using System.Threading.Tasks;
using Prewired;

namespace Quickstart.Pipeline
{
    /// <summary>Logs around the rest of the pipeline. Written exactly as an NServiceBus behavior, but with <c>using Prewired</c>.</summary>
    public sealed class LogBehavior : IBehavior<TransportContext, TransportContext>
    {
        public async Task Invoke(TransportContext context, Func<TransportContext, Task> next)
        {
            if (context.Tracing) context.Write("log: received " + context.Body);
            await next(context);
            if (context.Tracing) context.Write("log: done");
        }
    }

    /// <summary>Runs the rest of the pipeline again after a transient failure: next may be called several times, one after another.</summary>
    public sealed class RetryBehavior : IBehavior<TransportContext, TransportContext>
    {
        private const int Attempts = 3;

        public async Task Invoke(TransportContext context, Func<TransportContext, Task> next)
        {
            for (var attempt = 1; ; attempt++)
            {
                try
                {
                    await next(context);
                    return;
                }
                catch (TimeoutException exception) when (attempt < Attempts)
                {
                    context.Write($"retry: attempt {attempt} failed ({exception.Message}), trying again");
                }
            }
        }
    }

    /// <summary>The stage connector: turns the body into an <see cref="OrderPlaced"/> and passes the next stage's context on.</summary>
    public sealed class DeserializeConnector : IBehavior<TransportContext, MessageContext>
    {
        public Task Invoke(TransportContext context, Func<MessageContext, Task> next)
        {
            var body = context.Body.AsSpan();
            var colon = body.IndexOf(':');
            var message = new OrderPlaced(int.Parse(body[..colon], CultureInfo.InvariantCulture), decimal.Parse(body[(colon + 1)..], CultureInfo.InvariantCulture));
            if (context.Tracing) context.Write($"deserialize: {message}");
            return next(new MessageContext(context, message));
        }
    }

    /// <summary>The terminator: handles the message.</summary>
    public sealed class HandleOrderPlaced : IPipelineTerminator<MessageContext>
    {
        public Task Terminate(MessageContext context)
        {
            var transport = context.Transport;
            if (transport.TransientFailures > 0)
            {
                transport.TransientFailures--;
                throw new TimeoutException("database busy");
            }

            if (transport.Tracing) transport.Write($"handle: order {context.Message.OrderId} for {context.Message.Total.ToString(CultureInfo.InvariantCulture)}");
            return Task.CompletedTask;
        }
    }

    /// <summary>The whole chain, wired at compile time: the generator writes the constructor and Invoke.</summary>
    [Pipeline(typeof(LogBehavior), typeof(RetryBehavior), typeof(DeserializeConnector), typeof(HandleOrderPlaced))]
    public sealed partial class IncomingPipeline;
}
