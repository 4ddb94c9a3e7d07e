using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Runtime.CompilerServices;
using System.Text.RegularExpressions;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Prewired.Tests.Analyzers;
using Prewired.Tests.Robustness;
using Prewired.Tests.Semantics;

namespace Prewired.Tests.Reliability.Mutation
{
    /// <summary>One source to mutate: its name, the user's file (the one mutated) and any files it needs besides.</summary>
    public sealed record SeedSource(string Name, string Source, IReadOnlyList<string> Support)
    {
        public override string ToString() => Name;
    }

    /// <summary>
    /// The sources mutants are made from: every test source of the repository that uses Prewired (the robustness
    /// samples, the Semantics body table, the generator snapshot tests, the analyzer tests and the half-typed sources,
    /// read from the test files themselves) and random bodies. Bodies that need the Semantics environment get a stub of
    /// it (<see cref="EnvStub"/>): RobustnessCheck compiles against the reference pack only, and with the stub those
    /// bodies have no error of their own, so the strong check (generated code adds no error) applies to them.
    /// </summary>
    public static class MutantSources
    {
        public const string Usings = "using System;\nusing System.Collections.Generic;\nusing System.Threading;\nusing System.Threading.Tasks;\nusing Prewired;\n\n";

        /// <summary>The test files whose raw string literals are test sources (read from the repository, next to this file).</summary>
        private static readonly string[] s_testFiles =
        {
            "Generator/FastPathSnapshotTests.cs", "Generator/TailAwaitSnapshotTests.cs", "Generator/PipelineSnapshotTests.cs",
            "Generator/PipelineIncrementalTests.cs", "Analyzers/BodyMethodTests.cs", "Analyzers/FastPathNotSplitTests.cs",
            "Analyzers/MethodShapeTests.cs", "Analyzers/NonTailAwaitTests.cs", "Analyzers/PartialDeclarationTests.cs",
            "Analyzers/PipelineValidationTests.cs", "Analyzers/SuppressionTests.cs", "Analyzers/ValidShapeTests.cs",
            "Analyzers/ConcurrentNextTests.cs", "Robustness/HalfTypedSourceTests.cs",
        };

        private static readonly Regex s_markup = new(@"\{\|[^:|{}]*:|\|\}|\[\||\|\]", RegexOptions.Compiled);

        private static readonly Lazy<IReadOnlyList<SeedSource>> s_all = new(Build);

        public static IReadOnlyList<SeedSource> All => s_all.Value;

        /// <summary>How many seeds of each kind (for the report).</summary>
        public static string Describe() => string.Join(", ", All.GroupBy(s => s.Name.Split(':')[0]).Select(g => $"{g.Count()} {g.Key}"));

        private static IReadOnlyList<SeedSource> Build()
        {
            var seeds = new List<SeedSource>();
            foreach (var (name, source) in SampleSources.All.OrderBy(p => p.Key, StringComparer.Ordinal))
            {
                seeds.Add(new SeedSource("sample:" + name, source, Array.Empty<string>()));
            }

            foreach (var body in BodyTable.All)
            {
                seeds.Add(new SeedSource("table:" + body.Name, body.Source(), new[] { EnvStub }));
            }

            var directory = TestsDirectory();
            foreach (var file in s_testFiles)
            {
                var path = Path.Combine(directory, file);
                if (!File.Exists(path)) throw new FileNotFoundException("A test file the mutation corpus reads is missing.", path);
                var index = 0;
                foreach (var literal in Literals(File.ReadAllText(path)))
                {
                    seeds.Add(new SeedSource($"test:{Path.GetFileNameWithoutExtension(file)}#{index++}", literal, Array.Empty<string>()));
                }
            }

            foreach (var body in RandomBodyGenerator.Bodies(FuzzSettings.SliceSeed, 120))
            {
                seeds.Add(new SeedSource("random:" + body.Name, FuzzBatch.Source(body), new[] { EnvStub }));
            }

            return seeds;
        }

        /// <summary>The raw string literals of a test file that are Prewired sources, markup removed, made complete files.</summary>
        private static IEnumerable<string> Literals(string testFile)
        {
            var root = CSharpSyntaxTree.ParseText(testFile).GetRoot();
            foreach (var token in root.DescendantTokens())
            {
                if (!token.IsKind(SyntaxKind.MultiLineRawStringLiteralToken) && !token.IsKind(SyntaxKind.SingleLineRawStringLiteralToken)) continue;
                var text = s_markup.Replace(token.ValueText, string.Empty);
                if (!Regex.IsMatch(text, @"\[(FastPath|TailAwait|Pipeline)|async |Prewired|Invoke\(")) continue;
                var isMembers = !Regex.IsMatch(text, @"\b(class|struct|record|interface)\b\s+\w");
                var inStore = token.Parent?.Parent?.Parent is InvocationExpressionSyntax { Expression: IdentifierNameSyntax { Identifier.ValueText: "InStore" } };
                yield return Usings + (isMembers || inStore ? NonTailAwaitTests.InStore(text) : text);
            }
        }

