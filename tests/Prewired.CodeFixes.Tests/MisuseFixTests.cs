using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeFixes;
using Prewired.Analyzers;
using Prewired.CodeFixes.Tests.Harness;
using Xunit;
using DiagnosticResult = Microsoft.CodeAnalysis.Testing.DiagnosticResult;
using CodeFixTestBehaviors = Microsoft.CodeAnalysis.Testing.CodeFixTestBehaviors;
using TestBehaviors = Microsoft.CodeAnalysis.Testing.TestBehaviors;

namespace Prewired.CodeFixes.Tests
{
    /// <summary>The fixes for attribute misuse: PW0001 (not a partial declaration without a body), PW0002 (type not partial), PW0003 (body method missing).</summary>
    public sealed class MisuseFixTests
    {
        private const string Usings = "using System;\nusing System.Threading.Tasks;\nusing Prewired;\n\n";

        [Fact]
        public Task PW0001_without_a_body_makes_the_method_and_its_type_partial() => new PrewiredCodeFixTest<MarkedMethodAnalyzer, MethodMustBePartialCodeFixProvider>
        {
            TestCode = Usings + """
                public class Store
                {
                    [FastPath(nameof(GetCoreAsync))]
                    public ValueTask<int> {|PW0001:GetAsync|}();

                    private async ValueTask<int> GetCoreAsync() => await Task.FromResult(1);
                }
                """,
            FixedCode = Usings + """
                public partial class Store
                {
                    [FastPath(nameof(GetCoreAsync))]
                    public partial ValueTask<int> GetAsync();

                    private async ValueTask<int> GetCoreAsync() => await Task.FromResult(1);
                }
                """,
            ExpectedTitle = "Make 'GetAsync' partial",
            // Unmarked before the fix (the stand-in compared only the fixable and marked IDs there). The generator's copies
            // are errors, which '#pragma warning disable' cannot hide: the library's suppression re-run does not apply.
            TestBehaviors = TestBehaviors.SkipSuppressionCheck,
            ExpectedDiagnostics =
            {
                new DiagnosticResult("PW0001", DiagnosticSeverity.Error).WithSpan(8, 27, 8, 35).WithArguments("GetAsync", "FastPath"),
                DiagnosticResult.CompilerError("CS0501").WithSpan(8, 27, 8, 35).WithArguments("Store.GetAsync()"),
                new DiagnosticResult("PW0002", DiagnosticSeverity.Error).WithSpan(8, 27, 8, 35).WithArguments("Store", "GetAsync"),
                new DiagnosticResult("PW0002", DiagnosticSeverity.Hidden).WithSpan(8, 27, 8, 35).WithArguments("Store", "GetAsync"),
            },
        }.RunAsync();

        [Fact]
        public Task PW0001_body_forwarding_to_the_named_method_is_removed() => new PrewiredCodeFixTest<MarkedMethodAnalyzer, MethodMustBePartialCodeFixProvider>
        {
            TestCode = Usings + """
                public partial class Store
                {
                    /// <summary>Docs stay.</summary>
                    [TailAwait(nameof(GetCoreAsync))]
                    public Task<int> {|PW0001:GetAsync|}(int id)
                    {
                        return GetCoreAsync(id);
                    }

                    private async Task<int> GetCoreAsync(int id) => await Task.FromResult(id);
                }
                """,
            FixedCode = Usings + """
                public partial class Store
                {
                    /// <summary>Docs stay.</summary>
                    [TailAwait(nameof(GetCoreAsync))]
                    public partial Task<int> GetAsync(int id);

                    private async Task<int> GetCoreAsync(int id) => await Task.FromResult(id);
                }
                """,
            ExpectedTitle = "Remove the body of 'GetAsync' (the generator implements it from 'GetCoreAsync')",
        }.RunAsync();

