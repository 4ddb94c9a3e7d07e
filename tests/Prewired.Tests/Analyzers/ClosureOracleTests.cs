using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Reflection;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Diagnostics;
using Prewired.Analyzers;
using Prewired.Tests.Harness;
using Xunit;
using Xunit.Abstractions;

namespace Prewired.Tests.Analyzers
{
    /// <summary>
    /// The allocation oracle for PW0401: every <see cref="ClosureCases"/> case is compiled (Release, as users ship), its
    /// fast path is run, and the bytes it allocates are compared with the analyzer's verdict on that same compilation:
    /// reported ⇔ bytes &gt; 0 (<see cref="OracleKind"/> says what a case without a closure-free path asserts instead).
    /// </summary>
    /// <remarks>
    /// The measurement (JIT optimizations off, warm-up, least of several rounds) is <see cref="AllocationMeter"/>'s, shared
    /// with the test of PW0401's code fix.
    /// </remarks>
    public sealed class ClosureOracleTests
    {
        private readonly ITestOutputHelper _output;

        public ClosureOracleTests(ITestOutputHelper output) => _output = output;

        public static IEnumerable<object[]> Cases() => ClosureCases.All.Keys.OrderBy(k => k, StringComparer.Ordinal).Select(k => new object[] { k });

        [Theory]
        [MemberData(nameof(Cases))]
        public async Task Fast_path_allocates_exactly_when_reported(string name)
        {
            ClosureCase @case = ClosureCases.All[name];
            CSharpCompilation compilation = TestCompilation.Create(
                new[] { Instrument(@case.Text), Driver(@case) },
                TestCompilationSettings.Default with { AssemblyName = "ClosureOracle." + name + "." + Guid.NewGuid().ToString("N") });

            ImmutableArray<Diagnostic> reports = await compilation
                .WithAnalyzers(ImmutableArray.Create<DiagnosticAnalyzer>(new ClosureAnalyzer()))
                .GetAnalyzerDiagnosticsAsync();
            bool reported = reports.Any(d => d.Id is "PW0401" or "PW0402");
            Assert.Equal(!@case.Reports.IsEmpty, reported);

            long bytes = MeasureFastPath(compilation);
            string verdict = $"{name}: reported={reported}, the fast path allocates {bytes} bytes per {AllocationMeter.Calls} calls";
            _output.WriteLine(verdict);
            switch (@case.Oracle)
            {
                case OracleKind.FastPath:
                    Assert.True(reported == bytes > 0, verdict);
                    break;
                case OracleKind.PathUsesClosure:
                case OracleKind.NotTaskLike:
                    Assert.True(!reported && bytes > 0, verdict + $" ({@case.Oracle}: expected an allocation and no report)");
                    break;
            }
        }

        /// <summary>The oracle must be able to fail: a case that allocates on its fast path for another reason is caught.</summary>
        [Fact]
        public void Measurement_sees_an_allocation_on_the_fast_path()
        {
            var @case = new ClosureCase("Boxing", "public static class Boxes { public static object Box(int x) => x; }", "_ = Boxes.Box(1000);");
            CSharpCompilation compilation = TestCompilation.Create(new[] { Instrument(@case.Text), Driver(@case) });
            Assert.True(MeasureFastPath(compilation) >= AllocationMeter.Calls * 24);
        }

        private static long MeasureFastPath(Compilation compilation)
        {
            using LoadedAssembly loaded = CompileAndRun.Load(compilation);
            MethodInfo method = loaded.GetType("OracleDriver").GetMethod("FastPath")!;
            return AllocationMeter.LeastBytes((Action)Delegate.CreateDelegate(typeof(Action), method));
        }

        private static string Driver(ClosureCase @case) => ClosureVerifier.Usings + $$"""
            public static class OracleDriver
            {
                {{@case.Setup}}

                [MethodImpl(MethodImplOptions.NoInlining | MethodImplOptions.NoOptimization)]
                public static void FastPath()
                {
                    {{@case.FastPath}}
                }
            }
            """;

        private static string Instrument(string source) => AllocationMeter.WithoutJitOptimizations(source);
    }
}
