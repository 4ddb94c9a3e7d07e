using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Reflection;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Diagnostics;
using Prewired.Analyzers;
using Prewired.Tests.Harness;
using Xunit;
using Xunit.Abstractions;
using static Microsoft.CodeAnalysis.CSharp.SyntaxFactory;

namespace Prewired.Tests.Analyzers
{
    /// <summary>
    /// The allocation oracle for PW0401: every <see cref="ClosureCases"/> case is compiled (Release, as users ship), its
    /// fast path is run, and the bytes it allocates are compared with the analyzer's verdict on that same compilation:
    /// reported ⇔ bytes &gt; 0 (<see cref="OracleKind"/> says what a case without a closure-free path asserts instead).
    /// </summary>
    /// <remarks>
    /// What is measured is what the C# compiler emitted: every method and local function of the case is compiled by the
    /// JIT with <c>[MethodImpl(NoInlining | NoOptimization)]</c> (added to a copy of the source; the attribute changes
    /// nothing in the C# lowering). Otherwise the .NET 10 JIT may inline a method into the driver, fold its branches on a
    /// constant argument and stack-allocate the display class, and whether it does depends on tiering: the oracle would
    /// then test the JIT, not the compiler rules the analyzer follows. The fast path is warmed up, then run in rounds of
    /// <see cref="Calls"/> calls; the smallest round counts, so a runtime allocation on the side (tiering, a first-call stub)
    /// cannot make a case look allocating.
    /// </remarks>
    public sealed class ClosureOracleTests
    {
        private const int WarmUp = 100;
        private const int Rounds = 5;
        private const int Calls = 200;

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
            bool reported = reports.Any(d => d.Id == "PW0401");
            Assert.Equal(!@case.Reports.IsEmpty, reported);

            long bytes = MeasureFastPath(compilation);
            string verdict = $"{name}: reported={reported}, the fast path allocates {bytes} bytes per {Calls} calls";
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
            Assert.True(MeasureFastPath(compilation) >= Calls * 24);
        }

        private static long MeasureFastPath(Compilation compilation)
        {
            using LoadedAssembly loaded = CompileAndRun.Load(compilation);
            MethodInfo method = loaded.GetType("OracleDriver").GetMethod("FastPath")!;
            var fastPath = (Action)Delegate.CreateDelegate(typeof(Action), method);
            for (int i = 0; i < WarmUp; i++)
            {
                fastPath();
            }

            long least = long.MaxValue;
            for (int round = 0; round < Rounds; round++)
            {
                long before = GC.GetAllocatedBytesForCurrentThread();
                for (int i = 0; i < Calls; i++)
                {
                    fastPath();
                }

                least = Math.Min(least, GC.GetAllocatedBytesForCurrentThread() - before);
            }

            return least;
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

        /// <summary>The case's source with NoInlining | NoOptimization on every method and local function that has a body.</summary>
        private static string Instrument(string source)
        {
            SyntaxNode root = CSharpSyntaxTree.ParseText(source).GetRoot();
            return new NoOptimizationRewriter().Visit(root).ToFullString();
        }

        private sealed class NoOptimizationRewriter : CSharpSyntaxRewriter
        {
            private static readonly AttributeListSyntax Attribute = ParseCompilationUnit(
                    "[global::System.Runtime.CompilerServices.MethodImpl(global::System.Runtime.CompilerServices.MethodImplOptions.NoInlining | global::System.Runtime.CompilerServices.MethodImplOptions.NoOptimization)] void M() {}")
                .DescendantNodes().OfType<AttributeListSyntax>().Single();

            public override SyntaxNode? VisitMethodDeclaration(MethodDeclarationSyntax node)
            {
                var visited = (MethodDeclarationSyntax)base.VisitMethodDeclaration(node)!;
                return visited.Body is null && visited.ExpressionBody is null ? visited : visited.AddAttributeLists(Attribute);
            }

            public override SyntaxNode? VisitLocalFunctionStatement(LocalFunctionStatementSyntax node) =>
                ((LocalFunctionStatementSyntax)base.VisitLocalFunctionStatement(node)!).AddAttributeLists(Attribute);
        }
    }
}
