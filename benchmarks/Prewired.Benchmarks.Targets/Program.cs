// The tiny body, the StockPrices shape and a pending await against their async bodies, on this process's runtime, in
// Stopwatch rounds; prints a markdown table (docs/benchmarks.md, "Other targets"). One process per runtime:
//
//     dotnet build benchmarks/Prewired.Benchmarks.Targets -c Release
//     mono benchmarks/Prewired.Benchmarks.Targets/bin/Release/net472/Prewired.Benchmarks.Targets.exe
//     dotnet benchmarks/Prewired.Benchmarks.Targets/bin/Release/net10.0/Prewired.Benchmarks.Targets.dll
//
// Options: --rounds N (15), --round-ms M (100: the time of one round of one form). Exit code 1 when a form returns
// something else than its async body.
using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using Prewired.Benchmarks.Shapes;

namespace Prewired.Benchmarks.Targets
{
    internal static class Program
    {
        private const string CompanyId = "MSFT";

        public static int Main(string[] args)
        {
            var rounds = (int)Option(args, "--rounds", 15);
            var roundMilliseconds = Option(args, "--round-ms", 100);

            var tiny = new TinyBody();
            var prices = new StockPrices();
            var yielding = new StockPrices(yieldOnEveryCall: true);
            // Fill both caches (the first call awaits a 42 ms delay), as BenchmarkDotNet's [GlobalSetup] does.
            prices.GetStockPriceForAsync(CompanyId).GetAwaiter().GetResult();
            yielding.GetStockPriceForAsync(CompanyId).GetAwaiter().GetResult();

            var shapes = new (string Shape, Form[] Forms)[]
            {
                ("Tiny body, static leaf", new Form[]
                {
                    new Form<TinyValueTask, int>("async ValueTask", new TinyValueTask(tiny), isAsyncBody: true),
                    new Form<TinyTask, int>("async Task", new TinyTask(tiny)),
                    new Form<TinyPureSync, int>("Pure sync", new TinyPureSync(tiny)),
                    new Form<TinyHandOpt3, int>("Hand-written Opt #3", new TinyHandOpt3(tiny)),
                    new Form<TinyFastPath, int>("[FastPath]", new TinyFastPath(tiny)),
                }),
                ("Tiny body, interface leaf (context guard)", new Form[]
                {
                    new Form<TinyInterfaceValueTask, int>("async ValueTask", new TinyInterfaceValueTask(tiny), isAsyncBody: true),
                    new Form<TinyInterfaceHandOpt3, int>("Hand-written Opt #3", new TinyInterfaceHandOpt3(tiny)),
                    new Form<TinyInterfaceFastPath, int>("[FastPath]", new TinyInterfaceFastPath(tiny)),
                }),
                ("StockPrices, synchronous completion", new Form[]
                {
                    new Form<StockValueTask, decimal>("async ValueTask", new StockValueTask(prices, CompanyId), isAsyncBody: true),
                    new Form<StockTask, decimal>("async Task", new StockTask(prices, CompanyId)),
                    new Form<StockPureSync, decimal>("Pure sync", new StockPureSync(prices, CompanyId)),
                    new Form<StockHandOpt3, decimal>("Hand-written Opt #3", new StockHandOpt3(prices, CompanyId)),
                    new Form<StockFastPath, decimal>("[FastPath]", new StockFastPath(prices, CompanyId)),
                }),
                ("StockPrices, pending await (Task.Yield every call)", new Form[]
                {
                    new Form<StockValueTask, decimal>("async ValueTask", new StockValueTask(yielding, CompanyId), isAsyncBody: true),
                    new Form<StockTask, decimal>("async Task", new StockTask(yielding, CompanyId)),
                    new Form<StockHandOpt3, decimal>("Hand-written Opt #3", new StockHandOpt3(yielding, CompanyId)),
                    new Form<StockFastPath, decimal>("[FastPath]", new StockFastPath(yielding, CompanyId)),
                }),
            };

            foreach (var (shape, forms) in shapes)
            {
                var expected = forms.Single(f => f.IsAsyncBody).Result();
                foreach (var form in forms)
                {
                    if (form.Result() != expected)
                    {
                        Console.Error.WriteLine($"{shape}: {form.Name} returned {form.Result()}, its async body {expected}");
                        return 1;
                    }
                }
            }

            Console.WriteLine($"Runtime: {RunningOn.Runtime} ({RunningOn.Program}); Prewired.dll {RunningOn.BuildOf(typeof(FastPathAttribute))}, bodies {RunningOn.BuildOf(typeof(TinyBody))}");
            Console.WriteLine($"Machine: {Environment.ProcessorCount} logical processors; load average at start {RunningOn.LoadAverage()}");
            Console.WriteLine($"Rounds: {rounds} per form of about {roundMilliseconds.ToString(CultureInfo.InvariantCulture)} ms each, taken in turn; median, min and max ns per call; the ratio of the minima is the steadier one on a loaded machine (a round can only be slowed by other work)");
            Console.WriteLine();
            Console.WriteLine("| Shape | Form | ns/op (median) | min - max | Ratio to the async body (medians) | Ratio (minima) |");
            Console.WriteLine("|---|---|---:|---:|---:|---:|");
            var timer = new Rounds(rounds, roundMilliseconds);
            foreach (var (shape, forms) in shapes)
            {
                var measured = timer.Measure(forms);
                var body = measured.Single(m => m.Form.IsAsyncBody);
                foreach (var m in measured)
                {
                    Console.WriteLine($"| {shape} | {m.Form.Name} | {Format(m.Median)} | {Format(m.Minimum)} - {Format(m.Nanoseconds.Max())} | {Ratio(m.Median, body.Median)} | {Ratio(m.Minimum, body.Minimum)} |");
                }
            }

            Console.WriteLine();
            Console.WriteLine($"Load average at the end: {RunningOn.LoadAverage()}");
            return 0;
        }

        private static string Ratio(double value, double baseline) => (value / baseline).ToString("0.00", CultureInfo.InvariantCulture);

        private static string Format(double nanoseconds)
            => nanoseconds.ToString(nanoseconds < 100 ? "0.00" : "#,0", CultureInfo.InvariantCulture);

        private static double Option(string[] args, string name, double fallback)
        {
            var index = Array.IndexOf(args, name);
            return index >= 0 && index + 1 < args.Length ? double.Parse(args[index + 1], CultureInfo.InvariantCulture) : fallback;
        }
    }
}
