using System;
using System.IO;
using Microsoft.CodeAnalysis;
using Prewired.Tests.Harness;
using Xunit;
using Xunit.Sdk;

namespace Prewired.Tests.HarnessTests
{
    /// <summary>Most cases run in a temporary folder so a failing case never leaves files in the repository.</summary>
    public sealed class SnapshotVerifierTests : IDisposable
    {
        private const string TestName = "Sample.Method";
        private readonly string _directory = Path.Combine(Path.GetTempPath(), "prewired-snapshots-" + Guid.NewGuid().ToString("N"));

        public void Dispose()
        {
            if (Directory.Exists(_directory))
            {
                Directory.Delete(_directory, recursive: true);
            }
        }

        private string PathOf(string hintStem, string suffix) => Path.Combine(_directory, $"{TestName}#{hintStem}{suffix}");

        private void Verify(string hintName, string source, bool accept = false) =>
            SnapshotVerifier.VerifyIn(_directory, TestName, new[] { (hintName, source) }, accept);

        private static string Lines(params string[] lines) => string.Join("\n", lines) + "\n";

        [Fact]
        public void Matching_snapshot_passes_and_removes_a_stale_received_file()
        {
            Directory.CreateDirectory(_directory);
            File.WriteAllText(PathOf("A.g", ".verified.cs"), Lines("class A", "{", "}"));
            File.WriteAllText(PathOf("A.g", ".received.cs"), "left over from an earlier failure");

            Verify("A.g.cs", Lines("class A", "{", "}"));

            Assert.False(File.Exists(PathOf("A.g", ".received.cs")));
        }

        [Fact]
        public void Line_endings_do_not_matter()
        {
            Directory.CreateDirectory(_directory);
            File.WriteAllText(PathOf("A.g", ".verified.cs"), "class A\r\n{\r\n}\r\n");

            Verify("A.g.cs", Lines("class A", "{", "}"));
        }

        [Fact]
        public void Mismatch_writes_received_file_and_fails_with_a_numbered_diff()
        {
            Directory.CreateDirectory(_directory);
            File.WriteAllText(PathOf("A.g", ".verified.cs"), Lines("class A", "{", "    int X;", "}"));

            XunitException failure = Assert.ThrowsAny<XunitException>(() => Verify("A.g.cs", Lines("class A", "{", "    long X;", "}")));

            Assert.Equal(Lines("class A", "{", "    long X;", "}"), File.ReadAllText(PathOf("A.g", ".received.cs")));
            Assert.Contains("A.g.cs: differs from its verified snapshot", failure.Message);
            Assert.Contains("verified: " + PathOf("A.g", ".verified.cs"), failure.Message);
            Assert.Contains("received: " + PathOf("A.g", ".received.cs"), failure.Message);
            Assert.Contains("-     3       |     int X;", failure.Message);
            Assert.Contains("+           3 |     long X;", failure.Message);
            Assert.Contains("      2     2 | {", failure.Message);
        }

        [Fact]
        public void Missing_snapshot_writes_received_file_and_fails()
        {
            XunitException failure = Assert.ThrowsAny<XunitException>(() => Verify("New.g.cs", Lines("class New { }")));

            Assert.True(File.Exists(PathOf("New.g", ".received.cs")));
            Assert.False(File.Exists(PathOf("New.g", ".verified.cs")));
            Assert.Contains("New.g.cs: no verified snapshot yet", failure.Message);
        }

        [Fact]
        public void Snapshot_whose_hint_is_no_longer_generated_fails_as_stale()
        {
            Directory.CreateDirectory(_directory);
            File.WriteAllText(PathOf("A.g", ".verified.cs"), Lines("class A { }"));
            File.WriteAllText(PathOf("Gone.g", ".verified.cs"), Lines("class Gone { }"));

            XunitException failure = Assert.ThrowsAny<XunitException>(() => Verify("A.g.cs", Lines("class A { }")));

            Assert.Contains("Stale snapshot " + PathOf("Gone.g", ".verified.cs"), failure.Message);
        }

        [Fact]
        public void Accept_mode_writes_verified_and_removes_received_and_stale_snapshots()
        {
            Directory.CreateDirectory(_directory);
            File.WriteAllText(PathOf("A.g", ".verified.cs"), Lines("old"));
            File.WriteAllText(PathOf("A.g", ".received.cs"), Lines("new"));
            File.WriteAllText(PathOf("Gone.g", ".verified.cs"), Lines("gone"));

            Verify("A.g.cs", "new\r\n", accept: true);

            Assert.Equal("new\n", File.ReadAllText(PathOf("A.g", ".verified.cs")));
            Assert.False(File.Exists(PathOf("A.g", ".received.cs")));
            Assert.False(File.Exists(PathOf("Gone.g", ".verified.cs")));
            Verify("A.g.cs", "new\n");
        }

        [Theory]
        [InlineData("1", null, true)]
        [InlineData("1", "false", true)]
        [InlineData("1", "true", false)]
        [InlineData("1", "TRUE", false)]
        [InlineData(null, null, false)]
        [InlineData("true", null, false)]
        public void Accept_mode_needs_the_variable_and_is_never_on_in_CI(string? accept, string? ci, bool expected) =>
            Assert.Equal(expected, SnapshotVerifier.ShouldAccept(accept, ci));

        [Theory]
        [InlineData("Store.GetAsync.g.cs", "Store.GetAsync.g")]
        [InlineData("Pipeline", "Pipeline")]
        [InlineData("Sub/Dir.cs", "Sub_Dir")]
        public void Snapshot_file_names_drop_cs_and_keep_the_rest_of_the_hint(string hintName, string stem) =>
            Assert.Equal(stem, SnapshotVerifier.FileStem(hintName));

        /// <summary>End to end through [CallerFilePath]: the committed snapshot lives in HarnessTests/Snapshots/.</summary>
        [Fact]
        public void Verify_finds_the_snapshot_next_to_the_test_file()
        {
            GeneratorRun run = GeneratorDriverHarness.Run(new GreetingGenerator(), "namespace App { }");

            SnapshotVerifier.Verify(run);
        }

        private sealed class GreetingGenerator : IIncrementalGenerator
        {
            public void Initialize(IncrementalGeneratorInitializationContext context) =>
                context.RegisterPostInitializationOutput(static ctx => ctx.AddSource("Greeting.g.cs", """
                    // <auto-generated/>
                    namespace App
                    {
                        internal static class Greeting
                        {
                            public const string Text = "Hello";
                        }
                    }

                    """));
        }
    }
}