        [Fact]
        public Task PW0001_async_body_moves_to_the_method_the_attribute_names() => new PrewiredCodeFixTest<MarkedMethodAnalyzer, MethodMustBePartialCodeFixProvider>
        {
            TestCode = Usings + """
                public class Store
                {
                    [FastPath("GetCoreAsync")]
                    public async ValueTask<int> {|PW0001:GetAsync|}(int id)
                    {
                        var value = await Task.FromResult(id);
                        return value + 1;
                    }
                }
                """,
            FixedCode = Usings + """
                public partial class Store
                {
                    [FastPath("GetCoreAsync")]
                    public partial ValueTask<int> GetAsync(int id);

                    private async ValueTask<int> GetCoreAsync(int id)
                    {
                        var value = await Task.FromResult(id);
                        return value + 1;
                    }
                }
                """,
            ExpectedTitle = "Move the body of 'GetAsync' to a new method 'GetCoreAsync'",
            // Unmarked before the fix (the stand-in compared only the fixable and marked IDs there). The generator's copies
            // are errors, which '#pragma warning disable' cannot hide: the library's suppression re-run does not apply.
            TestBehaviors = TestBehaviors.SkipSuppressionCheck,
            ExpectedDiagnostics =
            {
                new DiagnosticResult("PW0003", DiagnosticSeverity.Error).WithSpan(7, 15, 7, 29).WithArguments("GetAsync", "GetCoreAsync", "Store", "add a private async method 'GetCoreAsync' with the same parameters and return type, or fix the name (write it with nameof)"),
                new DiagnosticResult("PW0002", DiagnosticSeverity.Error).WithSpan(8, 33, 8, 41).WithArguments("Store", "GetAsync"),
            },
        }.RunAsync();

        /// <summary>The named body is taken by a property: the body goes to a fresh name, which the attribute then names.</summary>
        [Fact]
        public Task PW0001_async_body_moves_to_a_fresh_name_when_the_named_one_is_taken() => new PrewiredCodeFixTest<MarkedMethodAnalyzer, MethodMustBePartialCodeFixProvider>
        {
            TestCode = Usings + """
                public partial class Store
                {
                    private int Body => 1;

                    [TailAwait(nameof(Body))]
                    public async Task<int> {|PW0001:GetAsync|}() => await Task.FromResult(Body);
                }
                """,
            FixedCode = Usings + """
                public partial class Store
                {
                    private int Body => 1;

                    [TailAwait(nameof(GetCoreAsync))]
                    public partial Task<int> GetAsync();

                    private async Task<int> GetCoreAsync() => await Task.FromResult(Body);
                }
                """,
            // Unmarked before the fix (the stand-in compared only the fixable and marked IDs there). The generator's copies
            // are errors, which '#pragma warning disable' cannot hide: the library's suppression re-run does not apply.
            TestBehaviors = TestBehaviors.SkipSuppressionCheck,
            ExpectedDiagnostics =
            {
                new DiagnosticResult("PW0003", DiagnosticSeverity.Error).WithSpan(9, 16, 9, 28).WithArguments("GetAsync", "Body", "Store", "add a private async method 'Body' with the same parameters and return type, or fix the name (write it with nameof)"),
            },
        }.RunAsync();

        /// <summary>The user wrote the implementing part: it is removed, the generator writes it.</summary>
        [Fact]
        public Task PW0001_user_written_implementing_part_is_removed() => new PrewiredCodeFixTest<MarkedMethodAnalyzer, MethodMustBePartialCodeFixProvider>
        {
            TestCode = Usings + """
                public partial class Store
                {
                    [FastPath(nameof(GetCoreAsync))]
                    public partial ValueTask<int> GetAsync();

                    private async ValueTask<int> GetCoreAsync() => await Task.FromResult(1);
                }

                public partial class Store
                {
                    public partial ValueTask<int> {|PW0001:GetAsync|}() => GetCoreAsync();
                }
                """,
            FixedCode = Usings + """
                public partial class Store
                {
                    [FastPath(nameof(GetCoreAsync))]
                    public partial ValueTask<int> GetAsync();

                    private async ValueTask<int> GetCoreAsync() => await Task.FromResult(1);
                }

                public partial class Store
                {
                }
                """,
            // PW0001 sits on the implementing part but is reported while the analyzer visits the defining part's symbol: the
            // library calls that a non-local diagnostic and refuses to fix it unless told (an IDE fixes it from a full analysis).
            CodeFixTestBehaviors = CodeFixTestBehaviors.SkipLocalDiagnosticCheck,
        }.RunAsync();

