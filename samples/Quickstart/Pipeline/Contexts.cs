using System.Collections.Generic;

namespace Quickstart.Pipeline
{
    /// <summary>What arrives from the transport: a raw body. Stages write what they do to <see cref="Trace"/>.</summary>
    public sealed class TransportContext
    {
        public TransportContext(string body) => Body = body;

        public string Body { get; }

        /// <summary>When set, the handler fails this many times with a transient error before it succeeds.</summary>
        public int TransientFailures { get; set; }

        /// <summary>Where stages write what they did; null when nobody reads it (the timed calls), so tracing costs nothing.</summary>
        public List<string>? Trace { get; set; }

        public bool Tracing => Trace is not null;

        public void Write(string line) => Trace?.Add(line);
    }

    /// <summary>The next stage's context: the deserialized message.</summary>
    public sealed class MessageContext
    {
        public MessageContext(TransportContext transport, OrderPlaced message)
        {
            Transport = transport;
            Message = message;
        }

        public TransportContext Transport { get; }

        public OrderPlaced Message { get; }
    }

    public sealed record OrderPlaced(int OrderId, decimal Total);
}
