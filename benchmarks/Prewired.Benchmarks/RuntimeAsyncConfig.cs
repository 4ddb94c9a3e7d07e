using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Jobs;

namespace Prewired.Benchmarks
{
    /// <summary>
    /// Runs a benchmark class with <c>DOTNET_RuntimeAsync=1</c>, which .NET 10 needs before it will load any method compiled
    /// with <c>runtime-async=on</c> (Prewired.Benchmarks.RuntimeAsync).
    /// </summary>
    /// <remarks>
    /// Why one job for both forms instead of a classic job and a runtime-async job: the variable only changes how the runtime
    /// treats methods flagged <c>MethodImplAttributes.Async</c>; the classic forms (and Prewired's generated ones) are
    /// ordinary methods and state machines compiled without that flag, so they run the same with or without it (classes
    /// (a), (c) and (d) measure the same classic forms without the variable, which is the control). A second job without
    /// the variable could not run the runtime-async methods at all (TypeLoadException), and ratios across jobs need a
    /// baseline job, which would put classic and runtime-async forms in different rows of different groups. One job, with
    /// the classic and runtime-async forms as methods of one class and the classic async form as the baseline, gives
    /// the ratios in one table from one run.
    /// The job is a mutator, so it is applied to whatever job the command line selects (<c>--job dry</c>,
    /// <c>--job short</c>, or the default) instead of adding a second job next to it.
    /// </remarks>
    public sealed class RuntimeAsyncConfig : ManualConfig
    {
        public const string VariableName = "DOTNET_RuntimeAsync";

        public RuntimeAsyncConfig()
        {
            AddJob(new Job("RuntimeAsync").WithEnvironmentVariable(VariableName, "1").AsMutator());
        }
    }
}