        [Fact]
        public Task PW0001_user_written_async_implementing_part_becomes_the_body() => new PrewiredCodeFixTest<MarkedMethodAnalyzer, MethodMustBePartialCodeFixProvider>
        {
            TestCode = Usings + """
                public partial class Store
                {
                    [TailAwait(nameof(GetCoreAsync))]
                    public partial Task<int> GetAsync(int id);
                }

                public partial class Store
                {
                    public partial async Task<int> {|PW0001:GetAsync|}(int id) => await Task.FromResult(id);
                }
                """,
            FixedCode = Usings + """
                public partial class Store
                {
                    [TailAwait(nameof(GetCoreAsync))]
                    public partial Task<int> GetAsync(int id);
                }

                public partial class Store
                {
                    private async Task<int> GetCoreAsync(int id) => await Task.FromResult(id);
                }
                """,
            // Unmarked before the fix (the stand-in compared only the fixable and marked IDs there). The generator's copies
            // are errors, which '#pragma warning disable' cannot hide: the library's suppression re-run does not apply.
            TestBehaviors = TestBehaviors.SkipSuppressionCheck,
            ExpectedDiagnostics =
            {
                new DiagnosticResult("PW0003", DiagnosticSeverity.Error).WithSpan(7, 16, 7, 36).WithArguments("GetAsync", "GetCoreAsync", "Store", "add a private async method 'GetCoreAsync' with the same parameters and return type, or fix the name (write it with nameof)"),
                DiagnosticResult.CompilerError("CS0103").WithSpan(7, 23, 7, 35).WithArguments("GetCoreAsync"),
            },
            // PW0001 sits on the implementing part but is reported while the analyzer visits the defining part's symbol: the
            // library calls that a non-local diagnostic and refuses to fix it unless told (an IDE fixes it from a full analysis).
            CodeFixTestBehaviors = CodeFixTestBehaviors.SkipLocalDiagnosticCheck,
        }.RunAsync();

        [Fact]
        public Task PW0001_Fix_All_applies_each_instance_its_own_case() => new PrewiredCodeFixTest<MarkedMethodAnalyzer, MethodMustBePartialCodeFixProvider>
        {
            TestCode = Usings + """
                public class Store
                {
                    [FastPath(nameof(OneCoreAsync))]
                    public ValueTask<int> {|PW0001:OneAsync|}();

                    private async ValueTask<int> OneCoreAsync() => await Task.FromResult(1);

                    [TailAwait(nameof(TwoCoreAsync))]
                    public Task<int> {|PW0001:TwoAsync|}() => TwoCoreAsync();

                    private async Task<int> TwoCoreAsync() => await Task.FromResult(2);

                    [TailAwait(nameof(ThreeCoreAsync))]
                    public async Task<int> {|PW0001:ThreeAsync|}() => await Task.FromResult(3);
                }
                """,
            FixedCode = Usings + """
                public partial class Store
                {
                    [FastPath(nameof(OneCoreAsync))]
                    public partial ValueTask<int> OneAsync();

                    private async ValueTask<int> OneCoreAsync() => await Task.FromResult(1);

                    [TailAwait(nameof(TwoCoreAsync))]
                    public partial Task<int> TwoAsync();

                    private async Task<int> TwoCoreAsync() => await Task.FromResult(2);

                    [TailAwait(nameof(ThreeCoreAsync))]
                    public partial Task<int> ThreeAsync();

                    private async Task<int> ThreeCoreAsync() => await Task.FromResult(3);
                }
                """,
            CodeActionEquivalenceKey = MethodMustBePartialCodeFixProvider.Key,
            FixAllScope = FixAllScope.Document,
            // Unmarked before the fix (the stand-in compared only the fixable and marked IDs there). The generator's copies
            // are errors, which '#pragma warning disable' cannot hide: the library's suppression re-run does not apply.
            TestBehaviors = TestBehaviors.SkipSuppressionCheck,
            ExpectedDiagnostics =
            {
                new DiagnosticResult("PW0001", DiagnosticSeverity.Error).WithSpan(8, 27, 8, 35).WithArguments("OneAsync", "FastPath"),
                DiagnosticResult.CompilerError("CS0501").WithSpan(8, 27, 8, 35).WithArguments("Store.OneAsync()"),
                new DiagnosticResult("PW0002", DiagnosticSeverity.Error).WithSpan(8, 27, 8, 35).WithArguments("Store", "OneAsync"),
                new DiagnosticResult("PW0002", DiagnosticSeverity.Hidden).WithSpan(8, 27, 8, 35).WithArguments("Store", "OneAsync"),
                new DiagnosticResult("PW0002", DiagnosticSeverity.Error).WithSpan(13, 22, 13, 30).WithArguments("Store", "TwoAsync"),
                new DiagnosticResult("PW0003", DiagnosticSeverity.Error).WithSpan(17, 16, 17, 38).WithArguments("ThreeAsync", "ThreeCoreAsync", "Store", "did you mean 'TwoCoreAsync'? (the code fix uses it; write the name with nameof)"),
                DiagnosticResult.CompilerError("CS0103").WithSpan(17, 23, 17, 37).WithArguments("ThreeCoreAsync"),
                new DiagnosticResult("PW0002", DiagnosticSeverity.Error).WithSpan(18, 28, 18, 38).WithArguments("Store", "ThreeAsync"),
            },
        }.RunAsync();

