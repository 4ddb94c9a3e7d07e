using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeActions;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Diagnostics;
using Prewired.Analyzers;
using Prewired.CodeFixes.Tests.Harness;
using Prewired.Tests.Harness;
using Xunit;

namespace Prewired.CodeFixes.Tests
{
    /// <summary>
    /// The candidate analyzer looks at every async method of a project, half-typed ones included (an IDE runs it on
    /// every keystroke): over every prefix of a source with all the shapes it classifies, it must never throw. The
    /// same for PW0401's fix, offered on every closure report of a half-typed method.
    /// </summary>
    public sealed class RobustnessTests
    {
        private const string Source = """
            using System;
            using System.Collections.Generic;
            using System.Threading.Tasks;
            using Prewired;

            public class Store
            {
                private readonly Func<int, Task<int>> _load = id => Task.FromResult(id);

                public async Task<int> GetAsync(int id) => await _load(id).ConfigureAwait(false);

                public async Task SaveAsync(int id) { if (id < 0) return; await Task.Delay(id); }

                public async ValueTask<int> SumAsync(int id)
                {
                    var a = await _load(id);
                    int b;
                    if (a > 0) { b = await _load(a); } else { b = 0; }
                    switch (b) { case 0: return a; default: await Task.Yield(); break; }
                    try { return await _load(b) + 1; } catch (InvalidOperationException) { return 0; }
                }

                public async ValueTask<T> GenericAsync<T>(T value) => await Task.FromResult(value);

                [TailAwait(nameof(MarkedCoreAsync))]
                public partial Task<int> MarkedAsync(int id);

                private async Task<int> MarkedCoreAsync(int id) => await _load(id);

                public async IAsyncEnumerable<int> StreamAsync() { await Task.Yield(); yield return 1; }

                public Task<int> Local() { return Run(); async Task<int> Run() => await _load(1); }
            }
            """;

        [Fact]
        public async Task Candidate_analyzer_never_throws_on_a_prefix_of_the_source()
        {
            var references = TestReferences.Default;
            var parse = new CSharpParseOptions(LanguageVersion.Latest);
            var exceptions = new ConcurrentQueue<string>();
            var analyzers = ImmutableArray.Create<DiagnosticAnalyzer>(new CandidateAnalyzer());
            for (int length = 0; length <= Source.Length; length += 5)
            {
                var tree = CSharpSyntaxTree.ParseText(Source.Substring(0, length), parse, "/0/Test0.cs");
                var compilation = CSharpCompilation.Create("Prefix", new[] { tree }, references, new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary));
                var options = new CompilationWithAnalyzersOptions(
                    new AnalyzerOptions(ImmutableArray<AdditionalText>.Empty),
                    onAnalyzerException: (exception, _, _) => exceptions.Enqueue($"prefix {length}: {exception}"),
                    concurrentAnalysis: false,
                    logAnalyzerExecutionTime: false);
                await compilation.WithAnalyzers(analyzers, options).GetAnalyzerDiagnosticsAsync();
            }

            Assert.True(exceptions.IsEmpty, string.Join(Environment.NewLine, exceptions.Take(3)));
        }

        private const string ClosureSource = """
            using System;
            using System.Collections.Generic;
            using System.Threading.Tasks;

            public class Prices
            {
                private readonly Dictionary<string, decimal> _prices = new() { ["MSFT"] = 42m };

                private Task InitAsync() => Task.CompletedTask;

                public ValueTask<decimal> GetAsync(string id, int count)
                {
                    var task = InitAsync();
                    if (task.IsCompleted) return new ValueTask<decimal>(_prices[id]);
                    int misses = 0;
                    Miss(1);
                    return misses > 0 ? SlowAsync<decimal>(misses) : new ValueTask<decimal>(this._prices[id]);

                    void Miss(int by, params int[] more) { misses += by; }

                    async ValueTask<T> SlowAsync<T>(int offset) where T : struct
                    {
                        await task;
                        Func<int> f = () => offset + count;
                        return (T)(object)(_prices[id] + f());
                    }
                }

                public Task<int> RunAsync(int id)
                {
                    if (id == 0) return Task.FromResult(0);
                    foreach (var item in new[] { id }) { if (item > 1) return Task.Run(Work); int Work() => item + id; }
                    return Task.Run(() => id);
                }
            }
            """;

        [Fact]
        public async Task Closure_fix_never_throws_on_a_prefix_of_the_source()
        {
            var provider = new ClosureCodeFixProvider();
            int offered = 0;
            for (int length = 0; length <= ClosureSource.Length; length += 9)
            {
                using var project = TestProject.Create(new[] { ClosureSource.Substring(0, length) });
                // Throws (fails the test) on an analyzer exception.
                var diagnostics = await TestProject.DiagnosticsAsync(project.Project);
                var document = project.Project.Documents.Single();
                foreach (var diagnostic in diagnostics.Analyzer.Where(d => d.Id == "PW0401"))
                {
                    var actions = new List<CodeAction>();
                    await provider.RegisterCodeFixesAsync(new CodeFixContext(document, diagnostic, (a, _) => actions.Add(a), default));
                    foreach (var action in actions)
                    {
                        await action.GetOperationsAsync(default);
                        offered++;
                    }
                }
            }

            Assert.True(offered > 0, "No prefix was offered the fix: the test would prove nothing.");
        }
    }
}
