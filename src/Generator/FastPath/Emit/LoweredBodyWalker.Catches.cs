using System.Collections.Generic;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Prewired.Generator.Emit;

namespace Prewired.Generator.FastPath
{
    // A try statement whose catch blocks await, as the compiler lowers it and as both paths write it: each such clause
    // only stores what it caught (its filter still runs where it did), and its block runs after the try statement,
    // chosen by which clause caught.
    internal abstract partial class LoweredBodyWalker
    {
        /// <summary>
        /// The catch clauses of the try: a clause whose block does not await as written; one whose block awaits
        /// (<paramref name="lowered"/>) only stores the exception in its variable (<see cref="Lowering.Caught"/>).
        /// </summary>
        protected void WriteStoringCatchClauses(IEnumerable<CatchClauseSyntax> clauses, ICollection<CatchClauseSyntax> lowered)
        {
            foreach (var clause in clauses)
            {
                if (!lowered.Contains(clause))
                {
                    SyntaxPrinter.PrintStatement(clause, _lines, Replace);
                    continue;
                }

                var type = clause.Declaration is { } declaration ? declaration.Type.WithoutTrivia().ToString() : "global::System.Exception";
                var name = clause.Declaration is { Identifier.RawKind: not 0 } named ? named.Identifier.Text : "__exception";
                var filter = clause.Filter is { } when ? " " + SyntaxPrinter.PrintExpression(when, (node, printer) => ReplaceInFilter(clause, node, printer)) : string.Empty;
                WriteCatchStore(clause, $"catch ({type} {name}){filter}", $"{_lowering.Caught(clause)} = {name};");
                _lines.CloseBrace();
            }
        }

        /// <summary>
        /// After the try: the moved catch blocks, an if/else chain on which clause caught (the last one unconditional
        /// when the try block can only end by a catch, <see cref="Lowering.OnlyCaughtFallThrough"/>).
        /// </summary>
        protected void WriteCaughtBlocks(TryStatementSyntax tryStatement, IReadOnlyList<CatchClauseSyntax> lowered)
        {
            for (var i = 0; i < lowered.Count; i++)
            {
                var clause = lowered[i];
                var caught = _lowering.Caught(clause)!;
                var last = i == lowered.Count - 1 && _lowering.OnlyCaughtFallThrough(tryStatement);
                if (!last) _lines.Line($"{(i == 0 ? "if" : "else if")} ({caught} is not null)");
                else if (i > 0) _lines.Line("else");
                _lines.OpenBrace();
                WriteCaughtBlock(clause, caught);
                _lines.CloseBrace();
            }
        }

        /// <summary>
        /// A moved catch block's statements, its exception variable declared from what the clause caught. The
        /// continuation declares it where a jump into the block cannot skip it.
        /// </summary>
        protected virtual void WriteCaughtBlock(CatchClauseSyntax clause, string caught)
        {
            if (clause.Declaration is { Identifier.RawKind: not 0 } declaration)
            {
                var type = declaration.Type.WithoutTrivia().ToString();
                _lines.Line($"{type} {declaration.Identifier.Text} = ({type}){caught}!;");
            }

            WriteStatements(clause.Block.Statements);
        }

        /// <summary>A node of a storing clause's filter, which runs before the try statement's end (an out variable it
        /// declares is declared before the try).</summary>
        protected abstract bool ReplaceInFilter(CatchClauseSyntax clause, SyntaxNode node, SyntaxPrinter printer);

        /// <summary>
        /// A catch clause that only stores the exception (its block runs after the try): the clause line maps to its filter
        /// (which runs there), the store to the clause's header, where the compiler stores a caught exception. Leaves the
        /// clause's block open.
        /// </summary>
        private void WriteCatchStore(CatchClauseSyntax clause, string header, string store)
        {
            if (clause.Filter is { } filter) _lines.MappedLine(header, filter);
            else _lines.Line(header);
            _lines.OpenBrace();
            _lines.MappedLine(store, LineMark.ForCatch(clause, store.Length));
        }
    }
}
