// Prewired Quickstart. From the repository root:
//
//     dotnet run -c Release --project samples/Quickstart
//
// For each await example it calls the plain async method and the Prewired-generated method side by side and prints what
// they return (including for bad input: both give the same faulted or canceled task, never a synchronous throw), the bytes
// each call allocates and a rough time per call; then it runs a generated [Pipeline] and prints what each stage did; then
// it lists the generated files so you can read them.
using System;
using System.Diagnostics;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Runtime.InteropServices;
using System.Threading;
using System.Threading.Tasks;

namespace Quickstart
{
    internal static class Program
    {
        private const int LabelWidth = 28;
        private const int ColumnWidth = 40;

        // Enough calls for GC.GetAllocatedBytesForCurrentThread to show a per-call allocation of even a few bytes.
        private const int AllocationCalls = 100_000;

        // The time per call is that of the fastest of many short rounds: on a busy machine it is the least disturbed one.
        private const int TimedRounds = 50;
        private const int TimedCallsPerRound = 20_000;

        // Long enough for tiered compilation to replace the first, unoptimized code of every method involved
        // (it waits for about 100 ms without new methods being compiled before it starts optimizing).
        private static readonly TimeSpan WarmUp = TimeSpan.FromMilliseconds(500);

        public static async Task Main()
        {
            Console.WriteLine("Prewired Quickstart: await fast paths generated at compile time");
            Console.WriteLine(RuntimeInformation.FrameworkDescription);

            var prices = new StockPrices();
            await prices.GetStockPriceForAsync("MSFT"); // The first call fills the cache (it awaits Task.Delay(42)).
            Console.WriteLine();
            Console.WriteLine("1. [FastPath] StockPrices.GetStockPriceFor(companyId) once the cache is filled:");
            Console.WriteLine("   the blog post's \"Optimization #3\", generated from the async method (StockPrices.cs)");
            Compare<StockPrices, decimal>(
                prices,
                "[FastPath] (generated)",
                new("\"MSFT\"", static p => p.GetStockPriceForAsync("MSFT"), static p => p.GetStockPriceForFastAsync("MSFT")),
                new("\"NOPE\" (not in the list)", static p => p.GetStockPriceForAsync("NOPE"), static p => p.GetStockPriceForFastAsync("NOPE")));

            var orders = new OrderStore(new InMemoryOrderSource());
            var canceled = new CancellationToken(canceled: true);
            Console.WriteLine();
            Console.WriteLine("2. [TailAwait] OrderStore.GetOrder(id, cancellationToken): argument checks, then");
            Console.WriteLine("   `return await` of a ValueTask that has already completed (OrderStore.cs)");
            Compare<OrderStore, Order>(
                orders,
                "[TailAwait] (generated)",
                new("id 7", static s => s.GetOrderAsync(7, default), static s => s.GetOrderFastAsync(7, default)),
                new("id 0 (invalid)", static s => s.GetOrderAsync(0, default), static s => s.GetOrderFastAsync(0, default)),
                new("id 7, token canceled", s => s.GetOrderAsync(7, canceled), s => s.GetOrderFastAsync(7, canceled)));

            Console.WriteLine();
            await Pipeline.PipelineDemo.RunAsync();

            Console.WriteLine();
            Console.WriteLine($"Times are rough: Stopwatch, fastest of {TimedRounds} rounds of {TimedCallsPerRound:N0} calls per form after warm-up, each");
            Console.WriteLine("call made through a delegate. For BenchmarkDotNet numbers of these shapes see docs/benchmarks.md.");

            Console.WriteLine();
            PrintGeneratedFiles();
        }

        /// <summary>One call made through both forms: the plain async method and the generated one.</summary>
        private sealed record Call<TState, TResult>(string Label, Func<TState, ValueTask<TResult>> Plain, Func<TState, ValueTask<TResult>> Generated);

        private readonly record struct Cost(long BytesPerCall, double NanosecondsPerCall);

        /// <summary>
        /// Prints one table: a column per form, a row per call with what the returned task holds, then the bytes allocated
        /// and the time per call of the first call (the one that completes synchronously).
        /// </summary>
        private static void Compare<TState, TResult>(TState state, string generatedName, params Call<TState, TResult>[] calls)
        {
            Console.WriteLine();
            Row(string.Empty, "async (plain)", generatedName);
            foreach (var call in calls)
            {
                Row(call.Label, Outcome(call.Plain, state), Outcome(call.Generated, state));
            }

            var (plain, generated) = Measure(state, calls[0].Plain, calls[0].Generated);
            Row("bytes allocated per call", Bytes(plain.BytesPerCall), Bytes(generated.BytesPerCall));
            Row("time per call (rough)", Nanoseconds(plain.NanosecondsPerCall), $"{Nanoseconds(generated.NanosecondsPerCall)}, {Speedup(plain.NanosecondsPerCall, generated.NanosecondsPerCall)}");
        }

