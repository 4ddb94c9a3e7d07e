using System;
using System.Collections.Generic;
using System.Linq;
using System.Reflection;
using System.Runtime.Versioning;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Prewired.Generator;
using Prewired.Tests.Harness;
using Xunit;

namespace Prewired.Tests.Semantics
{
    /// <summary>
    /// Compile and run for a netstandard2.0 consumer: the bodies compile against the netstandard2.0 reference set
    /// (so the generator answers for that target: no Task.IsCompletedSuccessfully) and run on .NET 10 with Prewired's
    /// netstandard2.0 build loaded, as a net10.0 application runs a netstandard2.0 library. The generated methods must
    /// give what the async body gives in every completion mode, with the contexts restored (the netstandard2.0 context
    /// guard restores through ExecutionContext.Restore found at run time).
    /// </summary>
    /// <remarks>
    /// The differential suite (DifferentialTests) shares Env and its interfaces with the compiled code through the test
    /// assembly, which a netstandard2.0 compilation cannot reference; these cases observe through reflection instead.
    /// </remarks>
    public sealed class NetStandardRuntimeTests
    {
        private const string Source = """
            using System;
            using System.Threading;
            using System.Threading.Tasks;
            using Prewired;

            public static class Probe
            {
                public static readonly AsyncLocal<string> Flow = new AsyncLocal<string>();
            }

            public partial class Cases
            {
                // mode 1: synchronous throw; 2: synchronous OperationCanceledException (token never canceled);
                // 3: the synchronous part changes the AsyncLocal and the SynchronizationContext, then awaits.
                [FastPath(nameof(TaskCoreAsync))]
                public partial Task<int> TaskFastAsync(Task<int> operand, int mode);

                private async Task<int> TaskCoreAsync(Task<int> operand, int mode)
                {
                    if (mode == 1) throw new InvalidOperationException("sync");
                    if (mode == 2) throw new OperationCanceledException();
                    if (mode == 3)
                    {
                        Probe.Flow.Value = "changed";
                        SynchronizationContext.SetSynchronizationContext(new SynchronizationContext());
                    }

                    int value = await operand;
                    await (Task)operand;
                    return value + 1;
                }

                [FastPath(nameof(ValueCoreAsync))]
                public partial ValueTask<int> ValueFastAsync(Task<int> operand, int mode);

                private async ValueTask<int> ValueCoreAsync(Task<int> operand, int mode)
                {
                    if (mode == 1) throw new InvalidOperationException("sync");
                    if (mode == 2) throw new OperationCanceledException();
                    return await operand + 1;
                }

                [TailAwait(nameof(TailCoreAsync))]
                public partial Task<int> TailAsync(Task<int> operand, int mode);

                private async Task<int> TailCoreAsync(Task<int> operand, int mode)
                {
                    if (mode == 1) throw new InvalidOperationException("sync");
                    if (mode == 2) throw new OperationCanceledException();
                    return await operand;
                }
            }
            """;

        private static readonly Lazy<(LoadedAssembly Loaded, string Generated)> s_compiled = new(Compile);

        private static (LoadedAssembly, string) Compile()
        {
            var settings = TestCompilationSettings.Default with { Target = TestTarget.NetStandard20, AssemblyName = "NetStandardCases" };
            var run = GeneratorDriverHarness.Run(new IIncrementalGenerator[] { new PrewiredGenerator() }, new[] { Source }, settings);
            run.AssertGeneratedCodeCompilesCleanly();
            var generated = string.Join("\n", run.GeneratedSources.Select(s => s.SourceText.ToString()));
            var privateAssemblies = new Dictionary<string, string>
            {
                ["Prewired"] = TestReferences.NetStandard20Path("PrewiredRuntime"),
                ["Microsoft.Bcl.AsyncInterfaces"] = TestReferences.NetStandard20Path("BclAsyncInterfacesAtRunTime"),
            };
            return (CompileAndRun.Load(run.OutputCompilation, run, privateAssemblies), generated);
        }

        public static TheoryData<string, int, string> Cases()
        {
            var data = new TheoryData<string, int, string>();
            foreach (var (fast, core) in new[] { ("TaskFastAsync", "TaskCoreAsync"), ("ValueFastAsync", "ValueCoreAsync") })
            {
                foreach (var operand in new[] { "success", "faulted", "canceled", "oce-faulted", "pending", "pending-faulted" })
                {
                    foreach (var mode in new[] { 0, 1, 2, 3 })
                    {
                        data.Add(fast + "/" + core, mode, operand);
                    }
                }
            }

            return data;
        }

