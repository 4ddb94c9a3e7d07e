using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Prewired.Generator.FastPath;
using Prewired.Generator.Marks;
using Prewired.Generator.Model;

namespace Prewired.Generator.TailAwait
{
    /// <summary>The task an await waits for, seen through a <c>ConfigureAwait</c> call that a tail call may drop.</summary>
    internal readonly struct AwaitOperand
    {
        private AwaitOperand(ExpressionSyntax task, ReturnKind? taskKind, ITypeSymbol? taskType, string? configureAwaitProblem)
        {
            Task = task;
            TaskKind = taskKind;
            TaskType = taskType;
            ConfigureAwaitProblem = configureAwaitProblem;
        }

        /// <summary>The awaited expression without a droppable ConfigureAwait call.</summary>
        public ExpressionSyntax Task { get; }

        /// <summary>Task, Task&lt;T&gt;, ValueTask or ValueTask&lt;T&gt;; null for any other awaitable.</summary>
        public ReturnKind? TaskKind { get; }

        public ITypeSymbol? TaskType { get; }

        /// <summary>Why the ConfigureAwait call cannot be dropped, or null.</summary>
        public string? ConfigureAwaitProblem { get; }

        public static AwaitOperand Of(ExpressionSyntax awaited, SemanticModel model)
        {
            if (awaited is InvocationExpressionSyntax { Expression: MemberAccessExpressionSyntax { Name.Identifier.ValueText: "ConfigureAwait" } access, ArgumentList.Arguments.Count: 1 } invocation
                && model.GetSymbolInfo(invocation).Symbol is IMethodSymbol { Name: "ConfigureAwait" } method
                && KnownTypes.ClassifyTaskType(method.ContainingType) is not null)
            {
                var receiverType = model.GetTypeInfo(access.Expression).Type;
                string? problem = null;
                var argument = invocation.ArgumentList.Arguments[0].Expression;
                if (method.Parameters[0].Type.SpecialType != SpecialType.System_Boolean)
                {
                    // ConfigureAwaitOptions: None and ContinueOnCapturedContext only say where to resume, which a tail
                    // call has nothing left to do; SuppressThrowing and ForceYielding change the outcome.
                    var constant = model.GetConstantValue(argument);
                    if (!constant.HasValue || constant.Value is not int flags || (flags & ~1) != 0)
                    {
                        problem = $"'ConfigureAwait({argument})' changes what the await does (suppressing exceptions or forcing a yield), so it cannot be dropped";
                    }
                }

                return new AwaitOperand(access.Expression, KnownTypes.ClassifyTaskType(receiverType), receiverType, problem);
            }

            var type = model.GetTypeInfo(awaited).Type;
            return new AwaitOperand(awaited, KnownTypes.ClassifyTaskType(type), type, null);
        }
    }
}
