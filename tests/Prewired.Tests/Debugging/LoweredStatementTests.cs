using System;
using System.Diagnostics;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Runtime.Loader;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Emit;
using Prewired.Generator;
using Prewired.Tests.Harness;
using Xunit;
using Xunit.Abstractions;

namespace Prewired.Tests.Debugging
{
    /// <summary>
    /// Issue 19 point 4 for bodies the generator lowers before it splits them: statements whose awaits are spilled into
    /// temporaries (SpillLowering: <c>var x = a + await B();</c>, awaits in conditional operands, initializers, checked
    /// blocks) and the hidden awaits of <c>await using</c> and <c>await foreach</c> (HiddenAwaitLowering). Every statement
    /// of such a body still binds a breakpoint on its own line, in the synchronous path and in the continuation, and an
    /// exception thrown by the synchronous part of a spilled statement reports that statement's line.
    /// </summary>
    public sealed class LoweredStatementTests
    {
        private readonly ITestOutputHelper _output;

        public LoweredStatementTests(ITestOutputHelper output) => _output = output;

        public const string Source = """
            using System;
            using System.Collections.Generic;
            using System.Threading.Tasks;
            using Prewired;

            namespace Lowered
            {
                public sealed class AsyncResource : IAsyncDisposable
                {
                    public ValueTask DisposeAsync() => default;
                }

                public partial class Worker
                {
                    private int _next;

                    [FastPath(nameof(SpillCoreAsync))]
                    public partial Task<int> SpillAsync(int n, Task<int> gate);

                    private async Task<int> SpillCoreAsync(int n, Task<int> gate)
                    {
                        var total = Next(n) + await Value(n); // @spillValue
                        total += Next(total) * await gate; // @spillCompound
                        var flag = Next(n) > 0 && await Flag(n); // @spillAnd
                        var list = new List<int> { Next(n), await Value(2) }; // @spillInitializer
                        checked // @checkedBlock
                        {
                            var product = Next(n) * await Value(3); // @inChecked
                            total += product; // @afterChecked
                        }

                        Use(Next(n), await Value(4)); // @spillArguments
                        return total + list.Count + (flag ? 1 : 0); // @spillReturn
                    }

                    [FastPath(nameof(HiddenCoreAsync))]
                    public partial Task<int> HiddenAsync(IAsyncEnumerable<int> items, Task<int> gate);

                    private async Task<int> HiddenCoreAsync(IAsyncEnumerable<int> items, Task<int> gate)
                    {
                        var total = 0; // @hiddenFirst
                        await using (var resource = new AsyncResource()) // @awaitUsing
                        {
                            total += await Value(1); // @inAwaitUsing
                        }

                        await foreach (var item in items) // @awaitForeach
                        {
                            total += item; // @inAwaitForeach
                        }

                        total += Next(total) + await gate; // @hiddenSpill
                        return total; // @hiddenReturn
                    }

                    [FastPath(nameof(ThrowCoreAsync))]
                    public partial Task<int> ThrowAsync(int n, Task<int> gate);

                    private async Task<int> ThrowCoreAsync(int n, Task<int> gate)
                    {
                        var total = await gate;
                        total += (n > 100 ? throw new InvalidOperationException("spilled") : n) + await Value(n); // @spillThrow
                        return total;
                    }

                    private int Next(int x) => x + _next++;

                    private static void Use(int a, int b) { }

                    private static Task<int> Value(int x) => Task.FromResult(x);

                    private static ValueTask<bool> Flag(int x) => new(x > 0);
                }
            }
            """;

