using System;
using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace Prewired.CodeFixes.Syntax
{
    /// <summary>
    /// A method header split by an <c>#if</c> group, as multi-targeted libraries write them:
    /// <code>
    /// #if NETFRAMEWORK
    ///     public async ValueTask&lt;string&gt; GetAsync
    /// #else
    ///     public async Task&lt;string&gt; GetAsync
    /// #endif
    ///         (int id) { ... }
    /// </code>
    /// Rewriting the header in place would leave the group's tail (<c>#else ... #endif</c>) inside both new members. The
    /// conversion instead widens the group to whole members: each branch gets its header followed by the rest of the
    /// original method. The active branch gets the converted members; an inactive branch is converted the same way when
    /// its header takes the same mark (<see cref="InactiveBranch"/>), and otherwise keeps the method as it was.
    /// <para>
    /// Converting every branch, not only the active one, is what makes the result the same whichever configuration the fix
    /// runs in: a multi-targeted project is one project per target, and 'dotnet format' merges their fixes of a shared
    /// file. Two different rewrites of one method would merge as an "Unmerged change" conflict written into the file.
    /// </para>
    /// </summary>
    internal sealed class ConditionalHeader
    {
        private readonly SyntaxTriviaList _prefix;
        private readonly IReadOnlyList<SyntaxTrivia> _directives;
        private readonly IReadOnlyList<string> _branches;
        private readonly int _active;

        private ConditionalHeader(MethodDeclarationSyntax active, SyntaxTriviaList prefix, IReadOnlyList<SyntaxTrivia> directives, IReadOnlyList<string> branches, int activeIndex)
        {
            Active = active;
            _prefix = prefix;
            _directives = directives;
            _branches = branches;
            _active = activeIndex;
        }

        /// <summary>The method as the active configuration reads it, without the group's directives.</summary>
        public MethodDeclarationSyntax Active { get; }

        /// <summary>
        /// Trivia that goes before the converted members: the group's opening and the inactive branches before the active
        /// one, each as <paramref name="inactive"/> rewrites the whole method it holds (its text in, its new text out).
        /// </summary>
        public SyntaxTriviaList Before(Func<string, string> inactive)
        {
            var before = new List<SyntaxTrivia>(_prefix) { _directives[0] };
            for (var i = 0; i < _active; i++)
            {
                before.Add(SyntaxFactory.DisabledText(inactive(_branches[i])));
                before.Add(_directives[i + 1]);
            }

            return SyntaxFactory.TriviaList(before);
        }

        /// <summary>Trivia that goes after them: the inactive branches after the active one and the closing <c>#endif</c>.</summary>
        public SyntaxTriviaList After(Func<string, string> inactive)
        {
            var after = new List<SyntaxTrivia>();
            for (var j = _active + 1; j < _directives.Count; j++)
            {
                after.Add(_directives[j]);
                if (j < _branches.Count) after.Add(SyntaxFactory.DisabledText(inactive(_branches[j])));
            }

            return SyntaxFactory.TriviaList(after);
        }

        /// <summary>
        /// Whether directives inside the method's header (after its first modifier or its return type, before its body)
        /// are a shape the conversion keeps valid for every configuration: none, or one <c>#if</c>/<c>#else</c> group
        /// opened just before the header and closed inside it (<paramref name="split"/> then describes it). Attribute lists
        /// under <c>#if</c> are not such a split: they stay as they are, directives and all.
        /// </summary>
        public static bool CanConvert(MethodDeclarationSyntax method, out ConditionalHeader? split)
        {
            split = null;
            var bodyStart = ((SyntaxNode?)method.Body ?? method.ExpressionBody)?.SpanStart ?? method.Span.End;
            var first = method.Modifiers.Count > 0 ? method.Modifiers[0] : method.ReturnType.GetFirstToken();
            var inner = method.DescendantTrivia().Where(t => t.IsDirective && t.SpanStart > first.SpanStart && t.SpanStart < bodyStart).ToList();
            if (inner.Count == 0) return true;

            // The group closes inside the header: one #endif, last, with only #elif/#else before it and no group opened there.
            // It must have an #else: without one, a configuration with no branch active would see only the header's tail.
            if (!inner.Last().IsKind(SyntaxKind.EndIfDirectiveTrivia) || inner.Take(inner.Count - 1).Any(t => !t.IsKind(SyntaxKind.ElseDirectiveTrivia) && !t.IsKind(SyntaxKind.ElifDirectiveTrivia)))
            {
                return false;
            }

            // Its opening #if is the last one before the method's first token; the branches already begun there follow it.
            var leading = first.LeadingTrivia;
            var opening = -1;
            for (var i = 0; i < leading.Count; i++)
            {
                if (leading[i].IsKind(SyntaxKind.IfDirectiveTrivia)) opening = i;
                else if (leading[i].IsKind(SyntaxKind.EndIfDirectiveTrivia)) opening = -1;
            }

            if (opening < 0) return false;
            var directives = leading.Skip(opening).Where(t => t.IsDirective).Concat(inner).ToList();
            if (directives.Skip(1).Any(t => t.IsKind(SyntaxKind.IfDirectiveTrivia)) || !directives.Any(t => t.IsKind(SyntaxKind.ElseDirectiveTrivia))) return false;

            var text = method.SyntaxTree.GetText();
            string Range(int start, int end) => text.ToString(Microsoft.CodeAnalysis.Text.TextSpan.FromBounds(start, end));
            var rest = Range(directives.Last().FullSpan.End, method.FullSpan.End);
            // Attribute lists before the header belong to every branch: the widened group repeats them in each.
            var hasAttributes = method.AttributeLists.Count > 0;
            var methodLeading = method.GetLeadingTrivia();
            var indentation = Layout.TrailingWhitespace(methodLeading);
            var head = hasAttributes ? indentation.ToFullString() + Range(method.SpanStart, directives[0].FullSpan.Start) : string.Empty;
            var branches = new List<string>();
            var active = -1;
            for (var i = 0; i + 1 < directives.Count; i++)
            {
                var start = directives[i].FullSpan.End;
                var end = directives[i + 1].FullSpan.Start;
                branches.Add(Range(start, end));
                if (start <= first.SpanStart && first.SpanStart < end) active = i;
            }

            if (active < 0) return false;
            var options = (CSharpParseOptions)method.SyntaxTree.Options;
            if (SyntaxFactory.ParseMemberDeclaration(head + branches[active] + rest, options: options) is not MethodDeclarationSyntax activeMethod || activeMethod.ContainsDiagnostics)
            {
                return false;
            }

            var prefix = SyntaxFactory.TriviaList(hasAttributes ? methodLeading.Take(methodLeading.Count - indentation.Count) : leading.Take(opening));
            split = new ConditionalHeader(activeMethod, prefix, directives, branches.Select(b => head + b + rest).ToList(), active);
            return true;
        }
    }
}