        [Fact]
        public Task PW0002_makes_every_containing_type_partial() => new PrewiredCodeFixTest<MarkedMethodAnalyzer, ContainingTypeMustBePartialCodeFixProvider>
        {
            TestCode = Usings + """
                public static class Outer
                {
                    public sealed class Store
                    {
                        [TailAwait(nameof(GetCoreAsync))]
                        public partial Task<int> {|PW0002:GetAsync|}();

                        private async Task<int> GetCoreAsync() => await Task.FromResult(1);
                    }
                }
                """,
            FixedCode = Usings + """
                public static partial class Outer
                {
                    public sealed partial class Store
                    {
                        [TailAwait(nameof(GetCoreAsync))]
                        public partial Task<int> GetAsync();

                        private async Task<int> GetCoreAsync() => await Task.FromResult(1);
                    }
                }
                """,
            ExpectedTitle = "Make 'Outer', 'Store' partial",
            // Unmarked before the fix (the stand-in compared only the fixable and marked IDs there). The generator's copies
            // are errors, which '#pragma warning disable' cannot hide: the library's suppression re-run does not apply.
            TestBehaviors = TestBehaviors.SkipSuppressionCheck,
            ExpectedDiagnostics =
            {
                new DiagnosticResult("PW0002", DiagnosticSeverity.Error).WithSpan(10, 34, 10, 42).WithArguments("Store", "GetAsync"),
                DiagnosticResult.CompilerError("CS0751").WithSpan(10, 34, 10, 42),
                DiagnosticResult.CompilerError("CS8795").WithSpan(10, 34, 10, 42).WithArguments("Outer.Store.GetAsync()"),
            },
        }.RunAsync();

        /// <summary>For [Pipeline], PW0002 sits on the pipeline class's name.</summary>
        [Fact]
        public Task PW0002_on_a_pipeline_class_makes_its_containing_type_partial() => new PrewiredCodeFixTest<MarkedMethodAnalyzer, ContainingTypeMustBePartialCodeFixProvider>
        {
            TestCode = Usings + """
                public sealed class Ctx { }
                public sealed class End : IPipelineTerminator<Ctx> { public Task Terminate(Ctx context) => Task.CompletedTask; }

                public class Outer
                {
                    [Pipeline(typeof(End))]
                    public sealed partial class {|PW0002:Checkout|};
                }
                """,
            FixedCode = Usings + """
                public sealed class Ctx { }
                public sealed class End : IPipelineTerminator<Ctx> { public Task Terminate(Ctx context) => Task.CompletedTask; }

                public partial class Outer
                {
                    [Pipeline(typeof(End))]
                    public sealed partial class Checkout;
                }
                """,
        }.RunAsync();

