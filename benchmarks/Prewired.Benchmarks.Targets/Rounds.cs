using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Linq;

namespace Prewired.Benchmarks.Targets
{
    /// <summary>What one form measured: nanoseconds per call in each round.</summary>
    internal sealed class Measurement
    {
        public Measurement(Form form, double[] nanoseconds)
        {
            Form = form;
            Nanoseconds = nanoseconds;
        }

        public Form Form { get; }

        public double[] Nanoseconds { get; }

        /// <summary>The fastest round: other work on the machine can only slow a round down.</summary>
        public double Minimum => Nanoseconds.Min();

        public double Median
        {
            get
            {
                var sorted = Nanoseconds.OrderBy(n => n).ToArray();
                var middle = sorted.Length / 2;
                return sorted.Length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
            }
        }
    }

    /// <summary>
    /// Stopwatch rounds, the same code on Mono 6.8 and on .NET, with no toolchain of its own to build or launch
    /// (BenchmarkDotNet, which builds and starts a child process per benchmark, was not tried under Mono here): each form is warmed up and calibrated to a number of calls that takes about one round's time, then the forms
    /// of a shape run one round each in turn, starting from a different form every round, so that a change of machine load
    /// during the run reaches every form alike. The table reports each form's median over the rounds.
    /// </summary>
    internal sealed class Rounds
    {
        private readonly int _rounds;
        private readonly double _roundMilliseconds;

        public Rounds(int rounds, double roundMilliseconds)
        {
            _rounds = rounds;
            _roundMilliseconds = roundMilliseconds;
        }

        public IReadOnlyList<Measurement> Measure(IReadOnlyList<Form> forms)
        {
            var iterations = forms.Select(Calibrate).ToArray();
            var nanoseconds = forms.Select(_ => new double[_rounds]).ToArray();
            for (var round = 0; round < _rounds; round++)
            {
                for (var k = 0; k < forms.Count; k++)
                {
                    var f = (round + k) % forms.Count;
                    var ticks = forms[f].Time(iterations[f]);
                    nanoseconds[f][round] = ticks * (1e9 / Stopwatch.Frequency) / iterations[f];
                }
            }

            return forms.Select((form, f) => new Measurement(form, nanoseconds[f])).ToArray();
        }

        /// <summary>
        /// Doubles the calls until a run takes a tenth of a round, then scales to a round; the runs on the way are the
        /// warm-up (the JIT's tiers on .NET, Mono's JIT on the first call), and at least one full round more follows.
        /// </summary>
        private long Calibrate(Form form)
        {
            var tenth = _roundMilliseconds / 10 * Stopwatch.Frequency / 1000;
            long iterations = 1;
            long ticks;
            while ((ticks = form.Time(iterations)) < tenth && iterations < (1L << 40))
            {
                iterations *= 2;
            }

            var perRound = Math.Max(1, (long)(iterations * (tenth * 10) / Math.Max(1, ticks)));
            form.Time(perRound);
            return perRound;
        }
    }
}
