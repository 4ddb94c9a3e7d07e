using System;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using static Microsoft.CodeAnalysis.CSharp.SyntaxFactory;

namespace Prewired.Tests.Harness
{
    /// <summary>
    /// Measures what compiled code allocates on one path with <see cref="GC.GetAllocatedBytesForCurrentThread"/>, so that
    /// what is measured is what the C# compiler emitted (shared by the PW0401 allocation oracle and the test of its fix).
    /// </summary>
    /// <remarks>
    /// Every method and local function is compiled by the JIT with <c>[MethodImpl(NoInlining | NoOptimization)]</c>
    /// (<see cref="WithoutJitOptimizations"/>, on a copy of the source; the attribute changes nothing in the C# lowering).
    /// Otherwise the .NET 10 JIT may inline a method into its caller, fold its branches on a constant argument and
    /// stack-allocate the display class, depending on tiering. The path is warmed up, then run in rounds; the smallest
    /// round counts, so a runtime allocation on the side (tiering, a first-call stub) cannot make a path look allocating.
    /// </remarks>
    public static class AllocationMeter
    {
        public const int WarmUp = 100;
        public const int Rounds = 5;
        public const int Calls = 200;

        /// <summary>The bytes the least-allocating round of <see cref="Calls"/> calls of <paramref name="path"/> allocated.</summary>
        public static long LeastBytes(Action path)
        {
            for (int i = 0; i < WarmUp; i++)
            {
                path();
            }

            long least = long.MaxValue;
            for (int round = 0; round < Rounds; round++)
            {
                long before = GC.GetAllocatedBytesForCurrentThread();
                for (int i = 0; i < Calls; i++)
                {
                    path();
                }

                least = Math.Min(least, GC.GetAllocatedBytesForCurrentThread() - before);
            }

            return least;
        }

        /// <summary>The source with NoInlining | NoOptimization on every method and local function that has a body.</summary>
        public static string WithoutJitOptimizations(string source)
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
