using System.Collections.Immutable;
using System.Linq;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using Prewired.Analyzers;
using Prewired.Generator;
using Prewired.Tests.Harness;
using Xunit;
using static Prewired.Tests.Analyzers.ClosureVerifier;
using VerifyCS = Prewired.Tests.Harness.AnalyzerVerifier<Prewired.Analyzers.ClosureAnalyzer>;

namespace Prewired.Tests.Analyzers
{
    /// <summary>
    /// Which closure diagnostic a scope gets: PW0401 (a warning) in code marked for the generator and in a hand-written
    /// fast path, PW0402 (a suggestion) everywhere else, so that adding the package to a project built with warnings as
    /// errors adds no warning to code nobody marked. Each shape is the same closure with and without what makes it a fast path.
    /// </summary>
    public sealed class ClosureSeverityTests
    {
        private static ClosureReport Ordinary(int location, string variables, string functions) => new(location, variables, functions);

        private static ClosureReport OnFastPath(int location, string variables, string functions) => new(location, variables, functions) { FastPath = true };

        // ---- marked code ----

        [Fact]
        public Task Body_method_of_a_FastPath_gets_the_warning()
        {
            var prepared = Prepare(Usings + "using Prewired;\n\n" + """
                public partial class Reports
                {
                    [FastPath(nameof(RenderCoreAsync))]
                    public partial ValueTask<int> RenderAsync(int id);

                    private async ValueTask<int> RenderCoreAsync(int id)
                    {|#0:{|}
                        if (id == 0) return 0;
                        return await Task.Run({|#1:() => id * 2|});
                    }
                }
                """);
            var test = new VerifyCS.Test { TestCode = prepared.Markup };
            test.Generators.Add(typeof(PrewiredGenerator));
            test.ExpectedDiagnostics.Add(Expected(OnFastPath(0, "'id'", "the lambda at line {#1}"), prepared));
            return test.RunAsync();
        }

        [Fact]
        public Task The_same_async_method_unmarked_gets_the_suggestion() => VerifyAsync("""
            public class Reports
            {
                private async ValueTask<int> RenderCoreAsync(int id)
                {|#0:{|}
                    if (id == 0) return 0;
                    return await Task.Run({|#1:() => id * 2|});
                }
            }
            """, Ordinary(0, "'id'", "the lambda at line {#1}"));

        // ---- hand-written fast paths ----

        [Fact]
        public Task Testing_IsCompletedSuccessfully_makes_a_hand_written_fast_path() => VerifyAsync("""
            public static class Offsets
            {
                public static ValueTask<int> AddAsync(ValueTask<int> pending, int offset)
                {|#0:{|}
                    if (pending.IsCompletedSuccessfully) return new ValueTask<int>(pending.Result + offset);
                    return new ValueTask<int>(pending.AsTask().ContinueWith({|#1:t => t.Result + offset|}));
                }
            }
            """, OnFastPath(0, "'offset'", "the lambda at line {#1}"));

        [Fact]
        public Task Testing_IsCompleted_in_a_property_pattern_makes_a_hand_written_fast_path() => VerifyAsync("""
            public static class Offsets
            {
                public static Task<int> AddAsync(Task<int> pending, int offset)
                {|#0:{|}
                    if (pending is { IsCompleted: true }) return Task.FromResult(offset);
                    return pending.ContinueWith({|#1:t => t.Result + offset|});
                }
            }
            """, OnFastPath(0, "'offset'", "the lambda at line {#1}"));

        [Fact]
        public Task The_same_branch_on_something_else_is_ordinary_code() => VerifyAsync("""
            public static class Offsets
            {
                public static ValueTask<int> AddAsync(ValueTask<int> pending, int offset)
                {|#0:{|}
                    if (offset == 0) return pending;
                    return new ValueTask<int>(pending.AsTask().ContinueWith({|#1:t => t.Result + offset|}));
                }
            }
            """, Ordinary(0, "'offset'", "the lambda at line {#1}"));

