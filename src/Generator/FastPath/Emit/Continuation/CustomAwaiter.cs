namespace Prewired.Generator.FastPath
{
    /// <summary>
    /// A user-defined awaitable's awaiter. The async method calls GetAwaiter once and IsCompleted once per await; a
    /// continuation that awaited the awaitable again would repeat both, which its author can observe. So the synchronous
    /// path keeps the awaiter it already asked and hands it over as it is: the state machine keeps it in its awaiter field
    /// and registers it with AwaitUnsafeOnCompleted when it is an ICriticalNotifyCompletion, else with AwaitOnCompleted,
    /// as the compiler's does.
    /// </summary>
    internal sealed class CustomAwaiter
    {
        public CustomAwaiter(string awaiterType, string? resultType, bool isCritical)
        {
            AwaiterType = awaiterType;
            ResultType = resultType;
            IsCritical = isCritical;
        }

        public string AwaiterType { get; }

        /// <summary>The type GetResult returns; null for void.</summary>
        public string? ResultType { get; }

        public bool IsCritical { get; }
    }
}
