using System.Collections.Generic;
using System.Threading.Tasks;

namespace Prewired.Pipelines.Tests
{
    public sealed class AuditLog
    {
        public List<string> Entries { get; } = new();
    }

    public sealed class AuditContext
    {
        public AuditContext(string text) => Text = text;

        public string Text { get; }
    }

    public sealed class AuditWriter : IPipelineTerminator<AuditContext>
    {
        private readonly AuditLog _log;

        public AuditWriter(AuditLog log) => _log = log;

        public Task Terminate(AuditContext context)
        {
            _log.Entries.Add("audit:" + context.Text);
            return Task.CompletedTask;
        }
    }

    [Pipeline(typeof(AuditWriter))]
    public sealed partial class AuditPipeline;

    /// <summary>A fork: a behavior that runs another pipeline (taken as its interface) and then goes on.</summary>
    public sealed class ForkToAudit : IBehavior<TransportContext, TransportContext>
    {
        private readonly IPipeline<AuditContext> _audit;

        public ForkToAudit(IPipeline<AuditContext> audit) => _audit = audit;

        public async Task Invoke(TransportContext context, System.Func<TransportContext, Task> next)
        {
            context.Log.Add("fork");
            await _audit.Invoke(new AuditContext(context.Body));
            await next(context);
        }
    }

    [Pipeline(typeof(ForkToAudit), typeof(DeserializeConnector), typeof(InvokeHandler))]
    public sealed partial class ForkingPipeline;
}
