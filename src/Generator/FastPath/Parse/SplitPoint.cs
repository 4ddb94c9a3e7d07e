using System.Collections.Generic;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Prewired.Generator.Marks;
using Prewired.Generator.TailAwait;

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

        /// <summary>
        /// The body code the generated lines of this await stand for (their <c>#line</c> mapping): the statement it is in
        /// when that is a simple statement, else the await itself (in an if's or a loop's header).
        /// </summary>
        public SyntaxNode MappedTo => Await.FirstAncestorOrSelf<StatementSyntax>() is ExpressionStatementSyntax or LocalDeclarationStatementSyntax or ReturnStatementSyntax or ThrowStatementSyntax or YieldStatementSyntax
            ? Await.FirstAncestorOrSelf<StatementSyntax>()!
            : Await;

        /// <summary>For an await spilled from a while or for condition: that loop. The await runs at the top of every
        /// iteration, so its continuation finishes the iteration it tested (the condition, then the body) and runs the loop on.</summary>
        public StatementSyntax? AwaitingLoop => Form == SplitForm.Spill && Statement is WhileStatementSyntax or ForStatementSyntax ? Statement : null;

        /// <summary>The condition of <see cref="AwaitingLoop"/>.</summary>
        public ExpressionSyntax? LoopCondition => AwaitingLoop switch
        {
            WhileStatementSyntax w => w.Condition,
            ForStatementSyntax f => f.Condition,
            _ => null,
        };

        /// <summary>For a spilled await: its position among the spilled awaits of its statement (0 for the first).</summary>
        public int SpillOrdinal { get; set; }

        /// <summary>For a spilled await: the later spilled awaits of the same statement, which its continuation awaits
        /// itself before running the statement.</summary>
        public List<SplitPoint> LaterSpills { get; } = new();

        /// <summary>For a spilled await: the earlier spilled awaits of the same statement, whose temporaries it takes over.</summary>
        public List<SplitPoint> EarlierSpills { get; } = new();

        /// <summary>For a spilled await: the temporary its statement reads instead of the await (or of its conditional).</summary>
        public string SpillVariable => "__spill" + Index;

        /// <summary>For an await that is a conditionally evaluated operand: the conditional expression that spills with it
        /// (the statement reads the temporary in its place), its kind and the temporary's type.</summary>
        public ExpressionSyntax? Conditional { get; set; }

        public ConditionalSpillKind ConditionalKind { get; set; }

        public string? ConditionalTypeName { get; set; }

        /// <summary>For <c>c ? await a : await b</c>: the other branch's await (set on the first, the one the statement is
        /// keyed by); the branch taken awaits into the first's temporary.</summary>
        public SplitPoint? ConditionalPartner { get; set; }

        /// <summary>Set on the second await of <c>c ? await a : await b</c>: written by the first.</summary>
        public bool IsConditionalPartner { get; set; }

        /// <summary>The node the statement reads the temporary in place of.</summary>
        public ExpressionSyntax Spilled => Conditional ?? Await;

        /// <summary>The fully qualified type of the awaited expression: the continuation's first parameter.</summary>
        public string? AwaitableTypeName { get; set; }

        /// <summary>
        /// Set when the awaited expression is a Task, Task&lt;T&gt;, ValueTask or ValueTask&lt;T&gt; itself (not a configured
        /// awaitable): the synchronous path then tests IsCompletedSuccessfully on it and reads the result directly.
        /// </summary>
        public Model.ReturnKind? TaskKind { get; set; }

        /// <summary>Set for an awaitable outside the framework's task types, whose pattern calls the user can observe.</summary>
        public CustomAwaiter? Custom { get; set; }

        public string AwaiterVariable => "__awaiter" + Index;

        /// <summary>The fully qualified type GetAwaiter returns, for a framework awaitable: the type of the field a
        /// state-machine continuation keeps the pending awaiter in (<see cref="ContinuationMachine"/>).</summary>
        public string? AwaiterTypeName { get; set; }

        /// <summary>The continuation method's name without its index, e.g. "GetAsync__Resume".</summary>
        public string? ResumePrefix { get; set; }

        /// <summary>Locals and parameters whose values the continuation reads: they become its parameters.</summary>
        public List<ISymbol> LiveIn { get; } = new();

        /// <summary>
        /// Struct locals of <see cref="LiveIn"/> that are assigned field by field (<c>S s; s.i = 1;</c>): C# tracks their
        /// fields, so they are not definitely assigned where the await hands over, yet a field flows into the rest. The
        /// synchronous path declares them with <c>= default</c> so they can be passed (the fields the body leaves unassigned
        /// are never read: the body would not compile).
        /// </summary>
        public List<ISymbol> AssignedByFields { get; } = new();

        /// <summary>Variables declared before the await that the continuation only writes before reading: plain locals there.</summary>
        public List<ISymbol> DeclaredInContinuation { get; } = new();

        /// <summary>Generated variables the continuation takes over after the live ones: enumerators, arrays and indexes of
        /// the foreach loops it resumes inside, and resources of <c>using (expression)</c>; outermost first.</summary>
        public List<(string Type, string Name)> Synthetic { get; } = new();

        /// <summary>Some frame runs a finally or disposes after the await: the synchronous path sets its hand-off flag
        /// before handing over, so that finally stays the continuation's.</summary>
        public bool NeedsHandOffFlag { get; set; }
    }
}
