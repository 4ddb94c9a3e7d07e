using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Environments;
using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Toolchains.NativeAot;
using Prewired.Benchmarks.Shapes;

namespace Prewired.Benchmarks
{
    /// <summary>
    /// The context guard's own cost (issue 20 point 4): the tiny body over an interface leaf, whose [FastPath] method the
    /// generator guards, beside the same body with the guard turned off (AssumeContextUnchanged = true), in two jobs of one
    /// run: the guard reading the thread's fields (the default on .NET 8+) and the guard on the public APIs (the AppContext
    /// switch Prewired.ContextGuard.UsePublicApis, set by the global setup when the job's environment asks for it). Guarded
    /// minus unguarded, per job, is what the guard costs; the target is the guarded row at most 0.60 of its async body. A
    /// third job runs the thread-fields path compiled with NativeAOT. The builder's own check written around hand-written
    /// Opt #3 (<see cref="BuilderContextCheck"/>) is the floor of a guard that reads what the builder reads.
    /// <para>
    /// The switch is not set in the project (a RuntimeHostConfigurationOption under a condition): BenchmarkDotNet copies a
    /// project's RuntimeHostConfigurationOption items into every job's generated project, condition or not, so every job
    /// ran on the public APIs. The global setup prints the path each process takes.
    /// </para>
    /// </summary>
    [MemoryDiagnoser]
    [Config(typeof(GuardPathsConfig))]
    [ReturnValueValidator(failOnError: true)]
    public class ContextGuardBenchmarks
    {
        private readonly TinyBody _tinyBody = new TinyBody();

        private const string PublicApisVariable = "PREWIRED_GUARD_PUBLIC_APIS";

        /// <summary>
        /// Sets the switch for the public APIs' job, before anything reads it (the guard's path is chosen once, on first
        /// use), and prints which path this job's guard takes, read from the runtime library itself (the log shows it).
        /// </summary>
        [GlobalSetup]
        public void ChooseAndReportGuardPath()
        {
            if (System.Environment.GetEnvironmentVariable(PublicApisVariable) == "1") System.AppContext.SetSwitch("Prewired.ContextGuard.UsePublicApis", true);
            // Type.GetType and GetField with literals: the trimmer keeps the field, so the NativeAOT job reports its path too.
            var fields = System.Type.GetType("Prewired.CompilerServices.ThreadContextFields, Prewired");
            var available = fields?.GetField("Available", System.Reflection.BindingFlags.NonPublic | System.Reflection.BindingFlags.Static)?.GetValue(null);
            System.Console.WriteLine($"// Context guard path: {(available is true ? "thread fields" : "public APIs")}");
        }

        [Benchmark(Baseline = true, Description = "async ValueTask")]
        public int Async() => _tinyBody.AddOneInterfaceValueTaskAsync().GetAwaiter().GetResult();

        [Benchmark(Description = "Hand-written Opt #3 (no guard)")]
        public int HandOpt3() => _tinyBody.AddOneInterfaceOptimized().GetAwaiter().GetResult();

        [Benchmark(Description = "Hand-written Opt #3 + the builder's context check")]
        public int HandOpt3BuilderCheck() => BuilderContextCheck.Around(_tinyBody).GetAwaiter().GetResult();

#if PREWIRED_GENERATED
        [Benchmark(Description = "[FastPath], guarded")]
        public int Guarded() => _tinyBody.AddOneInterfaceFastPathAsync().GetAwaiter().GetResult();

        [Benchmark(Description = "[FastPath], AssumeContextUnchanged")]
        public int Unguarded() => _tinyBody.AddOneInterfaceUnguardedFastPathAsync().GetAwaiter().GetResult();
#endif

        /// <summary>Three jobs: the guard on the thread's fields and on the public APIs under the JIT, and on the thread's fields under NativeAOT.</summary>
        private sealed class GuardPathsConfig : ManualConfig
        {
            public GuardPathsConfig()
            {
                AddJob(Job.ShortRun.WithRuntime(CoreRuntime.Core10_0).WithId("ThreadFields"));
                AddJob(Job.ShortRun.WithRuntime(CoreRuntime.Core10_0).WithId("PublicApis").WithEnvironmentVariables(new EnvironmentVariable(PublicApisVariable, "1")));

                // NativeAOT on the thread's fields. The toolchain must name an ILCompiler package: the one of the runtime this
                // process runs on (the SDK's own), so the native code is that runtime's.
                var nativeAot = NativeAotToolchain.CreateBuilder()
                    .UseNuGet(System.Environment.Version.ToString(3), "https://api.nuget.org/v3/index.json")
                    .TargetFrameworkMoniker("net10.0").DisplayName("NativeAOT 10.0").ToToolchain();
                AddJob(Job.ShortRun.WithRuntime(NativeAotRuntime.Net10_0).WithToolchain(nativeAot).WithId("NativeAot"));
                HideColumns("EnvironmentVariables");
                WithBuildTimeout(System.TimeSpan.FromMinutes(20)); // the NativeAOT publish takes minutes on two cores; the default is 5
            }
        }
    }
}
