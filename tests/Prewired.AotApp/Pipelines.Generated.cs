#if !PREWIRED_PLAIN
namespace Prewired.AotApp
{
    // The pipelines the app runs, generated. Built with -p:AotVariant=plain, Pipelines.RuntimePrewired.cs replaces them.
    [Pipeline(typeof(Log), typeof(Parse), typeof(Handle))]
    public sealed partial class DelegatePipeline;

    [Pipeline(typeof(Measure), typeof(InlineParse), typeof(Handle))]
    public sealed partial class InlinePipeline;

    [Pipeline(typeof(Log), typeof(Measure), typeof(Replay), typeof(Parse), typeof(Handle))]
    public sealed partial class MixedReplayPipeline;

    [Pipeline(typeof(WriteAudit))]
    public sealed partial class AuditPipeline;

    [Pipeline(typeof(ForkToAudit), typeof(Log), typeof(InlineParse), typeof(Handle))]
    public sealed partial class ForkingPipeline;
}
#endif
