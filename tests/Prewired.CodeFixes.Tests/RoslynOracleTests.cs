using System;
using System.IO;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Prewired.RoslynOracle;
using Prewired.RoslynOracle.Extraction;
using Prewired.RoslynOracle.Reporting;
using Xunit;

namespace Prewired.CodeFixes.Tests
{
    /// <summary>
    /// eng/RoslynOracle on a test file of our own, written the way dotnet/roslyn's emit tests are: the programs it extracts
    /// (and the calls it skips, with why), and the check of one program end to end (converted by the code fix, split,
    /// run as written and in the pending form, the same output), and of one whose test expects another output (skipped).
    /// </summary>
    public sealed class RoslynOracleTests
    {
        private const string TestFile = """"
            public class CodeGenAsyncSampleTests : EmitMetadataTestBase
            {
                private const string Header = "using System;\nusing System.Threading.Tasks;\n";

                [Fact]
                public void Sums()
                {
                    var source = Header + @"
            class Program
            {
                static async Task<int> SumAsync(int n)
                {
                    var total = 0;
                    for (var i = 0; i < n; i++)
                    {
                        total += await Task.FromResult(i);
                        try { if (i == 2) throw new InvalidOperationException(""two""); }
                        catch (InvalidOperationException ex) { if (i > 1) await Task.Yield(); Console.WriteLine(ex.Message); }
                    }
                    return total;
                }

                static void Main() => Console.WriteLine(SumAsync(4).Result);
            }";
                    CompileAndVerify(source, expectedOutput: "two\n6");
                }

                [Fact]
                public void WrongExpectation()
                {
                    var comp = CreateCompilationWithMscorlib45("""
                        using System;
                        using System.Threading.Tasks;
                        class Program
                        {
                            static async Task<int> OneAsync() => await Task.FromResult(1);
                            static void Main() => Console.WriteLine(OneAsync().Result);
                        }
                        """);
                    CompileAndVerify(comp.WithOptions(TestOptions.ReleaseExe), expectedOutput: "2");
                }

                [Fact]
                public void Library()
                {
                    CompileAndVerify("class C { }", "");
                }

                [Fact]
                public void Built()
                {
                    CompileAndVerify(MakeSource(3), "3");
                }
            }
            """";

        [Fact]
        public void Extracts_each_program_with_its_expected_output_and_says_why_a_call_is_skipped()
        {
            var (programs, skipped) = TestProgramExtractor.Extract("Sample.cs", TestFile);
            Assert.Equal(new[] { "Sums", "WrongExpectation" }, programs.Select(p => p.Name));
            Assert.Equal("two\n6", programs[0].ExpectedOutput);
            Assert.Contains("static async Task<int> SumAsync(int n)", programs[0].Source);
            Assert.StartsWith("using System;\nusing System.Threading.Tasks;\n", programs[0].Source);
            Assert.Contains("OneAsync", programs[1].Source);
            Assert.Equal(new[] { "a library, not a program (no Main)", "its source is not a constant string (built at run time or from a helper)" }, skipped.Select(s => s.Reason));
        }

        private const string NewerTestFile = """"
            public class CodeGenAwaitSampleTests : EmitMetadataTestBase
            {
                [Fact]
                public void WithHelperSource()
                {
                    string source = @"
            class Program { static async System.Threading.Tasks.Task Main() { await System.Threading.Tasks.Task.Yield(); System.Console.Write(""a""); } }";
                    var comp = CreateCompilationWithTasksExtensions(new[] { source, s_IAsyncEnumerable }, options: TestOptions.DebugExe);
                    CompileAndVerify(comp, expectedOutput: "a");
                    CompileAndVerify(CreateCompilationWithTasksExtensions(source + AsyncStreamsTypes), expectedOutput: "a");
                    CompileAndVerify(CreateCompilationWithTasksExtensions(new[] { source, OtherSource }), expectedOutput: "a");
                }

                [Fact]
                public void Replaced()
                {
                    string source = @"class Program { static void Main() { System.Console.Write(""REPLACE""); } }";
                    CompileAndVerify(source.Replace("REPLACE", "b"), expectedOutput: "b");
                }

                [Theory]
                [InlineData("x")]
                [InlineData("y")]
                public void Bound(string letter)
                {
                    var source = $$"""
                        class Program { static void Main() { System.Console.Write("{{letter}}"); } }
                        """;
                    CompileAndVerify(source, expectedOutput: ExecutionConditionUtil.IsMonoOrCoreClr ? letter : null);
                }
            }
            """";

        [Fact]
        public void Extracts_programs_of_the_newer_test_files_and_notes_how_they_are_adapted()
        {
            var (programs, skipped) = TestProgramExtractor.Extract("Sample.cs", NewerTestFile);
            Assert.Equal(new[] { "WithHelperSource", "WithHelperSource#1", "Replaced", "Bound", "Bound#1" }, programs.Select(p => p.Name));
            Assert.Equal(new[] { "several source files" }, skipped.Select(s => s.Reason));
            Assert.Equal("Roslyn's helper source `s_IAsyncEnumerable` left out (it declares types .NET 10 has)", Assert.Single(programs[0].Notes));
            Assert.Equal("Roslyn's helper source `AsyncStreamsTypes` left out (it declares types .NET 10 has)", Assert.Single(programs[1].Notes));
            Assert.DoesNotContain("AsyncStreamsTypes", programs[1].Source);
            Assert.Contains("Write(\"b\")", programs[2].Source);
            Assert.Equal(new[] { "x", "y" }, programs.Skip(3).Select(p => p.ExpectedOutput));
            Assert.Contains("Write(\"y\")", programs[4].Source);
            Assert.Contains(programs[4].Notes, n => n.Contains("CoreCLR"));
        }

        [Fact]
        public async Task Converts_runs_and_compares_a_program_in_both_forms()
        {
            var (programs, _) = TestProgramExtractor.Extract("Sample.cs", TestFile);
            var work = Path.Combine(Path.GetTempPath(), "prewired-oracle-test-" + Guid.NewGuid().ToString("N"));
            try
            {
                using var findings = new StringWriter();
                var check = new ProgramCheck(work, findings);
                var tally = new FileTally("Sample.cs");
                foreach (var program in programs) await check.CheckAsync(program, tally, CancellationToken.None);

                Assert.True(findings.ToString().Length == 0, findings.ToString());
                Assert.Equal(2, tally.Programs);
                Assert.Equal(1, tally.Run);
                Assert.Equal(1, tally.MethodsMarked);
                Assert.Equal(1, tally.Split);
                Assert.Equal(0, tally.Forwarded);
                Assert.Equal(1, tally.PendingRun);
                Assert.Equal(0, tally.OutputDifferences + tally.PendingOutputDifferences + tally.CompileErrors + tally.GeneratedWarnings);
                Assert.Equal(1, tally.SkipReasons["the original prints another output on .NET 10 than its test expects (a .NET Framework behaviour)"]);
            }
            finally
            {
                if (Directory.Exists(work)) Directory.Delete(work, recursive: true);
            }
        }
    }
}
