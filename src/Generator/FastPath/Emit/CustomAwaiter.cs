using Prewired.Generator.Emit;

namespace Prewired.Generator.FastPath
{
    /// <summary>
    /// A user-defined awaitable. The async method calls GetAwaiter once and IsCompleted once per await; a continuation
    /// that awaited the awaitable again would repeat both, which its author can observe. So the synchronous path keeps the
    /// awaiter it already asked. The state-machine continuation keeps it in its awaiter field as it is
    /// (<see cref="ContinuationLayout.Machine"/>); only the async-method continuation takes it in a small generated struct that answers IsCompleted with the false
    /// already seen and forwards the rest, implementing ICriticalNotifyCompletion only when the awaiter does, so the
    /// builder takes the same OnCompleted or UnsafeOnCompleted path as for the original. A later pass of that await in the
    /// one continuation awaits the operand itself; only where it is stored into the slot before its label (an operand
    /// reading a local the dispatch skips) is its awaiter wrapped, marked fresh (<see cref="Fresh"/>): that wrapper asks
    /// the awaiter's IsCompleted itself, once, as the async method does.
    /// </summary>
    internal sealed class CustomAwaiter
    {
        public CustomAwaiter(string wrapperName, string awaiterType, string? resultType, bool isCritical)
        {
            WrapperName = wrapperName;
            AwaiterType = awaiterType;
            ResultType = resultType;
            IsCritical = isCritical;
        }

        public string WrapperName { get; }

        public string AwaiterType { get; }

        /// <summary>The type GetResult returns; null for void.</summary>
        public string? ResultType { get; }

        public bool IsCritical { get; }

        /// <summary>The wrapper of an awaiter not asked yet: <paramref name="operand"/>'s, on a pass of the continuation.</summary>
        public string Fresh(string operand) => $"new {WrapperName}(({operand}).GetAwaiter(), fresh: true)";

        public CodeLines Declaration()
        {
            var lines = new CodeLines();
            var notify = IsCritical ? "global::System.Runtime.CompilerServices.ICriticalNotifyCompletion" : "global::System.Runtime.CompilerServices.INotifyCompletion";
            lines.Line($"private struct {WrapperName} : {notify}");
            lines.OpenBrace();
            lines.Line($"private {AwaiterType} _awaiter;");
            lines.Line("private readonly bool _fresh;");
            lines.Line($"public {WrapperName}({AwaiterType} awaiter) : this(awaiter, false) {{ }}");
            lines.Line($"public {WrapperName}({AwaiterType} awaiter, bool fresh) {{ _awaiter = awaiter; _fresh = fresh; }}");
            lines.Line($"public {WrapperName} GetAwaiter() => this;");
            lines.Line("public bool IsCompleted => _fresh && _awaiter.IsCompleted; // handed over: the synchronous path asked once and saw false");
            lines.Line(ResultType is null ? "public void GetResult() => _awaiter.GetResult();" : $"public {ResultType} GetResult() => _awaiter.GetResult();");
            lines.Line("public void OnCompleted(global::System.Action continuation) => _awaiter.OnCompleted(continuation);");
            if (IsCritical) lines.Line("public void UnsafeOnCompleted(global::System.Action continuation) => _awaiter.UnsafeOnCompleted(continuation);");
            lines.CloseBrace();
            return lines;
        }
    }
}
