using System;
using System.Collections.Immutable;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis.Testing;
using Prewired.Analyzers;
using Prewired.DependencyInjection;
using Prewired.Generator;
using Prewired.Tests.Harness;
using VerifyCS = Prewired.Tests.Harness.AnalyzerVerifier<Prewired.Analyzers.PipelineAnalyzer>;

namespace Prewired.Tests.Analyzers
{
    /// <summary>
    /// How pipeline validation tests run a source: a few stage types every test can list are appended, the generator runs
    /// first (so a valid pipeline has its constructor, an invalid one none), then <see cref="PipelineAnalyzer"/>; compiler
    /// errors take part in the exact comparison, so a test also proves the generator added no errors of its own.
    /// </summary>
    internal static class PipelineVerifier
    {
        public const string Stages = """

            public sealed class Ctx { }
            public sealed class Other { }
            public sealed class Pass : IBehavior<Ctx, Ctx> { public Task Invoke(Ctx context, Func<Ctx, Task> next) => next(context); }
            public sealed class InlinePass : IInlineBehavior<Ctx, Ctx> { public Task Invoke<TNext>(Ctx context, TNext next) where TNext : struct, INext<Ctx> => next.Invoke(context); }
            public sealed class ToOther : IBehavior<Ctx, Other> { public Task Invoke(Ctx context, Func<Other, Task> next) => next(new Other()); }
            public sealed class End : IPipelineTerminator<Ctx> { public Task Terminate(Ctx context) => Task.CompletedTask; }
            public sealed class OtherEnd : IPipelineTerminator<Other> { public Task Terminate(Other context) => Task.CompletedTask; }
            """;

        public static DiagnosticResult Diagnostic(string id) => VerifyCS.Diagnostic(id);

        public static DiagnosticResult CompilerError(string id) => DiagnosticResult.CompilerError(id);

        public static Task VerifyAsync(string source, params DiagnosticResult[] expected) => Test(source, expected).RunAsync();

        /// <summary>With the test adjusted before it runs: a configuration file, another source file, the library's checks.</summary>
        public static Task VerifyAsync(string source, Action<VerifyCS.Test> adjust, params DiagnosticResult[] expected)
        {
            var test = Test(source, expected);
            adjust(test);
            return test.RunAsync();
        }

        /// <summary>With Prewired.DependencyInjection referenced, so the generated registration and its rule (PW0306) apply.</summary>
        public static Task VerifyWithDependencyInjectionAsync(string source, params DiagnosticResult[] expected)
        {
            var test = Test(source, expected);
            test.CompilationSettings = TestCompilationSettings.Default with
            {
                AdditionalAssemblies = ImmutableArray.Create(typeof(PipelineServices).Assembly, typeof(Microsoft.Extensions.DependencyInjection.IServiceCollection).Assembly),
            };
            return test.RunAsync();
        }

        private static VerifyCS.Test Test(string source, DiagnosticResult[] expected)
        {
            var test = new VerifyCS.Test { TestCode = MarkedMethodVerifier.Usings + source + Stages };
            test.Generators.Add(typeof(PrewiredGenerator));
            test.ExpectedDiagnostics.AddRange(expected);
            return test;
        }
    }
}