        [Fact]
        public Task PW0002_Fix_All_makes_a_type_partial_once() => new PrewiredCodeFixTest<MarkedMethodAnalyzer, ContainingTypeMustBePartialCodeFixProvider>
        {
            TestCode = Usings + """
                /// <summary>A store.</summary>
                class Store
                {
                    [TailAwait(nameof(OneCoreAsync))]
                    public partial Task<int> {|PW0002:OneAsync|}();

                    private async Task<int> OneCoreAsync() => await Task.FromResult(1);

                    [FastPath(nameof(TwoCoreAsync))]
                    public partial ValueTask<int> {|PW0002:TwoAsync|}();

                    private async ValueTask<int> TwoCoreAsync() => await Task.FromResult(2);
                }
                """,
            FixedCode = Usings + """
                /// <summary>A store.</summary>
                partial class Store
                {
                    [TailAwait(nameof(OneCoreAsync))]
                    public partial Task<int> OneAsync();

                    private async Task<int> OneCoreAsync() => await Task.FromResult(1);

                    [FastPath(nameof(TwoCoreAsync))]
                    public partial ValueTask<int> TwoAsync();

                    private async ValueTask<int> TwoCoreAsync() => await Task.FromResult(2);
                }
                """,
            CodeActionEquivalenceKey = ContainingTypeMustBePartialCodeFixProvider.Key,
            FixAllScope = FixAllScope.Document,
            // Unmarked before the fix (the stand-in compared only the fixable and marked IDs there). The generator's copies
            // are errors, which '#pragma warning disable' cannot hide: the library's suppression re-run does not apply.
            TestBehaviors = TestBehaviors.SkipSuppressionCheck,
            ExpectedDiagnostics =
            {
                new DiagnosticResult("PW0002", DiagnosticSeverity.Error).WithSpan(9, 30, 9, 38).WithArguments("Store", "OneAsync"),
                new DiagnosticResult("PW0002", DiagnosticSeverity.Error).WithSpan(14, 35, 14, 43).WithArguments("Store", "TwoAsync"),
                DiagnosticResult.CompilerError("CS0751").WithSpan(9, 30, 9, 38),
                DiagnosticResult.CompilerError("CS8795").WithSpan(9, 30, 9, 38).WithArguments("Store.OneAsync()"),
                DiagnosticResult.CompilerError("CS0751").WithSpan(14, 35, 14, 43),
                DiagnosticResult.CompilerError("CS8795").WithSpan(14, 35, 14, 43).WithArguments("Store.TwoAsync()"),
            },
        }.RunAsync();

        [Fact]
        public Task PW0003_creates_the_body_method_for_Task_of_T() => new PrewiredCodeFixTest<MarkedMethodAnalyzer, BodyMethodNotFoundCodeFixProvider>
        {
            TestCode = Usings + """
                public partial class Store
                {
                    [TailAwait({|PW0003:"GetCoreAsync"|})]
                    public partial Task<string?> GetAsync(int id, string? name = null);
                }
                """,
            FixedCode = Usings + """
                public partial class Store
                {
                    [TailAwait(nameof(GetCoreAsync))]
                    public partial Task<string?> GetAsync(int id, string? name = null);

                    private async Task<string?> {|PW0010:GetCoreAsync|}(int id, string? name = null)
                    {
                        return await Task.FromException<string?>(new NotImplementedException());
                    }
                }
                """,
            CodeActionEquivalenceKey = BodyMethodNotFoundCodeFixProvider.CreateKey,
            ExpectedTitle = "Create the body method 'GetCoreAsync'",
        }.RunAsync();

        /// <summary>Without 'using System;' the exception keeps its namespace; a static ValueTask method gets a static body.</summary>
        [Fact]
        public Task PW0003_creates_a_static_ValueTask_body_method() => new PrewiredCodeFixTest<MarkedMethodAnalyzer, BodyMethodNotFoundCodeFixProvider>
        {
            TestCode = """
                using System.Threading.Tasks;
                using Prewired;

                public static partial class Jobs
                {
                    [FastPath({|PW0003:"RunCore"|})]
                    public static partial ValueTask Run(int attempts);
                }
                """,
            FixedCode = """
                using System.Threading.Tasks;
                using Prewired;

                public static partial class Jobs
                {
                    [FastPath(nameof(RunCore))]
                    public static partial ValueTask Run(int attempts);

                    private static async ValueTask {|PW0010:RunCore|}(int attempts)
                    {
                        await Task.FromException(new System.NotImplementedException());
                    }
                }
                """,
            CodeActionEquivalenceKey = BodyMethodNotFoundCodeFixProvider.CreateKey,
        }.RunAsync();

