using System.Collections.Immutable;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace Prewired.Analyzers.ConcurrentNext
{
    /// <summary>
    /// The collections of <c>foreach (var t in tasks) await t;</c> loops: the loop completes every task the collection
    /// holds. Flow alone cannot see that (it must assume the loop may run zero times, leaving the tasks pending after
    /// it), so the loop's start is taken as completing them: the syntax of each such collection, to match the
    /// <c>GetEnumerator()</c> the control flow graph calls on it.
    /// </summary>
    internal static class AwaitedForEachCollections
    {
        public static ImmutableHashSet<SyntaxNode> Find(ImmutableArray<IOperation> operations)
        {
            var found = ImmutableHashSet<SyntaxNode>.Empty;
            foreach (var loop in operations.OfType<IForEachLoopOperation>())
            {
                if (loop.IsAsynchronous || loop.LoopControlVariable is not IVariableDeclaratorOperation { Symbol: { } element }) continue;
                var collection = Unwrap(loop.Collection);
                if (collection is not ILocalReferenceOperation) continue;
                if (AwaitsInBody(loop.Body, element)) found = found.Add(collection.Syntax);
            }

            return found;
        }

        /// <summary>The instance's syntax, looked through conversions, as <see cref="Find"/> records it.</summary>
        public static SyntaxNode? CollectionSyntax(IOperation? instance) => instance is null ? null : Unwrap(instance).Syntax;

        private static bool AwaitsInBody(IOperation body, ILocalSymbol element)
        {
            foreach (var awaited in body.DescendantsAndSelf().OfType<IAwaitOperation>())
            {
                if (InNestedFunction(awaited, body)) continue;
                var operand = Unwrap(awaited.Operation);
                if (operand is IInvocationOperation { TargetMethod.Name: "ConfigureAwait" } configured) operand = Unwrap(configured.Instance);
                if (operand is ILocalReferenceOperation local && SymbolEqualityComparer.Default.Equals(local.Local, element)) return true;
            }

            return false;
        }

        private static bool InNestedFunction(IOperation operation, IOperation body)
        {
            for (var current = operation.Parent; current is not null && current != body; current = current.Parent)
            {
                if (current is IAnonymousFunctionOperation or ILocalFunctionOperation) return true;
            }

            return false;
        }

        private static IOperation Unwrap(IOperation? operation)
        {
            while (operation is IConversionOperation conversion) operation = conversion.Operand;
            return operation!;
        }
    }
}
