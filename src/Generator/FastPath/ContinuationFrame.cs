using System.Collections.Generic;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace Prewired.Generator.FastPath
{
    /// <summary>
    /// One statement list the continuation resumes in, innermost first: the statements after the point where control
    /// comes back into it (the await's statement, or the statement holding the inner frames).
    /// </summary>
    internal sealed class ContinuationFrame
    {
        public ContinuationFrame(SyntaxNode container, IReadOnlyList<StatementSyntax> rest, bool isMethodBody)
        {
            Container = container;
            Rest = rest;
            IsMethodBody = isMethodBody;
        }

        /// <summary>The block or switch section whose remaining statements this frame runs.</summary>
        public SyntaxNode Container { get; }

        public IReadOnlyList<StatementSyntax> Rest { get; }

        /// <summary>The method's own block: its statements are the continuation's top level, not a nested scope.</summary>
        public bool IsMethodBody { get; }

        /// <summary>For a switch section: the label just after the switch, which breaks out of the section jump to.</summary>
        public string? BreakLabel { get; set; }

        public SwitchStatementSyntax? Switch => Container is SwitchSectionSyntax { Parent: SwitchStatementSyntax s } ? s : null;

        /// <summary>Whether the rest is emitted: false when no path from the await reaches it (it would be unreachable code).</summary>
        public bool RestReached { get; set; }
    }
}
