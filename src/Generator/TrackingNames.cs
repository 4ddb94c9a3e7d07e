namespace Prewired.Generator
{
    /// <summary>Names of the tracked pipeline steps, asserted Cached/Unchanged by the caching tests.</summary>
    public static class TrackingNames
    {
        public const string TailAwaitModels = nameof(TailAwaitModels);
        public const string FastPathModels = nameof(FastPathModels);
        public const string NonNullTailAwaitModels = nameof(NonNullTailAwaitModels);
        public const string NonNullFastPathModels = nameof(NonNullFastPathModels);
        public const string PipelineModels = nameof(PipelineModels);
        public const string NonNullPipelineModels = nameof(NonNullPipelineModels);
        public const string HandlerModels = nameof(HandlerModels);
        public const string DiscoveredPipelines = nameof(DiscoveredPipelines);
        public const string SenderModel = nameof(SenderModel);
        public const string MessageModels = nameof(MessageModels);
        public const string Publishers = nameof(Publishers);
        public const string StreamPipelines = nameof(StreamPipelines);
    }
}
