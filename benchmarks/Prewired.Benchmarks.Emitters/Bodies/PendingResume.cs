// The 8-await body of issue 19 point 3: resumption at the first, a middle and the last await, compiled by both emitters.
using System;
using System.Runtime.CompilerServices;
using System.Threading.Tasks;
using System.Threading.Tasks.Sources;

namespace Prewired.Benchmarks.Shapes
{
    /// <summary>
    /// Reads whose result is complete except at one index, where the ValueTask is pending and completes inside OnCompleted,
    /// invoking the continuation there. So the pending path (the hand-off to the continuation, its suspension and its
    /// resumption) runs to the end on the calling thread without a thread-pool hop whose cost would drown it.
    /// </summary>
    public sealed class ResumeSource : IValueTaskSource<int>
    {
        private bool _completed;

        /// <summary>The index of the one read that is pending (none when out of 0..7).</summary>
        public int PendingAt { get; set; } = -1;

        [MethodImpl(MethodImplOptions.NoInlining)]
        public ValueTask<int> Read(int index)
        {
            if (index != PendingAt)
            {
                return new ValueTask<int>(index + 1);
            }

            _completed = false;
            return new ValueTask<int>(this, 0);
        }

        public ValueTaskSourceStatus GetStatus(short token) => _completed ? ValueTaskSourceStatus.Succeeded : ValueTaskSourceStatus.Pending;

        public int GetResult(short token) => PendingAt + 1;

        public void OnCompleted(Action<object?> continuation, object? state, short token, ValueTaskSourceOnCompletedFlags flags)
        {
            _completed = true;
            continuation(state);
        }
    }

    /// <summary>Eight awaits in sequence, each result live until the end (the live state grows with each await).</summary>
    public partial class PendingResume
    {
        private readonly ResumeSource _source = new ResumeSource();

        public ResumeSource Source => _source;

        [FastPath(nameof(SumCoreAsync))]
        public partial ValueTask<int> SumFastPathAsync();

        /// <summary>The body: also the benchmarks' async baseline, called as it is.</summary>
        public async ValueTask<int> SumCoreAsync()
        {
            var a0 = await _source.Read(0);
            var a1 = await _source.Read(1);
            var a2 = await _source.Read(2);
            var a3 = await _source.Read(3);
            var a4 = await _source.Read(4);
            var a5 = await _source.Read(5);
            var a6 = await _source.Read(6);
            var a7 = await _source.Read(7);
            return a0 + 2 * a1 + 3 * a2 + 4 * a3 + 5 * a4 + 6 * a5 + 7 * a6 + 8 * a7;
        }
    }
}
