using System;
using System.Collections.Generic;
using System.Globalization;
using System.Threading.Tasks;

namespace Prewired.AotApp
{
    public sealed class Envelope
    {
        public Envelope(string body) => Body = body;

        public string Body { get; }

        public List<string> Log { get; } = new();

        /// <summary>How the handler fails: "sync", "async" or "" (succeeds).</summary>
        public string Fail { get; init; } = "";
    }

    public sealed class Message
    {
        public Message(Envelope envelope, int value)
        {
            Envelope = envelope;
            Value = value;
        }

        public Envelope Envelope { get; }

        public int Value { get; }
    }

    public sealed class Audit
    {
        public List<string> Entries { get; } = new();
    }

    /// <summary>An async behavior in the NServiceBus shape.</summary>
    public sealed class Log : IBehavior<Envelope, Envelope>
    {
        public async Task Invoke(Envelope context, Func<Envelope, Task> next)
        {
            context.Log.Add("log>");
            await next(context);
            context.Log.Add("<log");
        }
    }

    /// <summary>Calls next three times, one after another.</summary>
    public sealed class Replay : IBehavior<Envelope, Envelope>
    {
        public async Task Invoke(Envelope context, Func<Envelope, Task> next)
        {
            for (var i = 0; i < 3; i++) await next(context);
        }
    }

    /// <summary>The struct-next shape.</summary>
    public sealed class Measure : IInlineBehavior<Envelope, Envelope>
    {
        public async Task Invoke<TNext>(Envelope context, TNext next) where TNext : struct, INext<Envelope>
        {
            context.Log.Add("measure>");
            await next.Invoke(context);
            context.Log.Add("<measure");
        }
    }

    /// <summary>A connector in the delegate shape.</summary>
    public sealed class Parse : IBehavior<Envelope, Message>
    {
        public Task Invoke(Envelope context, Func<Message, Task> next)
        {
            context.Log.Add("parse");
            return next(new Message(context, int.Parse(context.Body, CultureInfo.InvariantCulture)));
        }
    }

    /// <summary>A connector in the struct shape.</summary>
    public sealed class InlineParse : IInlineBehavior<Envelope, Message>
    {
        public Task Invoke<TNext>(Envelope context, TNext next) where TNext : struct, INext<Message>
        {
            context.Log.Add("inline-parse");
            return next.Invoke(new Message(context, int.Parse(context.Body, CultureInfo.InvariantCulture)));
        }
    }

    /// <summary>Forks into the audit pipeline, then goes on.</summary>
    public sealed class ForkToAudit : IBehavior<Envelope, Envelope>
    {
        private readonly IPipeline<AuditEntry> _audit;

        public ForkToAudit(IPipeline<AuditEntry> audit) => _audit = audit;

        public async Task Invoke(Envelope context, Func<Envelope, Task> next)
        {
            context.Log.Add("fork");
            await _audit.Invoke(new AuditEntry(context.Body));
            await next(context);
        }
    }

    public sealed class AuditEntry
    {
        public AuditEntry(string text) => Text = text;

        public string Text { get; }
    }

    public sealed class WriteAudit : IPipelineTerminator<AuditEntry>
    {
        private readonly Audit _audit;

        public WriteAudit(Audit audit) => _audit = audit;

        public Task Terminate(AuditEntry context)
        {
            _audit.Entries.Add(context.Text);
            return Task.CompletedTask;
        }
    }

    /// <summary>The terminator: fails synchronously or after a real suspension when the envelope says so.</summary>
    public sealed class Handle : IPipelineTerminator<Message>
    {
        public Task Terminate(Message context)
        {
            context.Envelope.Log.Add("handle:" + context.Value);
            return context.Envelope.Fail switch
            {
                "sync" => throw new InvalidOperationException("sync handler failure"),
                "async" => FailLater(),
                _ => Task.CompletedTask,
            };
        }

        private static async Task FailLater()
        {
            await Task.Yield();
            throw new InvalidOperationException("async handler failure");
        }
    }
}
