using System;
using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace Prewired.CodeFixes.Syntax
{
    /// <summary>
    /// Adds <c>using Prewired;</c> where the file keeps its usings, in the order 'dotnet format' keeps them (System first),
    /// outside every <c>#if</c> block, at a place that is the same whichever symbols are defined.
    /// <para>
    /// A multi-targeted project is one project per target, and 'dotnet format' applies the fix once per target and merges
    /// the results: a using placed by the usings one target sees (a block's usings are syntax only where the block is
    /// active) lands in different places on different targets, and the merge keeps both (CS0105, issue 33). So the place
    /// is chosen among the usings outside every block only, which every target sees alike, and the directive is put
    /// right after one of them, or right before one of them or the first member, past the whole leading trivia, so the
    /// blocks around it (active or disabled text) stay on the same side on every target.
    /// </para>
    /// </summary>
    internal static class Usings
    {
        public const string PrewiredNamespace = "Prewired";

        public static CompilationUnitSyntax AddPrewired(CompilationUnitSyntax root, SyntaxTrivia endOfLine)
        {
            if (root.Usings.Any(IsPrewired)) return root;
            var top = Unconditional(root, root.Usings);

            // Usings written inside the namespace (and none at the top outside a block): that is where this file keeps them.
            if (!top.Any(u => u.GlobalKeyword.RawKind == 0)
                && root.Members.OfType<BaseNamespaceDeclarationSyntax>().FirstOrDefault(n => Unconditional(root, n.Usings).Count > 0) is { } inNamespace)
            {
                if (inNamespace.Usings.Any(IsPrewired)) return root;
                return root.ReplaceNode(inNamespace, inNamespace.WithUsings(Insert(inNamespace.Usings, Unconditional(root, inNamespace.Usings), endOfLine)));
            }

            if (top.Count > 0) return root.WithUsings(Insert(root.Usings, top, endOfLine));
            return BeforeMembers(root, endOfLine);
        }

        /// <summary>The usings outside every <c>#if</c> block: the same syntax on every target.</summary>
        private static List<UsingDirectiveSyntax> Unconditional(SyntaxNode root, SyntaxList<UsingDirectiveSyntax> usings)
            => usings.Where(u => ConditionalDepth(root, u.SpanStart) == 0).ToList();

        /// <summary>How many #if blocks are open at <paramref name="position"/>.</summary>
        private static int ConditionalDepth(SyntaxNode root, int position)
        {
            // A group nested in disabled text is not directive trivia, but it is balanced, so the count is still right.
            var depth = 0;
            for (var directive = root.GetFirstDirective(); directive is not null && directive.SpanStart < position; directive = directive.GetNextDirective())
            {
                if (directive.IsKind(SyntaxKind.IfDirectiveTrivia)) depth++;
                else if (directive.IsKind(SyntaxKind.EndIfDirectiveTrivia)) depth--;
            }

            return depth;
        }

        /// <summary>
        /// <paramref name="usings"/> with the directive right after the last of <paramref name="unconditional"/> that sorts
        /// before it (a block that follows that one stays after the new line), or, when none does, right before the first
        /// of them, after its leading trivia: the file header and any block before it stay above the new line.
        /// </summary>
        private static SyntaxList<UsingDirectiveSyntax> Insert(SyntaxList<UsingDirectiveSyntax> usings, List<UsingDirectiveSyntax> unconditional, SyntaxTrivia endOfLine)
        {
            if (unconditional.LastOrDefault(SortsBefore) is { } previous)
            {
                var indentation = Layout.TrailingWhitespace(previous.GetLeadingTrivia());
                return usings.Insert(usings.IndexOf(previous) + 1, Directive(endOfLine).WithLeadingTrivia(indentation));
            }

            var next = unconditional[0];
            var (header, nextIndentation) = Split(next.GetLeadingTrivia());
            return usings.Replace(next, next.WithLeadingTrivia(nextIndentation)).Insert(usings.IndexOf(next), Directive(endOfLine).WithLeadingTrivia(header));
        }

        /// <summary>
        /// No using outside a block at the top or in a namespace: the directive goes where a file without usings gets it,
        /// right before the first member (after the externs and any block's usings), taking that member's leading trivia, with
        /// a blank line before the member.
        /// </summary>
        private static CompilationUnitSyntax BeforeMembers(CompilationUnitSyntax root, SyntaxTrivia endOfLine)
        {
            var last = root.Usings.Count > 0 ? root.Usings.Last() : (SyntaxNode?)root.Externs.LastOrDefault();
            var member = last is null ? root.GetFirstToken(includeZeroWidth: true) : last.GetLastToken().GetNextToken(includeZeroWidth: true);
            var (header, indentation) = Split(member.LeadingTrivia);
            var rest = root.ReplaceToken(member, member.WithLeadingTrivia(SyntaxFactory.TriviaList(endOfLine).AddRange(indentation)));
            return rest.WithUsings(rest.Usings.Add(Directive(endOfLine).WithLeadingTrivia(header)));
        }

        /// <summary>A token's leading trivia as what goes above a line put before it, and its indentation.</summary>
        private static (SyntaxTriviaList Header, SyntaxTriviaList Indentation) Split(SyntaxTriviaList leading)
        {
            var indentation = Layout.TrailingWhitespace(leading);
            return (SyntaxFactory.TriviaList(leading.Take(leading.Count - indentation.Count)), indentation);
        }

        /// <summary>A global using (they come first), or a plain one that sorts before Prewired; static and alias ones come after.</summary>
        private static bool SortsBefore(UsingDirectiveSyntax u)
        {
            if (u.GlobalKeyword.RawKind != 0) return true;
            return u.Alias is null && u.StaticKeyword.RawKind == 0 && u.Name is not null && Compare(u.Name.ToString(), PrewiredNamespace) < 0;
        }

        private static int Compare(string a, string b)
        {
            var aSystem = a == "System" || a.StartsWith("System.", StringComparison.Ordinal);
            var bSystem = b == "System" || b.StartsWith("System.", StringComparison.Ordinal);
            if (aSystem != bSystem) return aSystem ? -1 : 1;
            return string.Compare(a, b, StringComparison.OrdinalIgnoreCase);
        }

        private static bool IsPrewired(UsingDirectiveSyntax u)
            => u.Alias is null && u.StaticKeyword.RawKind == 0 && u.Name?.ToString() == PrewiredNamespace;

        private static UsingDirectiveSyntax Directive(SyntaxTrivia endOfLine)
            => ((UsingDirectiveSyntax)SyntaxFactory.ParseCompilationUnit("using Prewired;").Usings[0]).WithoutTrivia().WithTrailingTrivia(endOfLine);
    }
}