        /// <summary>"2.1x faster" or, on a loaded machine where the rough timing can invert, "1.3x slower".</summary>
        internal static string Speedup(double baselineNanoseconds, double nanoseconds)
        {
            var ratio = baselineNanoseconds / nanoseconds;
            return ratio >= 1 ? $"{ratio:0.0}x faster" : $"{1 / ratio:0.0}x slower";
        }

        private static void Row(string label, string plain, string generated)
            => Console.WriteLine("   " + label.PadRight(LabelWidth) + plain.PadRight(ColumnWidth) + generated);

        private static string Bytes(long bytes) => bytes.ToString(CultureInfo.InvariantCulture) + " B";

        private static string Nanoseconds(double nanoseconds) => nanoseconds.ToString("0.0", CultureInfo.InvariantCulture) + " ns";

        /// <summary>What the returned task holds. An async method never throws at the call; it returns a faulted or canceled task.</summary>
        private static string Outcome<TState, TResult>(Func<TState, ValueTask<TResult>> call, TState state)
        {
            ValueTask<TResult> task;
            try
            {
                task = call(state);
            }
            catch (Exception exception)
            {
                return "threw " + exception.GetType().Name + " at the call";
            }

            if (task.IsCompletedSuccessfully) return Convert.ToString(task.Result, CultureInfo.InvariantCulture) ?? "null";
            if (task.IsCanceled) return "Canceled";
            if (task.IsFaulted) return "Faulted: " + task.AsTask().Exception!.InnerException!.GetType().Name;
            return "pending";
        }

        /// <summary>Bytes and nanoseconds per call of both forms, timed in alternating rounds so a change in the machine's load hits both.</summary>
        private static (Cost Plain, Cost Generated) Measure<TState, TResult>(
            TState state, Func<TState, ValueTask<TResult>> plain, Func<TState, ValueTask<TResult>> generated)
        {
            var warmUp = Stopwatch.StartNew();
            while (warmUp.Elapsed < WarmUp)
            {
                Run(state, plain, 10_000);
                Run(state, generated, 10_000);
            }

            var (plainBest, generatedBest) = (double.MaxValue, double.MaxValue);
            for (var round = 0; round < TimedRounds; round++)
            {
                plainBest = Math.Min(plainBest, NanosecondsPerCall(state, plain));
                generatedBest = Math.Min(generatedBest, NanosecondsPerCall(state, generated));
            }

            return (new Cost(BytesPerCall(state, plain), plainBest), new Cost(BytesPerCall(state, generated), generatedBest));
        }

        // Allocations are counted per thread, so nothing the runtime does on other threads (JIT, GC) is included.
        private static long BytesPerCall<TState, TResult>(TState state, Func<TState, ValueTask<TResult>> call)
        {
            var before = GC.GetAllocatedBytesForCurrentThread();
            Run(state, call, AllocationCalls);
            return (GC.GetAllocatedBytesForCurrentThread() - before) / AllocationCalls;
        }

        private static double NanosecondsPerCall<TState, TResult>(TState state, Func<TState, ValueTask<TResult>> call)
        {
            var stopwatch = Stopwatch.StartNew();
            Run(state, call, TimedCallsPerRound);
            return stopwatch.Elapsed.TotalNanoseconds / TimedCallsPerRound;
        }

        // Each result is consumed as a caller would consume it, as the blog post's benchmarks do.
        private static void Run<TState, TResult>(TState state, Func<TState, ValueTask<TResult>> call, int calls)
        {
            for (var i = 0; i < calls; i++)
            {
                call(state).GetAwaiter().GetResult();
            }
        }

        /// <summary>
        /// Lists the files the generator wrote for this project. The build passes their folder in (see Quickstart.csproj) and
        /// EmitCompilerGeneratedFiles=true makes the compiler write them there; in the IDE, F12 on a generated method opens them too.
        /// </summary>
        private static void PrintGeneratedFiles()
        {
            var metadata = typeof(Program).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>().ToDictionary(a => a.Key, a => a.Value);
            var projectDirectory = metadata["Quickstart.ProjectDirectory"]!;
            var generatedRoot = Path.GetFullPath(Path.Combine(projectDirectory, metadata["Quickstart.GeneratedFilesDirectory"]!));

            // One subfolder per generator: <generator assembly>/<generator type>.
            var folder = Path.Combine(generatedRoot, "Prewired.Generator", "Prewired.Generator.PrewiredGenerator");
            var relative = Path.GetRelativePath(projectDirectory, folder).Replace('\\', '/') + "/";
            if (!Directory.Exists(folder))
            {
                Console.WriteLine($"Generated code: {relative} does not exist in the project directory; build with EmitCompilerGeneratedFiles=true.");
                return;
            }

            Console.WriteLine($"Generated code, in {relative} of the project directory:");
            foreach (var file in Directory.GetFiles(folder, "*.cs").Select(Path.GetFileName).Order(StringComparer.Ordinal))
            {
                Console.WriteLine("   " + file);
            }
        }
    }
}