        [Fact]
        public Task PW0003_uses_the_method_one_edit_away() => new PrewiredCodeFixTest<MarkedMethodAnalyzer, BodyMethodNotFoundCodeFixProvider>
        {
            TestCode = Usings + """
                public partial class Store
                {
                    [FastPath({|PW0003:"GetCoreAsnc"|})]
                    public partial ValueTask<int> GetAsync();

                    private async ValueTask<int> GetCoreAsync() => await Task.FromResult(1);
                }
                """,
            FixedCode = Usings + """
                public partial class Store
                {
                    [FastPath(nameof(GetCoreAsync))]
                    public partial ValueTask<int> GetAsync();

                    private async ValueTask<int> GetCoreAsync() => await Task.FromResult(1);
                }
                """,
            CodeActionEquivalenceKey = BodyMethodNotFoundCodeFixProvider.UseSimilarKey,
            ExpectedTitle = "Use 'GetCoreAsync'",
            // Unmarked before the fix (the stand-in compared only the fixable and marked IDs there). The generator's copies
            // are errors, which '#pragma warning disable' cannot hide: the library's suppression re-run does not apply.
            TestBehaviors = TestBehaviors.SkipSuppressionCheck,
            ExpectedDiagnostics =
            {
            },
        }.RunAsync();

        /// <summary>Two near misses: the closest (then the first by name) is offered first under the plain key, each other under its own.</summary>
        [Fact]
        public Task PW0003_several_near_misses_are_offered_each_under_its_own_key() => new PrewiredCodeFixTest<MarkedMethodAnalyzer, BodyMethodNotFoundCodeFixProvider>
        {
            TestCode = Usings + """
                public partial class Store
                {
                    [TailAwait({|PW0003:"LoadCor"|})]
                    public partial Task<int> LoadAsync();

                    private async Task<int> LoadCore() => await Task.FromResult(1);

                    private async Task<int> LoadCo() => await Task.FromResult(2);
                }
                """,
            FixedCode = Usings + """
                public partial class Store
                {
                    [TailAwait(nameof(LoadCore))]
                    public partial Task<int> LoadAsync();

                    private async Task<int> LoadCore() => await Task.FromResult(1);

                    private async Task<int> {|PW0102:LoadCo|}() => await Task.FromResult(2);
                }
                """,
            CodeActionEquivalenceKey = BodyMethodNotFoundCodeFixProvider.UseSimilarKey + ".LoadCore",
            ExpectedTitle = "Use 'LoadCore'",
            // Unmarked before the fix (the stand-in compared only the fixable and marked IDs there). The generator's copies
            // are errors, which '#pragma warning disable' cannot hide: the library's suppression re-run does not apply.
            TestBehaviors = TestBehaviors.SkipSuppressionCheck,
            ExpectedDiagnostics =
            {
            },
        }.RunAsync();

        /// <summary>
        /// The case: a typo of an existing body. 'dotnet format' applies Fix All without a key, so each diagnostic
        /// gets the fix registered first: it must be the rename, never a new method that builds and throws when called.
        /// </summary>
        [Fact]
        public Task PW0003_typo_Fix_All_without_a_key_uses_the_existing_method() => new CodeFixTest<BodyMethodNotFoundCodeFixProvider>
        {
            TestCode = Usings + """
                public partial class Store
                {
                    [FastPath({|PW0003:"GetCoreAsnc"|})]
                    public partial ValueTask<int> GetAsync(int id);

                    private async ValueTask<int> GetCoreAsync(int id) => await Task.FromResult(id);
                }
                """,
            FixedCode = Usings + """
                public partial class Store
                {
                    [FastPath(nameof(GetCoreAsync))]
                    public partial ValueTask<int> GetAsync(int id);

                    private async ValueTask<int> GetCoreAsync(int id) => await Task.FromResult(id);
                }
                """,
            EquivalenceKey = BodyMethodNotFoundCodeFixProvider.UseSimilarKey,
            FixAllWithoutEquivalenceKey = true,
            FixAllScope = FixAllScope.Solution,
        }.RunAsync();