        [Fact]
        public Task IsCompleted_tested_only_inside_a_lambda_does_not_make_the_method_a_fast_path() => VerifyAsync("""
            public static class Offsets
            {
                public static Task<int> AddAsync(Task<int> pending, int offset)
                {|#0:{|}
                    if (offset == 0) return pending;
                    return pending.ContinueWith({|#1:t => t.IsCompleted ? t.Result + offset : 0|});
                }
            }
            """, Ordinary(0, "'offset'", "the lambda at line {#1}"));

        [Fact]
        public Task Returning_an_async_local_function_on_one_branch_makes_a_hand_written_fast_path() => VerifyAsync("""
            public static class Cache
            {
                private static readonly Task<int> Hit = Task.FromResult(1);

                public static Task<int> GetAsync(int key, bool cached)
                {|#0:{|}
                    if (cached) return Hit;
                    return LoadAsync();

                    async Task<int> LoadAsync()
                    {
                        await Task.Yield();
                        return key;
                    }
                }
            }
            """, OnFastPath(0, "'key'", "'LoadAsync'"));

        [Fact]
        public Task Returning_a_non_async_local_function_is_ordinary_code() => VerifyAsync("""
            public static class Cache
            {
                private static readonly Task<int> Hit = Task.FromResult(1);

                public static Task<int> GetAsync(int key, bool cached)
                {|#0:{|}
                    if (cached) return Hit;
                    return Load();

                    Task<int> Load() => Task.Run(() => key);
                }
            }
            """, Ordinary(0, "'key'", "'Load'"));

        // ---- adoption: the defaults, and .editorconfig ----

        /// <summary>Every case of the closure suite that is not a fast path: at the default severities, not one warning.</summary>
        [Fact]
        public async Task Ordinary_code_gets_no_warning_at_the_default_severity()
        {
            var ordinary = ClosureCases.All.Values.Where(c => c.Reports.Any() && c.Reports.All(r => !r.FastPath)).ToList();
            Assert.True(ordinary.Count >= 20, $"only {ordinary.Count} ordinary cases");
            foreach (var @case in ordinary)
            {
                var diagnostics = await TestCompilation.Create(@case.Text)
                    .WithAnalyzers(ImmutableArray.Create<DiagnosticAnalyzer>(new ClosureAnalyzer()))
                    .GetAnalyzerDiagnosticsAsync();
                Assert.NotEmpty(diagnostics);
                Assert.All(diagnostics, d => Assert.Equal((@case.Name, "PW0402", DiagnosticSeverity.Info), (@case.Name, d.Id, d.Severity)));
            }
        }

        [Fact]
        public Task Editorconfig_raises_the_suggestion_to_a_warning()
        {
            var @case = ClosureCases.LambdaInOneBranch;
            var prepared = Prepare(Usings + @case.Source);
            var test = new VerifyCS.Test { TestCode = prepared.Markup, GlobalConfig = "is_global = true\ndotnet_diagnostic.PW0402.severity = warning" };
            test.ExpectedDiagnostics.Add(Expected(@case.Reports[0], prepared).WithSeverity(DiagnosticSeverity.Warning));
            return test.RunAsync();
        }

        [Fact]
        public Task Editorconfig_turns_off_the_warning_without_the_suggestion()
        {
            var prepared = Prepare(Usings + ClosureCases.BlogOptimized2.Source + "\n" + ClosureCases.LambdaInOneBranch.Source.Replace("{|#0:{|}", "{|#2:{|}").Replace("{|#1:", "{|#3:"));
            var test = new VerifyCS.Test { TestCode = prepared.Markup, GlobalConfig = "is_global = true\ndotnet_diagnostic.PW0401.severity = none" };
            test.ExpectedDiagnostics.Add(Expected(Ordinary(2, "'id'", "the lambda at line {#3}"), prepared));
            return test.RunAsync();
        }
    }
}
