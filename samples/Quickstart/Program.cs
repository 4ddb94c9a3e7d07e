// Prewired Quickstart. From the repository root:
//
//     dotnet run -c Release --project samples/Quickstart
//
// For each await example it calls the plain async method and the Prewired-generated method side by side and prints what
// they return (including for bad input: both give the same faulted or canceled task, never a synchronous throw); then it
// measures the shapes README.md quotes, per call, and prints the published BenchmarkDotNet figures next to the ones
// measured now (Measurement/: interleaved rounds, best and median); then it runs a generated [Pipeline] and prints what
// each stage did; then it lists the generated files so you can read them.
using System;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Runtime.InteropServices;
using System.Threading;
using System.Threading.Tasks;
using Quickstart.Measurement;

namespace Quickstart
{
    internal static class Program
    {
        private const int LabelWidth = 28;
        private const int ColumnWidth = 40;

        public static async Task Main()
        {
            Console.WriteLine("Prewired Quickstart: await fast paths generated at compile time");
            Console.WriteLine($"{RuntimeInformation.FrameworkDescription}, {Environment.ProcessorCount} logical processors");

            var prices = new StockPrices();
            await prices.GetStockPriceForAsync("MSFT"); // The first call fills the cache (it awaits Task.Delay(42)).
            Console.WriteLine();
            Console.WriteLine("1. [FastPath] StockPrices.GetStockPriceFor(companyId) once the cache is filled:");
            Console.WriteLine("   the blog post's \"Optimization #3\", generated from the async method (StockPrices.cs)");
            Outcomes<StockPrices, decimal>(
                prices,
                "[FastPath] (generated)",
                new("\"MSFT\"", static p => p.GetStockPriceForAsync("MSFT"), static p => p.GetStockPriceForFastAsync("MSFT")),
                new("\"NOPE\" (not in the list)", static p => p.GetStockPriceForAsync("NOPE"), static p => p.GetStockPriceForFastAsync("NOPE")));

            Console.WriteLine();
            Console.WriteLine("   Its cost: the Task the blog's first version allocates on every call, then the state machine ValueTask");
            Console.WriteLine("   still runs (published: docs/benchmarks.md (a); each call also searches 101 cached prices):");
            Measure(
                Form.Of("async Task<decimal>", new StockPricesTaskCall(prices), new Published(137.11, 80)),
                Form.Of("async ValueTask<decimal>", new StockPricesValueTaskCall(prices), new Published(111.82, 0)),
                Form.Of("[FastPath] (generated)", new StockPricesFastPathCall(prices), new Published(86.07, 0)));

            Console.WriteLine();
            Console.WriteLine("   The async machinery alone, README's tiny body: await a completed ValueTask<int>, add 1 (TinyBody.cs):");
            var tiny = new TinyBody();
            Measure(
                Form.Of("async ValueTask<int>", new TinyAsyncCall(tiny), new Published(4.4, 0)),
                Form.Of("[FastPath] (generated)", new TinyFastPathCall(tiny), new Published(1.0, 0)));

            var orders = new OrderStore(new InMemoryOrderSource());
            var canceled = new CancellationToken(canceled: true);
            Console.WriteLine();
            Console.WriteLine("2. [TailAwait] OrderStore.GetOrder(id, cancellationToken): argument checks, then");
            Console.WriteLine("   `return await` of a ValueTask that has already completed (OrderStore.cs)");
            Outcomes<OrderStore, Order>(
                orders,
                "[TailAwait] (generated)",
                new("id 7", static s => s.GetOrderAsync(7, default), static s => s.GetOrderFastAsync(7, default)),
                new("id 0 (invalid)", static s => s.GetOrderAsync(0, default), static s => s.GetOrderFastAsync(0, default)),
                new("id 7, token canceled", s => s.GetOrderAsync(7, canceled), s => s.GetOrderFastAsync(7, canceled)));

            Console.WriteLine();
            Console.WriteLine("   Its cost, README's chain: five layers that only `return await` the layer below (Chain.cs):");
            Measure(
                Form.Of("five async/await layers", new AsyncChainCall(new AsyncChain()), new Published(28.0, 0)),
                Form.Of("five [TailAwait] layers", new TailAwaitChainCall(new TailAwaitChain()), new Published(9.8, 0)));

            Console.WriteLine();
            await Pipeline.PipelineDemo.RunAsync();

            Console.WriteLine();
            Console.WriteLine("Published: BenchmarkDotNet ShortRun, .NET 10, 2 vCPUs (README.md, docs/benchmarks.md). Measured now: after a");
            Console.WriteLine($"warm-up that lasts until the JIT compiles nothing new, {Comparison.Rounds} rounds that each run every form for about");
            Console.WriteLine("0.25 ms, back to back. A form's time is its best round (the median in parentheses); \"x faster\" is the median of");
            Console.WriteLine("the ratios within a round, which a busy machine moves least. Bytes: GC.GetAllocatedBytesForCurrentThread.");

            Console.WriteLine();
            PrintGeneratedFiles();
        }

        private static void Measure(params Form[] forms) => Report.Print(forms, Comparison.Run(forms));

        /// <summary>One call made through both forms: the plain async method and the generated one.</summary>
        private sealed record Call<TState, TResult>(string Label, Func<TState, ValueTask<TResult>> Plain, Func<TState, ValueTask<TResult>> Generated);

        /// <summary>Prints one table: a column per form, a row per call with what the returned task holds.</summary>
        private static void Outcomes<TState, TResult>(TState state, string generatedName, params Call<TState, TResult>[] calls)
        {
            Console.WriteLine();
            Row(string.Empty, "async (plain)", generatedName);
            foreach (var call in calls)
            {
                Row(call.Label, Outcome(call.Plain, state), Outcome(call.Generated, state));
            }
        }

        private static void Row(string label, string plain, string generated)
            => Console.WriteLine("   " + label.PadRight(LabelWidth) + plain.PadRight(ColumnWidth) + generated);

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
