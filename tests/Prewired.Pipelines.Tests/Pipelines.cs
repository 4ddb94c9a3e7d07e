namespace Prewired.Pipelines.Tests
{
    [Pipeline(typeof(LogBehavior), typeof(RetryBehavior), typeof(DeserializeConnector), typeof(InvokeHandler))]
    public sealed partial class IncomingPipeline;

    [Pipeline(typeof(InlineLogBehavior), typeof(InlineDeserializeConnector), typeof(InvokeHandler))]
    public sealed partial class InlineIncomingPipeline;

    /// <summary>Both shapes in one chain, each next of the kind its consumer expects.</summary>
    [Pipeline(typeof(LogBehavior), typeof(InlineLogBehavior), typeof(RetryBehavior), typeof(InlineDeserializeConnector), typeof(InvokeHandler))]
    public sealed partial class MixedPipeline;

    [Pipeline(typeof(ReplayBehavior), typeof(LogBehavior), typeof(DeserializeConnector), typeof(InvokeHandler))]
    public sealed partial class ReplayPipeline;

    [Pipeline(typeof(LogBehavior), typeof(DeserializeConnector), typeof(AsyncThrowingHandler))]
    public sealed partial class AsyncFailingPipeline;
}
