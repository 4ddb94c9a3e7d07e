using System;
using System.Diagnostics;
using System.Linq;

namespace Quickstart.Measurement
{
    /// <summary>What one form measured: nanoseconds per call (best and median round) and bytes allocated per call.</summary>
    internal readonly record struct Measured(double BestNanoseconds, double MedianNanoseconds, long BytesPerCall);

    /// <summary>The forms' measurements, and how the last form compares with each other form.</summary>
    internal sealed record Comparisons(Measured[] Forms, double[] MedianRatioToLast);

    /// <summary>
    /// Measures forms side by side so that the comparison survives a busy machine. The forms run in interleaved rounds:
    /// every round runs each form once, back to back, so a change in the machine's load (another process on the other
    /// core, a build starting) hits all of them alike. A round of every form lasts about as long, a fraction of a time
    /// slice, so a preemption spoils a round of one form now and then rather than most rounds of the slowest form. A form's
    /// time is its best round (the least disturbed); a comparison is the median, over the rounds, of the ratio within a
    /// round, which a spoiled round does not move.
    /// </summary>
    internal static class Comparison
    {
        public const int Rounds = 101;

        private static readonly TimeSpan RoundLength = TimeSpan.FromMilliseconds(0.25);

        // Tiered compilation first runs unoptimized code and recompiles a method after 30 calls and 100 ms without new
        // compilations, on a background thread. The warm-up runs every form until two passes in a row compile nothing
        // new, so all of them are measured optimized, also when a loaded machine delays that thread.
        private static readonly TimeSpan WarmUpPass = TimeSpan.FromMilliseconds(300);
        private static readonly TimeSpan WarmUpLimit = TimeSpan.FromSeconds(20);

        public static Comparisons Run(params Form[] forms)
        {
            WarmUp(forms);
            var calls = forms.Select(CallsPerRound).ToArray();
            var times = forms.Select(_ => new double[Rounds]).ToArray();
            for (var round = 0; round < Rounds; round++)
            {
                // The order rotates: no form always runs first after a pause.
                for (var k = 0; k < forms.Length; k++)
                {
                    var f = (round + k) % forms.Length;
                    times[f][round] = Time(forms[f], calls[f]).TotalNanoseconds / calls[f];
                }
            }

            var measured = forms.Select((form, f) =>
            {
                var sorted = times[f].Order().ToArray();
                return new Measured(sorted[0], sorted[Rounds / 2], BytesPerCall(form, calls[f]));
            }).ToArray();
            var last = forms.Length - 1;
            var ratios = forms.Select((_, f) => Median(Enumerable.Range(0, Rounds).Select(r => times[f][r] / times[last][r]))).ToArray();
            return new Comparisons(measured, ratios);
        }

        private static double Median(System.Collections.Generic.IEnumerable<double> values)
        {
            var sorted = values.Order().ToArray();
            return sorted[sorted.Length / 2];
        }

        private static void WarmUp(Form[] forms)
        {
            var total = Stopwatch.StartNew();
            var compiled = -1L;
            var quietPasses = 0;
            while (quietPasses < 2 && total.Elapsed < WarmUpLimit)
            {
                var pass = Stopwatch.StartNew();
                while (pass.Elapsed < WarmUpPass)
                {
                    foreach (var form in forms) form.Loop(100);
                }

                var now = System.Runtime.JitInfo.GetCompiledMethodCount(currentThread: false);
                quietPasses = now == compiled ? quietPasses + 1 : 0;
                compiled = now;
            }
        }

        /// <summary>Calls for one round of <paramref name="form"/>: enough for <see cref="RoundLength"/> (its best of three tries).</summary>
        private static int CallsPerRound(Form form)
        {
            var calls = 100;
            while (calls < 100_000_000 && Enumerable.Range(0, 3).Min(_ => Time(form, calls)) < RoundLength)
            {
                calls *= 2;
            }

            return calls;
        }

        private static TimeSpan Time(Form form, int calls)
        {
            var start = Stopwatch.GetTimestamp();
            form.Loop(calls);
            return Stopwatch.GetElapsedTime(start);
        }

        // Counted per thread, so nothing the runtime allocates on other threads (JIT, GC) is included.
        private static long BytesPerCall(Form form, int calls)
        {
            var before = GC.GetAllocatedBytesForCurrentThread();
            form.Loop(calls);
            return (long)Math.Round((double)(GC.GetAllocatedBytesForCurrentThread() - before) / calls);
        }
    }
}