        /// <summary>Every statement line of the lowered bodies has a visible sequence point in the body's file: in the
        /// synchronous path, and in the continuation for the statements from the first await on.</summary>
        [Theory]
        [InlineData(LanguageVersion.CSharp12)]
        [InlineData(LanguageVersion.CSharp9)]
        public void Lowered_statements_bind_on_their_own_lines(LanguageVersion languageVersion)
        {
            var points = SequencePointTests.SequencePoints(Compile(languageVersion));
            var missing = new System.Collections.Generic.List<string>();
            void Expect(string method, params string[] statements)
            {
                foreach (var statement in statements)
                {
                    var line = LineOf(statement);
                    if (!points.Any(p => p.Method == method && !p.Point.IsHidden && p.Document == DebuggedBodies.SourcePath && p.Point.StartLine == line))
                    {
                        missing.Add($"{method} @{statement} (line {line})");
                    }
                }
            }

            var spilled = new[] { "spillValue", "spillCompound", "spillAnd", "spillInitializer", "inChecked", "afterChecked", "spillArguments", "spillReturn" };
            Expect("SpillAsync__Sync", spilled);
            Expect("<SpillAsync__Resume>.MoveNext", spilled);
            Expect("HiddenAsync__Sync", "hiddenFirst", "awaitUsing", "inAwaitUsing", "awaitForeach", "inAwaitForeach", "hiddenSpill", "hiddenReturn");
            Expect("<HiddenAsync__Resume>.MoveNext", "inAwaitUsing", "awaitForeach", "inAwaitForeach", "hiddenSpill", "hiddenReturn");
            Expect("ThrowAsync__Sync", "spillThrow");
            Expect("<ThrowAsync__Resume>.MoveNext", "spillThrow");
            Assert.True(missing.Count == 0, "No sequence point on: " + string.Join("; ", missing));
        }

        /// <summary>
        /// The lines a lowering writes in place of an <c>await foreach</c> and an <c>await using</c> bind where C# puts its
        /// own points: the enumerator's start at the collection, MoveNextAsync at <c>in</c>, the read of Current at the
        /// iteration variable, the resource at its declaration (columns: the enhanced form).
        /// </summary>
        [Fact]
        public void Written_out_await_foreach_and_await_using_bind_their_parts()
        {
            var points = SequencePointTests.SequencePoints(Compile(LanguageVersion.CSharp12));
            var lines = Source.Split('\n');
            int Column(string statement, string part) => lines[LineOf(statement) - 1].IndexOf(part, StringComparison.Ordinal) + 1;
            bool Binds(string method, string statement, string part)
                => points.Any(p => p.Method == method && !p.Point.IsHidden && p.Document == DebuggedBodies.SourcePath
                                   && p.Point.StartLine == LineOf(statement) && p.Point.StartColumn == Column(statement, part));
            foreach (var method in new[] { "HiddenAsync__Sync", "<HiddenAsync__Resume>.MoveNext" })
            {
                foreach (var part in new[] { "items)", "in items", "var item" })
                {
                    Assert.True(Binds(method, "awaitForeach", part), $"{method} has no sequence point at '{part}' of @awaitForeach.");
                }
            }

            Assert.True(Binds("HiddenAsync__Sync", "awaitUsing", "var resource = new AsyncResource()"), "HiddenAsync__Sync has no sequence point at the resource of @awaitUsing.");
        }

        /// <summary>Every visible sequence point of the generated methods of a lowered body is in the body's file, within
        /// the body, and starts on code (no point maps to a blank line or between tokens).</summary>
        [Theory]
        [InlineData(LanguageVersion.CSharp12)]
        [InlineData(LanguageVersion.CSharp9)]
        public void Every_visible_sequence_point_of_a_lowered_body_is_in_the_body(LanguageVersion languageVersion)
        {
            var points = SequencePointTests.SequencePoints(Compile(languageVersion));
            var lines = Source.Split('\n');
            foreach (var (method, body) in new[]
            {
                ("SpillAsync__Sync", "SpillCoreAsync"), ("<SpillAsync__Resume>.MoveNext", "SpillCoreAsync"),
                ("HiddenAsync__Sync", "HiddenCoreAsync"), ("<HiddenAsync__Resume>.MoveNext", "HiddenCoreAsync"),
                ("ThrowAsync__Sync", "ThrowCoreAsync"), ("<ThrowAsync__Resume>.MoveNext", "ThrowCoreAsync"),
            })
            {
                var (first, last) = BodyLines(body);
                foreach (var (_, document, point) in points.Where(p => p.Method == method && !p.Point.IsHidden))
                {
                    var where = $"{method}: sequence point {document}({point.StartLine},{point.StartColumn})-({point.EndLine},{point.EndColumn})";
                    Assert.True(document == DebuggedBodies.SourcePath, where + " is not in the body's file.");
                    Assert.InRange(point.StartLine, first, last);
                    // The classic form maps lines only (the columns are the generated file's): there the line must hold code.
                    var text = lines[point.StartLine - 1];
                    var onCode = languageVersion >= LanguageVersion.CSharp10
                        ? point.StartColumn - 1 < text.Length && !char.IsWhiteSpace(text[point.StartColumn - 1])
                        : text.Trim().Trim('{', '}').Trim().Length > 0;
                    Assert.True(onCode, where + $" does not start on code: '{text.Trim()}'.");
                }
            }
        }

