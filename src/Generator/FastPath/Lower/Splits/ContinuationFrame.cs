using System.Collections.Generic;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace Prewired.Generator.FastPath
{
    /// <summary>What a frame does around the part of the continuation inside it.</summary>
    internal enum FrameKind
    {
        /// <summary>A block: the rest of its statements (inside the try/finally of any using declaration before the resume point).</summary>
        Block,

        /// <summary>A switch section: the rest of its statements; a break leaves to just after it.</summary>
        SwitchSection,

        /// <summary>for, while or do: the rest of the current iteration, then the loop again.</summary>
        Loop,

        /// <summary>foreach: the rest of the current iteration, then the same enumerator (or index) to the end, then its disposal.</summary>
        ForEach,

        /// <summary>A try block: the rest of it inside the same try, with the same catch clauses and finally.</summary>
        Try,

        /// <summary>A using statement: the rest of its body inside a try whose finally disposes the resource.</summary>
        Using,

        /// <summary>A finally block that awaits: the rest of it, then the exception the try caught is rethrown or the return
        /// it recorded is made (the synchronous path ran the try as the compiler lowers it).</summary>
        Finally,

        /// <summary>A catch block: the rest of it (outside any catch, as the compiler runs a catch block that awaits),
        /// inside a try whose finally is the try statement's own finally, if it has one.</summary>
        Catch,
    }

    /// <summary>
    /// One statement the continuation resumes inside, innermost first: a statement list whose rest runs after the point
    /// where control comes back into it, or a loop, try or using that runs code around that point.
    /// </summary>
    internal sealed class ContinuationFrame
    {
        public ContinuationFrame(FrameKind kind, SyntaxNode container, IReadOnlyList<StatementSyntax> rest, bool isMethodBody)
        {
            Kind = kind;
            Container = container;
            Rest = rest;
            IsMethodBody = isMethodBody;
        }

        public FrameKind Kind { get; }

        /// <summary>The block, switch section, loop, try or using statement of this frame: also the scope key of the
        /// variables declared in it.</summary>
        public SyntaxNode Container { get; }

        /// <summary>The statements after the resume point, for a block or switch section.</summary>
        public IReadOnlyList<StatementSyntax> Rest { get; }

        /// <summary>The method's own block: its statements are the continuation's top level, not a nested scope.</summary>
        public bool IsMethodBody { get; }

        /// <summary>For a block: the using declarations before the resume point, outermost first; they stay in scope around it.</summary>
        public List<LocalDeclarationStatementSyntax> UsingDeclarations { get; } = new();

        /// <summary>For a loop: the label a continue of the current iteration jumps to (null when none does).</summary>
        public string? ContinueLabel { get; set; }

        /// <summary>For a switch section or a loop: the label a break out of the resumed part jumps to (null when none does).</summary>
        public string? BreakLabel { get; set; }

        /// <summary>For a loop: whether the loop runs on after the current iteration (its end or a continue is reachable).</summary>
        public bool TailReached { get; set; }

        public SwitchStatementSyntax? Switch => Container is SwitchSectionSyntax { Parent: SwitchStatementSyntax s } ? s : null;

        /// <summary>Whether the rest is emitted: false when no path from the await reaches it (it would be unreachable code).</summary>
        public bool RestReached { get; set; }

        /// <summary>Whether the frame needs the sync path's hand-off flag: it disposes or runs a finally after the await.</summary>
        public bool IsProtected => Kind is FrameKind.Using || UsingDeclarations.Count > 0 || (Kind == FrameKind.ForEach && ForEach!.Disposal != FastPath.DisposalShape.None)
                                   || (Kind == FrameKind.Try && ((TryStatementSyntax)Container).Finally is not null && !FinallyWrittenOut)
                                   || (Kind == FrameKind.Catch && ((TryStatementSyntax)Container.Parent!).Finally is not null && !FinallyWrittenOut);

        /// <summary>For a try or catch block: the statement's finally awaits, so the synchronous path runs it after the
        /// statement (see FinallyLowering), not in a finally a hand-off returns through: no hand-off flag for it.</summary>
        public bool FinallyWrittenOut { get; set; }

        /// <summary>For a finally block that awaits: its try statement written out.</summary>
        public FinallyLowering? Finally { get; set; }

        /// <summary>For a catch block: the variable holding the caught exception, for a <c>throw;</c> in the rest of it.</summary>
        public string? CaughtVariable { get; set; }

        /// <summary>For a foreach: how it is written out.</summary>
        public ForEachLowering? ForEach { get; set; }

        /// <summary>For a using statement: its resource.</summary>
        public UsingLowering? Using { get; set; }
    }
}
