using System.Threading.Tasks;
using Microsoft.CodeAnalysis.Testing;
using Prewired.Tests.Harness;
using VerifyCS = Prewired.Tests.Harness.AnalyzerVerifier<Prewired.Analyzers.ConcurrentNextAnalyzer>;

namespace Prewired.Tests.Analyzers
{
    /// <summary>
    /// How the ConcurrentNextAnalyzer tests run a source: the usings a behavior author writes are prepended, no generator
    /// runs (the analyzer reads user code only), and compiler errors take part in the exact comparison, so every source
    /// must compile.
    /// </summary>
    internal static class ConcurrentNextVerifier
    {
        public const string Usings = "using System;\nusing System.Collections.Generic;\nusing System.Linq;\nusing System.Threading;\nusing System.Threading.Tasks;\nusing Prewired;\n\n";

        /// <summary>A context type and a Prewired behavior whose <c>Invoke</c> body is <paramref name="body"/>.</summary>
        public static string InBehavior(string body, string members = "", bool isAsync = true) =>
            BehaviorHeader.Replace("public async Task Invoke", isAsync ? "public async Task Invoke" : "public Task Invoke") + "\n" + body + "\n    }\n\n    private static Task Track(Task task) => task;\n" + members + "\n}\n";

        private const string BehaviorHeader = """
            public sealed class Context
            {
                public Context() { }
                public Context(int part) => Part = part;
                public int Part { get; set; }
            }

            public sealed class Behavior : IBehavior<Context, Context>
            {
                private readonly bool _flag = true;
                private static readonly int[] Parts = { 1, 2, 3 };

                public async Task Invoke(Context context, Func<Context, Task> next)
                {
            """;

        /// <summary>PW0320 at markup location <paramref name="location"/>.</summary>
        public static DiagnosticResult Concurrent(int location, string call, string other) =>
            VerifyCS.Diagnostic("PW0320").WithLocation(location).WithArguments(call, other);

        /// <summary>PW0321 at markup location <paramref name="location"/>.</summary>
        public static DiagnosticResult NotAwaited(int location, string call) =>
            VerifyCS.Diagnostic("PW0321").WithLocation(location).WithArguments(call);

        /// <summary>PW0322 (PW0320's finding outside a Prewired pipeline) at markup location <paramref name="location"/>.</summary>
        public static DiagnosticResult ConcurrentOutsidePipeline(int location, string call, string other) =>
            VerifyCS.Diagnostic("PW0322").WithLocation(location).WithArguments(call, other);

        /// <summary>PW0323 (PW0321's finding outside a Prewired pipeline) at markup location <paramref name="location"/>.</summary>
        public static DiagnosticResult NotAwaitedOutsidePipeline(int location, string call) =>
            VerifyCS.Diagnostic("PW0323").WithLocation(location).WithArguments(call);

        public static Task VerifyAsync(string source, params DiagnosticResult[] expected) =>
            VerifyCS.VerifyAnalyzerAsync(Usings + source, expected);
    }
}
