using System.Collections.Generic;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Prewired.Generator.Analysis;

namespace Prewired.Generator.FastPath
{
    /// <summary>One await of a [FastPath] body, with what its continuation needs. Lives only inside the transform.</summary>
    internal sealed class SplitPoint
    {
        public SplitPoint(int index, AwaitExpressionSyntax awaitExpression, SplitForm form, StatementSyntax? statement)
        {
            Index = index;
            Await = awaitExpression;
            Form = form;
            Statement = statement;
        }

        public int Index { get; }

        public AwaitExpressionSyntax Await { get; }

        public SplitForm Form { get; }

        /// <summary>The statement holding the await; null for an arrow body.</summary>
        public StatementSyntax? Statement { get; }

        public string AwaitableVariable => "__awaitable" + Index;

        /// <summary>The fully qualified type of the awaited expression: the continuation's first parameter.</summary>
        public string? AwaitableTypeName { get; set; }

        public string AwaiterVariable => "__awaiter" + Index;

        /// <summary>Locals and parameters whose values the continuation reads: they become its parameters.</summary>
        public List<ISymbol> LiveIn { get; } = new();

        /// <summary>Variables declared before the await that the continuation only writes before reading: plain locals there.</summary>
        public List<ISymbol> DeclaredInContinuation { get; } = new();

        /// <summary>The continuation's statements, already rendered.</summary>
        public Emit.CodeLines Continuation { get; } = new();
    }
}