        /// <summary>The synchronous part of a spilled statement throws (its first operand, written out into a temporary
        /// before the await): the frame reports the statement's own file and line.</summary>
        [Fact]
        public async Task An_exception_thrown_by_the_synchronous_part_of_a_spilled_statement_reports_its_line()
        {
            var (image, _) = DebuggedBodies.Emit(Compile(LanguageVersion.CSharp12), DebugInformationFormat.Embedded);
            var context = new AssemblyLoadContext("Lowered." + Guid.NewGuid().ToString("N"), isCollectible: true);
            try
            {
                var assembly = context.LoadFromStream(new MemoryStream(image));
                var worker = Activator.CreateInstance(assembly.GetType("Lowered.Worker", throwOnError: true)!)!;
                var task = (Task<int>)worker.GetType().GetMethod("ThrowAsync")!
                    .Invoke(worker, BindingFlags.DoNotWrapExceptions, binder: null, new object[] { 500, Task.FromResult(1) }, culture: null)!;
                Assert.True(task.IsFaulted);
                var exception = await Assert.ThrowsAsync<InvalidOperationException>(() => task);
                Assert.Equal("spilled", exception.Message);
                var frame = new StackTrace(exception, fNeedFileInfo: true).GetFrames().First();
                Assert.StartsWith("ThrowAsync__Sync", frame.GetMethod()!.Name, StringComparison.Ordinal);
                Assert.Equal(DebuggedBodies.SourcePath, frame.GetFileName());
                Assert.Equal(LineOf("spillThrow"), frame.GetFileLineNumber());
            }
            finally
            {
                context.Unload();
            }
        }

        /// <summary>A temporary in place of an operand keeps the operand's spacing (<c>__pwSpill0 + __spill0</c>, not
        /// <c>__pwSpill0+ __spill0</c>): the written-out statement reads as the body's.</summary>
        [Fact]
        public void Temporaries_keep_the_spacing_of_the_operands_they_replace()
        {
            var run = GeneratorDriverHarness.Run(new IIncrementalGenerator[] { new PrewiredGenerator() }, new[] { Source });
            var text = string.Concat(run.GeneratedSources.Select(s => s.SourceText.ToString()));
            Assert.Contains("__pwSpill0 + __spill0", text, StringComparison.Ordinal);
            Assert.DoesNotMatch(@"__pwSpill\d+[+*-]", text);
        }

        private Compilation Compile(LanguageVersion languageVersion)
        {
            var settings = TestCompilationSettings.Default with { LanguageVersion = languageVersion };
            var run = GeneratorDriverHarness.Run(new IIncrementalGenerator[] { new PrewiredGenerator() }, new[] { Source }, settings);
            foreach (var generated in run.GeneratedSources) _output.WriteLine(generated.SourceText.ToString());
            run.AssertGeneratedCodeCompilesCleanly();
            Assert.Equal(3, run.GeneratedSources.Length);
            Assert.DoesNotContain(run.GeneratedSources, s => s.SourceText.ToString().Contains("Forwarding to", StringComparison.Ordinal));
            return run.OutputCompilation;
        }

        private static int LineOf(string name)
        {
            var lines = Source.Split('\n');
            var index = Array.FindIndex(lines, l => l.TrimEnd().EndsWith("// @" + name, StringComparison.Ordinal));
            Assert.True(index >= 0, $"No line is marked '@{name}'.");
            return index + 1;
        }

        private static (int First, int Last) BodyLines(string name)
        {
            var root = CSharpSyntaxTree.ParseText(Source).GetRoot();
            var method = root.DescendantNodes().OfType<Microsoft.CodeAnalysis.CSharp.Syntax.MethodDeclarationSyntax>().Single(m => m.Identifier.ValueText == name);
            var span = method.Body!.GetLocation().GetLineSpan().Span;
            return (span.Start.Line + 1, span.End.Line + 1);
        }
    }
}
