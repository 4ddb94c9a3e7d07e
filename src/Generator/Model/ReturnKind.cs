namespace Prewired.Generator.Model
{
    /// <summary>The task-like shapes a generated method may return; anything else is diagnostic PW0006.</summary>
    internal enum ReturnKind
    {
        Task,
        TaskOfT,
        ValueTask,
        ValueTaskOfT,
    }

    internal static class ReturnKindExtensions
    {
        public static bool HasResult(this ReturnKind kind) => kind is ReturnKind.TaskOfT or ReturnKind.ValueTaskOfT;

        public static bool IsValueTask(this ReturnKind kind) => kind is ReturnKind.ValueTask or ReturnKind.ValueTaskOfT;
    }
}
