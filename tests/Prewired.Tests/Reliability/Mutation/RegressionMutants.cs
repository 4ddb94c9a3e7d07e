using System;
using System.Collections.Generic;

namespace Prewired.Tests.Reliability.Mutation
{
    /// <summary>
    /// Every mutant that ever found a bug, reduced, with the bug it found. <see cref="MutationTests.Mutants_that_found_bugs_stay_fixed"/>
    /// runs each through RobustnessCheck, exactly as the mutation run does.
    /// </summary>
    public static class RegressionMutants
    {
        private static Mutant Of(string found, string source) => new(0, found, "regression", MutantSources.Usings + source, Array.Empty<string>());

        public static IReadOnlyList<Mutant> All { get; } = new List<Mutant>
        {
            // Mutant #1306 (seed 7, "parameter" of FastPathSnapshotTests#3): the generated implementation (here the usage-error
            // stub for PW0007) dropped __arglist from the signature: CS0759, no defining declaration for 'ArrowAsync()'.
            Of("vararg [FastPath]", """
                public partial class Worker
                {
                    [FastPath(nameof(ArrowCoreAsync))]
                    public partial ValueTask ArrowAsync(__arglist);
                    private async ValueTask ArrowCoreAsync() => await Task.Yield();
                }
                """),

            // Mutant #0 (seed 7, "parameter" of TailAwaitSnapshotTests#6): the same for [TailAwait].
            Of("vararg [TailAwait]", """
                public partial class Uses
                {
                    [TailAwait(nameof(GetCoreAsync))]
                    public partial Task<int> GetAsync(__arglist);
                    private async Task<int> GetCoreAsync() => await Task.FromResult(1);
                }
                """),

            // Mutant #1123 (seed 7, "parameter" of HalfTypedSourceTests#11): an overload differing only by __arglist got a
            // second implementation of the first overload: CS0757.
            Of("vararg overload", """
                public partial class Store
                {
                    [FastPath(nameof(GetCoreAsync))]
                    public partial Task<int> GetAsync(int id);
                    [FastPath(nameof(GetCoreAsync))]
                    public partial Task<int> GetAsync(int id, __arglist);
                    private async Task<int> GetCoreAsync(int id) => await Task.FromResult(id);
                }
                """),

            // Mutant #1267 (seed 7, "odd-await" of table:B17): an await in unreachable code (after a return; only CS0162
            // in the user's code) got a continuation whose end is reachable: CS0161 in the generated Resume method.
            Of("await in unreachable code", """
                public partial class Unreachable
                {
                    [FastPath(nameof(RunCoreAsync))]
                    public partial ValueTask<int> RunAsync(int v);
                    private async ValueTask<int> RunCoreAsync(int v)
                    {
                        var b = await Task.FromResult(v);
                        return b;
                        await Task.Yield();
                    }
                }
                """),

            // The same, in a branch and in a void method, with live state the continuation would have needed.
            Of("await in unreachable code (branch)", """
                public partial class Unreachable
                {
                    [FastPath(nameof(RunCoreAsync))]
                    public partial Task RunAsync(int v);
                    private async Task RunCoreAsync(int v)
                    {
                        var x = v + 1;
                        if (v > 0)
                        {
                            return;
                            await Task.Delay(x);
                            Console.WriteLine(x);
                        }

                        await Task.Yield();
                    }
                }
                """),

            // Mutants #9467, #9045, #7577, #4182, #3868, #3129 (seed 7, big run, "parameter"): a 'ref readonly' parameter
            // (C# 12) on the marked method lost its 'ref readonly' in the usage-error stub (PW0007): CS0759.
            Of("ref readonly parameter", """
                public partial class Store
                {
                    [FastPath(nameof(GetCoreAsync))]
                    public partial Task<int> GetAsync(ref readonly int v);
                    [TailAwait(nameof(GetCoreAsync))]
                    public partial Task<int> GetTailAsync(int w, ref readonly int v);
                    private async Task<int> GetCoreAsync(int v) => await Task.FromResult(v);
                }
                """),

            // Mutants #4848, #4157, #2552 (seed 7, big run, "swap-return-type"): a ref-returning marked method lost its
            // 'ref' in the usage-error stub (PW0006): CS8818, partial method declarations must have matching ref returns.
            Of("ref return", """
                public partial class Store
                {
                    [TailAwait(nameof(GetCoreAsync))]
                    public partial ref int GetAsync();
                    [FastPath(nameof(GetCoreAsync))]
                    public virtual partial ref readonly int GetReadOnlyAsync();
                    private async Task<int> GetCoreAsync() => await Task.FromResult(1);
                }
                """),

            // Mutants #8713, #6172, #5236, #4983, #4591, #3912 (seed 7, big run, "half-typed-attribute"): [Pipeline(null)]
            // passes a null params array; the pipeline validator read its values: NullReferenceException in the generator
            // (swallowed by its guard, so the pipeline silently got no code) and in PipelineAnalyzer (AD0001).
            Of("pipeline with a null stage array", """
                [Pipeline(null)]
                public sealed partial class NullPipeline;
                """),
            Of("pipeline with a null stage array, half-typed", """
                [Pipeline(null)
                public sealed partial class NullPipeline;
                """),
        };
    }
}
