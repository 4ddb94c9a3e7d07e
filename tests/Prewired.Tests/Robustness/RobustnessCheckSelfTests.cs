using System;
using Microsoft.CodeAnalysis;
using Xunit;

namespace Prewired.Tests.Robustness
{
    /// <summary>The robustness check fails when it should, so a passing robustness test means what it says.</summary>
    public sealed class RobustnessCheckSelfTests
    {
        private const string Clean = "public partial class C { public partial void M(); }";

        [Fact]
        public void An_error_in_generated_code_fails_when_the_input_has_none()
        {
            RobustnessOutcome outcome = RobustnessCheck.Run(new[] { Clean }, analyzeInputToo: false,
                generator: new EmittingGenerator("partial class C { partial void M() { int x = \"not an int\"; } }"));
            Assert.False(outcome.InputHasErrors);
            Assert.Contains(outcome.Problems, p => p.Contains("error in generated code", StringComparison.Ordinal) && p.Contains("CS0029", StringComparison.Ordinal));
        }

        [Fact]
        public void An_error_in_generated_code_is_tolerated_when_the_input_has_its_own()
        {
            RobustnessOutcome outcome = RobustnessCheck.Run(new[] { Clean + " class D { int y = \"x\"; }" }, analyzeInputToo: false,
                generator: new EmittingGenerator("partial class C { partial void M() { int x = \"not an int\"; } }"));
            Assert.True(outcome.InputHasErrors);
            Assert.True(outcome.Ok, outcome.Describe());
        }

        [Fact]
        public void An_unexplained_CS8795_fails()
        {
            RobustnessOutcome outcome = RobustnessCheck.Run(new[] { "public partial class C { public partial int M(); }" }, analyzeInputToo: false,
                generator: new EmittingGenerator("// nothing"));
            Assert.Contains(outcome.Problems, p => p.Contains("CS8795", StringComparison.Ordinal));
        }

        [Fact]
        public void A_throwing_generator_fails()
        {
            RobustnessOutcome outcome = RobustnessCheck.Run(new[] { Clean }, analyzeInputToo: false, generator: new ThrowingGenerator(swallow: false));
            Assert.Contains(outcome.Problems, p => p.Contains("the generator threw", StringComparison.Ordinal));
        }

        [Fact]
        public void An_exception_the_generator_swallows_still_fails()
        {
            RobustnessOutcome outcome = RobustnessCheck.Run(new[] { Clean }, analyzeInputToo: false,
                generator: new ThrowingGenerator(swallow: true), alsoWatch: typeof(RobustnessCheckSelfTests).Assembly);
            Assert.Contains(outcome.Problems, p => p.Contains("first chance", StringComparison.Ordinal) && p.Contains("swallowed on purpose", StringComparison.Ordinal));
        }

        private sealed class EmittingGenerator(string text) : IIncrementalGenerator
        {
            public void Initialize(IncrementalGeneratorInitializationContext context) =>
                context.RegisterPostInitializationOutput(c => c.AddSource("Emitted.g.cs", text));
        }

        private sealed class ThrowingGenerator(bool swallow) : IIncrementalGenerator
        {
            public void Initialize(IncrementalGeneratorInitializationContext context) =>
                context.RegisterSourceOutput(context.CompilationProvider, (c, _) =>
                {
                    try
                    {
                        throw new InvalidOperationException("swallowed on purpose");
                    }
                    catch (InvalidOperationException) when (swallow)
                    {
                    }
                });
        }
    }
}