        /// <summary>With a method close to the name there is no "Create" offer at all: a typo never becomes a new method.</summary>
        [Fact]
        public Task PW0003_no_create_fix_when_a_method_has_a_close_name() => new PrewiredCodeFixTest<MarkedMethodAnalyzer, BodyMethodNotFoundCodeFixProvider>
        {
            TestCode = Usings + """
                public partial class Store
                {
                    [FastPath({|PW0003:"GetCoreAsnc"|})]
                    public partial ValueTask<int> GetAsync();

                    private async ValueTask<int> GetCoreAsync() => await Task.FromResult(1);
                }
                """,
            CodeActionEquivalenceKey = BodyMethodNotFoundCodeFixProvider.CreateKey,
            ExpectNoFix = true,
            // Unmarked before the fix (the stand-in compared only the fixable and marked IDs there). The generator's copies
            // are errors, which '#pragma warning disable' cannot hide: the library's suppression re-run does not apply.
            TestBehaviors = TestBehaviors.SkipSuppressionCheck,
            ExpectedDiagnostics =
            {
            },
        }.RunAsync();

        /// <summary>A name nowhere near, but a method with the marked method's signature: that method is offered.</summary>
        [Fact]
        public Task PW0003_uses_the_method_with_the_matching_signature() => new PrewiredCodeFixTest<MarkedMethodAnalyzer, BodyMethodNotFoundCodeFixProvider>
        {
            TestCode = Usings + """
                public partial class Store
                {
                    [TailAwait({|PW0003:"Fetch"|})]
                    public partial Task<string> GetAsync(int id);

                    private async Task<string> LoadFromStoreAsync(int id) => await Task.FromResult(id.ToString());

                    private int Unrelated(string text) => text.Length;
                }
                """,
            FixedCode = Usings + """
                public partial class Store
                {
                    [TailAwait(nameof(LoadFromStoreAsync))]
                    public partial Task<string> GetAsync(int id);

                    private async Task<string> LoadFromStoreAsync(int id) => await Task.FromResult(id.ToString());

                    private int Unrelated(string text) => text.Length;
                }
                """,
            ExpectedTitle = "Use 'LoadFromStoreAsync'",
            // Unmarked before the fix (the stand-in compared only the fixable and marked IDs there). The generator's copies
            // are errors, which '#pragma warning disable' cannot hide: the library's suppression re-run does not apply.
            TestBehaviors = TestBehaviors.SkipSuppressionCheck,
            ExpectedDiagnostics =
            {
                new DiagnosticResult("PW0102", DiagnosticSeverity.Info).WithSpan(10, 32, 10, 50).WithArguments("LoadFromStoreAsync"),
            },
        }.RunAsync();

        /// <summary>
        /// Nothing close: the created body is a placeholder the analyzer reports (PW0010) until it is written, so the fixed
        /// project still fails to build instead of building clean and throwing NotImplementedException at every call. The
        /// new member sits on its own lines, indented like the member before it (tabs, two levels deep), with the blank line
        /// the members around it use.
        /// </summary>
        [Fact]
        public Task PW0003_created_body_is_formatted_and_stays_diagnosed_until_written() => new PrewiredCodeFixTest<MarkedMethodAnalyzer, BodyMethodNotFoundCodeFixProvider>
        {
            TestCode = "using System;\nusing System.Threading.Tasks;\nusing Prewired;\n\nnamespace Shop\n{\n\tpublic static partial class Outer\n\t{\n\t\tpublic partial class Store\n\t\t{\n"
                       + "\t\t\t[TailAwait({|PW0003:\"FetchCore\"|})]\n\t\t\tpublic partial Task<int> FetchAsync(int id);\n"
                       + "\t\t\tpublic int Count => 0;\n\t\t}\n\t}\n}\n",
            FixedCode = "using System;\nusing System.Threading.Tasks;\nusing Prewired;\n\nnamespace Shop\n{\n\tpublic static partial class Outer\n\t{\n\t\tpublic partial class Store\n\t\t{\n"
                        + "\t\t\t[TailAwait(nameof(FetchCore))]\n\t\t\tpublic partial Task<int> FetchAsync(int id);\n\n"
                        + "\t\t\tprivate async Task<int> {|PW0010:FetchCore|}(int id)\n\t\t\t{\n\t\t\t\treturn await Task.FromException<int>(new NotImplementedException());\n\t\t\t}\n"
                        + "\t\t\tpublic int Count => 0;\n\t\t}\n\t}\n}\n",
            ExpectedTitle = "Create the body method 'FetchCore'",
        }.RunAsync();

