using System;
using System.Runtime.InteropServices;

namespace Prewired.Benchmarks.Generator
{
    /// <summary>
    /// CPU time of the calling thread (Linux; elsewhere zero). The driver runs the transforms on the calling thread while
    /// the compiler's parallel binding (its error checks) runs on others, so this is the run's critical path in
    /// CPU terms: on a machine other builds load, it still says what the wall clock of a quiet one would.
    /// </summary>
    internal static class ThreadCpu
    {
        private const int ClockThreadCpuTimeId = 3;

        public static TimeSpan Now()
        {
            if (!OperatingSystem.IsLinux() || clock_gettime(ClockThreadCpuTimeId, out var time) != 0) return TimeSpan.Zero;
            return TimeSpan.FromTicks(time.Seconds * TimeSpan.TicksPerSecond + time.Nanoseconds / 100);
        }

        [StructLayout(LayoutKind.Sequential)]
        private struct Timespec
        {
            public long Seconds;
            public long Nanoseconds;
        }

        [DllImport("libc", SetLastError = false)]
        private static extern int clock_gettime(int clockId, out Timespec time);
    }
}
