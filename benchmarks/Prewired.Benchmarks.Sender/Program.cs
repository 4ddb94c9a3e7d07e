using System;
using BenchmarkDotNet.Running;
using Prewired.Benchmarks.Common;

namespace Prewired.Benchmarks.Sender
{
    public static class Program
    {
        /// <summary>
        /// Runs the benchmarks the command line selects (e.g. <c>--filter '*' --job short</c>); <c>--check</c> instead builds
        /// both containers, verifies the wiring (WiringCheck.cs; exit code 1 on a mismatch) and prints the bytes each call
        /// allocates, in seconds and without timing anything.
        /// </summary>
        public static int Main(string[] args)
        {
            if (args.Length == 1 && args[0] == "--check")
            {
                var benchmarks = new SenderBenchmarks();
                try
                {
                    benchmarks.Setup();
                    Console.WriteLine("Both sides wired alike: responses, behavior counts, every handler once per publish, the same stream.");
                    Console.WriteLine("Bytes allocated per call (GC.GetAllocatedBytesForCurrentThread over 1,000 calls):");
                    foreach (var (name, bytes) in WiringCheck.AllocationPerCall(benchmarks)) Console.WriteLine($"  {name,-32} {bytes,8:0.#} B");
                    return 0;
                }
                catch (InvalidOperationException exception)
                {
                    Console.WriteLine(exception.Message);
                    return 1;
                }
                finally
                {
                    benchmarks.Cleanup();
                }
            }

            BenchmarkSwitcher.FromAssembly(typeof(Program).Assembly).Run(args, SuiteConfig.Create());
            return 0;
        }
    }
}