        /// <summary>Fix All without a key over both cases: the typo is pointed at its method, the missing body is created.</summary>
        [Fact]
        public Task PW0003_Fix_All_renames_typos_and_creates_only_what_nothing_matches() => new CodeFixTest<BodyMethodNotFoundCodeFixProvider>
        {
            TestCode = Usings + """
                public partial class Store
                {
                    [TailAwait({|PW0003:"OneCoer"|})]
                    public partial Task<int> One();

                    private async Task<int> OneCore() => await Task.FromResult(1);

                    [FastPath({|PW0003:"TwoCore"|})]
                    public partial ValueTask<long> Two();
                }
                """,
            FixedCode = Usings + """
                public partial class Store
                {
                    [TailAwait(nameof(OneCore))]
                    public partial Task<int> One();

                    private async Task<int> OneCore() => await Task.FromResult(1);

                    [FastPath(nameof(TwoCore))]
                    public partial ValueTask<long> Two();

                    private async ValueTask<long> {|PW0010:TwoCore|}()
                    {
                        return await Task.FromException<long>(new NotImplementedException());
                    }
                }
                """,
            EquivalenceKey = BodyMethodNotFoundCodeFixProvider.UseSimilarKey,
            FixAllWithoutEquivalenceKey = true,
            FixAllScope = FixAllScope.Document,
        }.RunAsync();

        [Fact]
        public Task PW0003_no_create_fix_when_the_name_is_a_property() => new PrewiredCodeFixTest<MarkedMethodAnalyzer, BodyMethodNotFoundCodeFixProvider>
        {
            TestCode = Usings + """
                public partial class Store
                {
                    private Task<int> GetCore => Task.FromResult(1);

                    [TailAwait({|PW0003:nameof(GetCore)|})]
                    public partial Task<int> GetAsync();
                }
                """,
            CodeActionEquivalenceKey = BodyMethodNotFoundCodeFixProvider.CreateKey,
            ExpectNoFix = true,
        }.RunAsync();

        [Fact]
        public Task PW0003_Fix_All_creates_every_missing_body() => new PrewiredCodeFixTest<MarkedMethodAnalyzer, BodyMethodNotFoundCodeFixProvider>
        {
            TestCode = Usings + """
                public partial class Store
                {
                    [TailAwait({|PW0003:"OneCore"|})]
                    public partial Task One();

                    [FastPath({|PW0003:"TwoCore"|})]
                    public partial ValueTask<long> Two();
                }
                """,
            FixedCode = Usings + """
                public partial class Store
                {
                    [TailAwait(nameof(OneCore))]
                    public partial Task One();

                    private async Task {|PW0010:OneCore|}()
                    {
                        await Task.FromException(new NotImplementedException());
                    }

                    [FastPath(nameof(TwoCore))]
                    public partial ValueTask<long> Two();

                    private async ValueTask<long> {|PW0010:TwoCore|}()
                    {
                        return await Task.FromException<long>(new NotImplementedException());
                    }
                }
                """,
            CodeActionEquivalenceKey = BodyMethodNotFoundCodeFixProvider.CreateKey,
            FixAllScope = FixAllScope.Document,
        }.RunAsync();
    }
}