        /// <summary>tests/Prewired.Tests, found from this file's own path.</summary>
        private static string TestsDirectory([CallerFilePath] string thisFile = "")
            => Path.GetFullPath(Path.Combine(Path.GetDirectoryName(thisFile)!, "..", ".."));

        /// <summary>
        /// The public surface of the Semantics environment and the Reliability helpers that bodies use, with trivial
        /// implementations: enough for bodies to compile without errors against the reference pack alone.
        /// </summary>
        public const string EnvStub = """
            #nullable enable
            using System;
            using System.Collections.Generic;
            using System.Runtime.CompilerServices;
            using System.Threading;
            using System.Threading.Tasks;

            namespace Prewired.Tests.Semantics
            {
                public sealed class Env
                {
                    public static readonly AsyncLocal<string?> Flow = new();
                    public static readonly AsyncLocal<Tracked?> Notified = new();
                    public SynchronizationContext CallerContext { get; } = new();
                    public SynchronizationContext BodyContext { get; } = new();
                    public CancellationToken Token => CancellationToken.None;
                    public Task T(int site) => Task.CompletedTask;
                    public Task<TResult> TR<TResult>(int site, TResult value) => Task.FromResult(value);
                    public ValueTask V(int site) => default;
                    public ValueTask<TResult> VR<TResult>(int site, TResult value) => new(value);
                    public ScriptAwaitable<TResult> C<TResult>(int site, TResult value) => new(Task.FromResult(value));
                    public void Log(string text) { }
                    public InvalidOperationException Ioe(string text) => new(text);
                    public OperationCanceledException Oce(string text) => new(text);
                    public void SetFlow(string? value) => Flow.Value = value;
                    public sealed record Tracked(Env Env, string Text);
                }

                public readonly struct ScriptAwaitable<TResult>
                {
                    private readonly Task<TResult> _task;
                    public ScriptAwaitable(Task<TResult> task) => _task = task;
                    public ScriptAwaiter<TResult> GetAwaiter() => new(_task.GetAwaiter());
                }

                public readonly struct ScriptAwaiter<TResult> : ICriticalNotifyCompletion
                {
                    private readonly TaskAwaiter<TResult> _awaiter;
                    public ScriptAwaiter(TaskAwaiter<TResult> awaiter) => _awaiter = awaiter;
                    public bool IsCompleted => _awaiter.IsCompleted;
                    public TResult GetResult() => _awaiter.GetResult();
                    public void OnCompleted(Action continuation) => _awaiter.OnCompleted(continuation);
                    public void UnsafeOnCompleted(Action continuation) => _awaiter.UnsafeOnCompleted(continuation);
                }

                public interface ISemanticsCase
                {
                    Observation Original(Env env, int v);
                    Observation Fast(Env env, int v);
                    Observation? Tail(Env env, int v);
                }

                public sealed class Observation
                {
                }

                public static class Observer
                {
                    public static Observation Of(Env env, Task task) => new();
                    public static Observation Of<TResult>(Env env, Task<TResult> task) => new();
                    public static Observation Of(Env env, ValueTask task) => new();
                    public static Observation Of<TResult>(Env env, ValueTask<TResult> task) => new();
                }
            }

            namespace Prewired.Tests.Reliability
            {
                using Prewired.Tests.Semantics;

                public static class Fx
                {
                    public static int FailIf(Env env, int v, int when, int value) => v == when ? throw env.Ioe("FailIf") : value;
                    public static int CancelIf(Env env, int v, int when, int value) => v == when ? throw env.Oce("CancelIf") : value;
                    public static void UseBodyContext(Env env) => SynchronizationContext.SetSynchronizationContext(env.BodyContext);
                    public static IDisposable Use(Env env, string name) => new Scope();
                    public static IAsyncDisposable UseAsync(Env env, int site) => new Scope();
                    public static async IAsyncEnumerable<int> Items(Env env, int site)
                    {
                        yield return 1;
                        await env.T(site);
                        yield return 2;
                    }

                    private sealed class Scope : IDisposable, IAsyncDisposable
                    {
                        public void Dispose() { }
                        public ValueTask DisposeAsync() => default;
                    }
                }
            }
            """;
    }
}
