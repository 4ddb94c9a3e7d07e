using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace Prewired.RoslynOracle.Conversion
{
    /// <summary>
    /// The program's second form: every await of a Task, Task&lt;T&gt;, ValueTask or ValueTask&lt;T&gt; awaits
    /// <c>PrewiredOracle.Pending.Of(operand)</c> instead, a task of the same type that completes as the operand did, but
    /// only after a yield, so every such await of the program goes pending (the [FastPath] code then hands over at each).
    /// Custom awaitables and configured awaits are left as they are. Both forms are run as the original and as converted.
    /// </summary>
    internal static class PendingOperands
    {
        public const string HelperFileName = "PrewiredOraclePending.cs";

        /// <summary>The helper: its own file, never converted.</summary>
        public const string Helper = """
            namespace PrewiredOracle
            {
                internal static class Pending
                {
                    public static async global::System.Threading.Tasks.Task Of(global::System.Threading.Tasks.Task task) { await global::System.Threading.Tasks.Task.Yield(); await task; }
                    public static async global::System.Threading.Tasks.Task<T> Of<T>(global::System.Threading.Tasks.Task<T> task) { await global::System.Threading.Tasks.Task.Yield(); return await task; }
                    public static async global::System.Threading.Tasks.ValueTask Of(global::System.Threading.Tasks.ValueTask task) { await global::System.Threading.Tasks.Task.Yield(); await task; }
                    public static async global::System.Threading.Tasks.ValueTask<T> Of<T>(global::System.Threading.Tasks.ValueTask<T> task) { await global::System.Threading.Tasks.Task.Yield(); return await task; }
                }
            }
            """;

        /// <summary>The rewritten source and how many awaits it changed (0: the form is the program itself).</summary>
        public static (string Source, int Rewritten) Rewrite(CSharpCompilation compilation, SyntaxTree tree)
        {
            var model = compilation.GetSemanticModel(tree);
            var awaits = tree.GetRoot().DescendantNodes().OfType<AwaitExpressionSyntax>().Where(a => IsTaskLike(model.GetTypeInfo(a.Expression).Type)).ToList();
            var root = tree.GetRoot().ReplaceNodes(awaits, (original, rewritten) => rewritten.WithExpression(
                SyntaxFactory.ParseExpression($"global::PrewiredOracle.Pending.Of({rewritten.Expression.WithoutTrivia().ToFullString()})")
                    .WithTriviaFrom(rewritten.Expression)));
            return (root.ToFullString(), awaits.Count);
        }

        private static bool IsTaskLike(ITypeSymbol? type)
            => type is INamedTypeSymbol { Name: "Task" or "ValueTask", ContainingNamespace: var ns } && ns.ToDisplayString() == "System.Threading.Tasks";
    }
}
