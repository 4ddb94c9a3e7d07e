using System;
using System.Linq;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Prewired.Generator;
using Prewired.Tests.Harness;
using Xunit;

namespace Prewired.Tests.Semantics
{
    /// <summary>
    /// Issue 35 point 1: a deconstruction that declares live state beside other variables takes the state machine before
    /// C# 10 too. The continuation assigns the live ones (its fields) and, C# 9 forbidding a deconstruction that both
    /// assigns and declares (CS8184), declares the others in the list's preamble; before, such a body forwarded (PW0201).
    /// C# 9 is the oldest version a [FastPath] partial method with a return type compiles in. Run against the async body
    /// with every task completed and with each one pending.
    /// </summary>
    public sealed class CSharp9DeconstructionTests
    {
        private const string Source = """
            using System.Threading.Tasks;
            using Prewired;

            public partial class Cases
            {
                [FastPath(nameof(CoreAsync))]
                public partial Task<string> FastAsync(Task<int> first, Task<int> second, Task<int> third);

                private async Task<string> CoreAsync(Task<int> first, Task<int> second, Task<int> third)
                {
                    var v = 3;
                    var (a, b) = (v + 1, "bb");
                    await first;
                    var total = a + b.Length;
                    var trail = "";
                    for (var i = 0; i < 2; i++)
                    {
                        var (x, (y, _), z) = (i, (i * 10, "ignored"), i + v);
                        total += x + z;
                        total += await second + y;
                        trail += "y=" + y + ";";
                    }

                    (int c, var d) = (total * 2, total);
                    total += await third + c;
                    return trail + total + ":" + c;
                }
            }
            """;

        private static readonly Lazy<(LoadedAssembly Loaded, string Generated)> s_compiled = new(() =>
        {
            var settings = TestCompilationSettings.Default with { LanguageVersion = LanguageVersion.CSharp9, AssemblyName = "CSharp9Deconstruction" };
            var run = GeneratorDriverHarness.Run(new IIncrementalGenerator[] { new PrewiredGenerator() }, new[] { Source }, settings);
            run.AssertGeneratedCodeCompilesCleanly();
            return (CompileAndRun.Load(run.OutputCompilation, run), string.Join("\n", run.GeneratedSources.Select(s => s.SourceText.ToString())));
        });

        [Fact]
        public void The_body_takes_the_state_machine_in_CSharp_9()
        {
            var generated = s_compiled.Value.Generated;
            Assert.DoesNotContain("// Forwarding to", generated, StringComparison.Ordinal);
            Assert.Contains("__Continuation : global::System.Runtime.CompilerServices.IAsyncStateMachine", generated, StringComparison.Ordinal);
            // x and z are declared in the preamble, so the deconstruction only assigns.
            Assert.Matches(@"\(x, \(y, _\), z\) = \(i, \(i \* 10, ""ignored""\), i \+ v\);", generated);
            Assert.Matches(@"int x = default!;\s+int z = default!;", generated);
            Assert.Matches(@"int d = default!;[\s\S]*\(c, d\) = \(total \* 2, total\);", generated);
        }

        [Theory]
        [InlineData(-1)]
        [InlineData(0)]
        [InlineData(1)]
        [InlineData(2)]
        public async Task It_gives_what_the_async_body_gives(int pending)
        {
            Assert.Equal(await Run("CoreAsync", pending), await Run("FastAsync", pending));
        }

        /// <summary>The method's result, its task pending (the task at <paramref name="pending"/> completes after the call) or not.</summary>
        private static async Task<string> Run(string method, int pending)
        {
            var sources = Enumerable.Range(0, 3).Select(_ => new TaskCompletionSource<int>(TaskCreationOptions.RunContinuationsAsynchronously)).ToArray();
            for (var i = 0; i < sources.Length; i++)
            {
                if (i != pending) sources[i].SetResult(i + 1);
            }

            var instance = s_compiled.Value.Loaded.CreateInstance("Cases");
            var task = (Task<string>)LoadedAssembly.Invoke(instance, method, sources[0].Task, sources[1].Task, sources[2].Task)!;
            if (pending >= 0)
            {
                Assert.False(task.IsCompleted);
                sources[pending].SetResult(pending + 1);
            }

            return await task;
        }
    }
}
