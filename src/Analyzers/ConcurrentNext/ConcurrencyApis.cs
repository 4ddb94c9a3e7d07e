using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Operations;

namespace Prewired.Analyzers.ConcurrentNext
{
    /// <summary>
    /// PW0320 for next handed to an API that runs its delegate on another thread or several times at once:
    /// <c>Task.Run</c>, <c>Task.Factory.StartNew</c>, <c>Parallel.*</c>, <c>new Thread</c>, <c>ThreadPool.QueueUserWorkItem</c>.
    /// </summary>
    /// <remarks>
    /// Reported even when the result is awaited (<c>await Task.Run(() =&gt; next(c))</c>): the rest of the pipeline then
    /// runs on a thread-pool thread, outside the caller's synchronization context and ambient state, and with Parallel it
    /// runs several times at once. Calls found anywhere inside a lambda argument count (the lambda is what the API runs),
    /// as do <c>next</c>, <c>next.Invoke</c> or a proxy local function passed as the delegate itself. A next call in an
    /// ordinary argument (evaluated before the API is called) does not.
    /// </remarks>
    internal static class ConcurrencyApis
    {
        public static void Report(NextUses uses, Findings findings)
        {
            foreach (var operation in uses.Operations)
            {
                var (api, arguments) = Classify(operation);
                if (api is null || arguments is null) continue;
                foreach (var argument in arguments.Arguments)
                {
                    foreach (var use in uses.All)
                    {
                        if (!argument.Span.Contains(use.Syntax.Span) || !RunsAsDelegate(use, argument)) continue;
                        if (ConcurrencyPolicy.MayShareContext(use, use)) findings.Concurrent(use, api);
                    }
                }
            }
        }

        /// <summary>Inside a lambda or anonymous method within the argument, or the argument itself is the delegate.</summary>
        private static bool RunsAsDelegate(NextUse use, ArgumentSyntax argument)
        {
            if (use.Kind == NextUseKind.DelegateReference && Unparenthesize(argument.Expression) == use.Syntax) return true;
            return use.Syntax.Ancestors().TakeWhile(n => n != argument).Any(n => n is AnonymousFunctionExpressionSyntax);
        }

        private static SyntaxNode Unparenthesize(ExpressionSyntax expression)
        {
            while (expression is ParenthesizedExpressionSyntax parenthesized) expression = parenthesized.Expression;
            return expression;
        }

        /// <summary>The API's name for the message ('Task.Run'), and the argument list holding the delegates; nulls otherwise.</summary>
        private static (string? Api, BaseArgumentListSyntax? Arguments) Classify(IOperation operation)
        {
            switch (operation)
            {
                case IInvocationOperation invocation when invocation.Syntax is InvocationExpressionSyntax syntax:
                    return (Name(invocation), syntax.ArgumentList);
                case IObjectCreationOperation creation when IsType(creation.Constructor?.ContainingType, "System.Threading", "Thread")
                                                             && creation.Syntax is BaseObjectCreationExpressionSyntax { ArgumentList: { } list }:
                    return ("new Thread", list);
                default:
                    return (null, null);
            }
        }

        private static string? Name(IInvocationOperation invocation)
        {
            var method = invocation.TargetMethod;
            var type = method.ContainingType;
            if (IsType(type, "System.Threading.Tasks", "Task") && method.Name == "Run") return "Task.Run";
            if (IsType(type, "System.Threading.Tasks", "TaskFactory") && method.Name == "StartNew")
            {
                return invocation.Instance is IPropertyReferenceOperation { Property.Name: "Factory" } factory && IsType(factory.Property.ContainingType, "System.Threading.Tasks", "Task")
                    ? "Task.Factory.StartNew"
                    : "TaskFactory.StartNew";
            }

            if (IsType(type, "System.Threading.Tasks", "Parallel") && method.Name is "For" or "ForEach" or "ForAsync" or "ForEachAsync" or "Invoke") return "Parallel." + method.Name;
            if (IsType(type, "System.Threading", "ThreadPool") && method.Name is "QueueUserWorkItem" or "UnsafeQueueUserWorkItem") return "ThreadPool." + method.Name;
            return null;
        }

        private static bool IsType(INamedTypeSymbol? type, string ns, string name)
            => type is not null && type.Name == name && type.ContainingNamespace?.ToDisplayString() == ns;
    }
}