        [Fact]
        public void Compiles_for_netstandard2_0_and_runs_its_runtime_build()
        {
            var (loaded, generated) = s_compiled.Value;
            // The target's own test: Task.IsCompletedSuccessfully is not in netstandard2.0.
            Assert.Contains("Status != global::System.Threading.Tasks.TaskStatus.RanToCompletion && global::Prewired.CompilerServices.CompletedFault.IsPendingElseThrow(", generated, StringComparison.Ordinal);
            Assert.DoesNotMatch(@"\.IsCompletedSuccessfully && global::Prewired\.CompilerServices\.CompletedFault\.IsPendingElseThrow\(__awaitable0\)\)\s+return TaskFastAsync", generated);
            Assert.Matches(@"IsPendingElseThrow\(__awaitable0\)\)\s+return TaskFastAsync__Resume", generated);
            Assert.Contains("AsyncContextGuard.Capture()", generated, StringComparison.Ordinal);
            var prewired = loaded.Assembly.GetReferencedAssemblies().Single(a => a.Name == "Prewired");
            var runtime = AssemblyLoadContextOf(loaded).Assemblies.Single(a => a.GetName().Name == "Prewired");
            Assert.Equal(".NETStandard,Version=v2.0", runtime.GetCustomAttribute<TargetFrameworkAttribute>()?.FrameworkName);
            Assert.Equal(prewired.Version, runtime.GetName().Version);
        }

        [Theory]
        [MemberData(nameof(Cases))]
        public async Task FastPath_gives_what_the_async_body_gives(string methods, int mode, string operand)
        {
            var names = methods.Split('/');
            var fast = await Observe(names[0], mode, operand);
            var body = await Observe(names[1], mode, operand);
            Assert.Equal(body, fast);
        }

        [Theory]
        [InlineData(0, "success")]
        [InlineData(1, "success")]
        [InlineData(2, "success")]
        [InlineData(0, "faulted")]
        [InlineData(0, "canceled")]
        [InlineData(0, "oce-faulted")]
        public async Task TailAwait_gives_what_the_async_body_gives_for_completed_operands(int mode, string operand)
        {
            Assert.Equal(await Observe("TailCoreAsync", mode, operand), await Observe("TailAsync", mode, operand));
        }

        private static async Task<string> Observe(string method, int mode, string operandKind)
        {
            var (loaded, _) = s_compiled.Value;
            var instance = loaded.CreateInstance("Cases");
            var flow = loaded.GetType("Probe").GetField("Flow")!.GetValue(null)!;
            var flowValue = flow.GetType().GetProperty("Value")!;
            var pending = new TaskCompletionSource<int>(TaskCreationOptions.RunContinuationsAsynchronously);
            Task<int> operand = operandKind switch
            {
                "success" => Task.FromResult(41),
                "faulted" => Task.FromException<int>(new FormatException("operand")),
                "canceled" => Task.FromCanceled<int>(new CancellationToken(canceled: true)),
                "oce-faulted" => Task.FromException<int>(new OperationCanceledException("oce")),
                _ => pending.Task,
            };

            var observed = new List<string>();
            var result = await Task.Run(async () =>
            {
                flowValue.SetValue(flow, "caller");
                object? returned;
                try
                {
                    returned = LoadedAssembly.Invoke(instance, method, operand, mode);
                }
                catch (Exception exception)
                {
                    return "threw synchronously " + exception.GetType().Name;
                }

                observed.Add("after call: flow=" + flowValue.GetValue(flow) + " context=" + (SynchronizationContext.Current is null ? "none" : "set"));
                var task = returned is Task t ? t : (Task)returned!.GetType().GetMethod("AsTask")!.Invoke(returned, null)!;
                observed.Add("status at return: " + task.Status);
                if (operandKind == "pending") pending.SetResult(41);
                else if (operandKind == "pending-faulted") pending.SetException(new FormatException("later"));
                try
                {
                    await task.ConfigureAwait(false);
                }
                catch (Exception)
                {
                }

                observed.Add("final: " + task.Status + (task.Exception is { } e ? " " + string.Join(",", e.InnerExceptions.Select(x => x.GetType().Name + ":" + x.Message)) : string.Empty)
                             + (task.Status == TaskStatus.RanToCompletion ? " result=" + task.GetType().GetProperty("Result")!.GetValue(task) : string.Empty));
                return string.Join("; ", observed);
            });
            return result;
        }

        private static System.Runtime.Loader.AssemblyLoadContext AssemblyLoadContextOf(LoadedAssembly loaded)
            => System.Runtime.Loader.AssemblyLoadContext.GetLoadContext(loaded.Assembly)!;
    }
}
