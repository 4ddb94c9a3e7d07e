using System;
using System.Collections.Concurrent;
using System.Collections.Immutable;
using System.Linq;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Diagnostics;
using Prewired.Analyzers;
using Prewired.Tests.Harness;
using Xunit;

namespace Prewired.CodeFixes.Tests
{
    /// <summary>
    /// The candidate analyzer looks at every async method of a project, half-typed ones included (an IDE runs it on
    /// every keystroke): over every prefix of a source with all the shapes it classifies, it must never throw.
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
    }
}
