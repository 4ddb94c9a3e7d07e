using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace Prewired.Analyzers.ConcurrentNext
{
    /// <summary>
    /// PW0321: a next call whose task nobody will observe. The task is followed up through the expressions that only
    /// wrap it (conversions, <c>ConfigureAwait</c>, <c>Task.WhenAll</c> arguments) to where it ends: an expression
    /// statement or a discard (<c>_ = next(c)</c>) loses it, and so does a local that is never read afterwards. Awaited,
    /// returned, passed to a method, stored in a field or read from the local in any way: someone may observe it, and
    /// the analyzer does not guess further (a task passed on has escaped).
    /// </summary>
    internal static class DiscardedTasks
    {
        public static void Report(NextUses uses, Findings findings)
        {
            HashSet<ILocalSymbol>? read = null;
            foreach (var use in uses.All)
            {
                if (!use.IsCall) continue;
                switch (Destination(use.Operation))
                {
                    case IExpressionStatementOperation:
                    case ISimpleAssignmentOperation { Target: IDiscardOperation }:
                        findings.NotAwaited(use);
                        break;
                    case ILocalSymbol local:
                        read ??= ReadLocals(uses);
                        if (!read.Contains(local)) findings.NotAwaited(use);
                        break;
                }
            }
        }

        /// <summary>
        /// Where the task ends up: the statement or discard assignment dropping it, the local it is stored in, or null
        /// when it is consumed (awaited, returned, passed on).
        /// </summary>
        private static object? Destination(IOperation operation)
        {
            var current = operation;
            while (true)
            {
                var parent = current.Parent;
                switch (parent)
                {
                    case IConversionOperation:
                    case IParenthesizedOperation:
                    case IConditionalOperation conditional when conditional.Condition != current:
                    case ICoalesceOperation:
                    case IArrayInitializerOperation:
                    case IArrayCreationOperation:
                        current = parent;
                        continue;
                    case IConditionalAccessOperation access when access.WhenNotNull == current:
                        current = access;
                        continue;
                    case IInvocationOperation invocation when invocation.Instance == current && TaskApis.Classify(invocation.TargetMethod) == TaskApiKind.PassThrough:
                        current = invocation;
                        continue;
                    case IArgumentOperation { Parent: IInvocationOperation combinator } when TaskApis.Classify(combinator.TargetMethod) is TaskApiKind.WhenAll or TaskApiKind.WhenAny:
                        current = combinator;
                        continue;
                    case IExpressionStatementOperation statement:
                        return statement;
                    case ISimpleAssignmentOperation assignment when assignment.Value == current:
                        if (assignment.Target is IDiscardOperation) return assignment;
                        return assignment.Target is ILocalReferenceOperation local && assignment.Parent is IExpressionStatementOperation ? local.Local : null;
                    case IVariableInitializerOperation { Parent: IVariableDeclaratorOperation declarator }:
                        return declarator.Symbol;
                    default:
                        return null;
                }
            }
        }

        /// <summary>Locals read anywhere in the method, lambdas included: a task awaited inside a lambda is still observed.</summary>
        private static HashSet<ILocalSymbol> ReadLocals(NextUses uses)
        {
            var read = new HashSet<ILocalSymbol>(SymbolEqualityComparer.Default);
            foreach (var reference in uses.Operations.OfType<ILocalReferenceOperation>())
            {
                if (reference.Parent is ISimpleAssignmentOperation assignment && assignment.Target == reference) continue;
                read.Add(reference.Local);
            }

            return read;
        }
    }
}
