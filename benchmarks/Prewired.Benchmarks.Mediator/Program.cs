using System;
using BenchmarkDotNet.Running;
using Prewired.Benchmarks.Common;

namespace Prewired.Benchmarks.Mediator
{
    public static class Program
    {
        /// <summary>
        /// Runs the benchmarks the command line selects (e.g. <c>--filter '*' --job short</c>); <c>--check</c> instead builds
        /// every form at every depth and verifies each returns the handler's response (exit code 1 on a mismatch);
        /// <c>--loop [depth]</c> and <c>--variants [depth]</c> are the Stopwatch probes of LoopProbe.cs.
        /// </summary>
        public static int Main(string[] args)
        {
            if (args.Length == 1 && args[0] == "--check")
            {
                foreach (var depth in new[] { 1, 5, 10, 20 })
                {
                    var benchmarks = new MediatorBenchmarks { Depth = depth };
                    try
                    {
                        benchmarks.Setup();
                        Console.WriteLine($"depth {depth}: every form returns the handler's response");
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

                return 0;
            }

            if (args.Length >= 1 && args[0] == "--variants")
            {
                LoopProbe.RunVariants(args.Length > 1 ? int.Parse(args[1]) : 20);
                return 0;
            }

            if (args.Length >= 1 && args[0] == "--loop")
            {
                LoopProbe.Run(args.Length > 1 ? int.Parse(args[1]) : 0);
                return 0;
            }

            BenchmarkSwitcher.FromAssembly(typeof(Program).Assembly).Run(args, SuiteConfig.Create());
            return 0;
        }
    }
}
