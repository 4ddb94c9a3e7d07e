using System;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace Prewired.CodeFixes.Syntax
{
    /// <summary>Adds <c>using Prewired;</c> where the file keeps its usings, in the order 'dotnet format' keeps them (System first).</summary>
    internal static class Usings
    {
        public const string PrewiredNamespace = "Prewired";

        public static CompilationUnitSyntax AddPrewired(CompilationUnitSyntax root, SyntaxTrivia endOfLine)
        {
            if (root.Usings.Any(IsPrewired)) return root;

            // Usings written inside the namespace (and none at the top): that is where this file keeps them.
            if (!root.Usings.Any(u => u.GlobalKeyword.RawKind == 0)
                && root.Members.OfType<BaseNamespaceDeclarationSyntax>().FirstOrDefault(n => n.Usings.Count > 0) is { } inNamespace)
            {
                if (inNamespace.Usings.Any(IsPrewired)) return root;
                return OutsideConditionalBlocks(root, inNamespace.Usings, at => root.ReplaceNode(inNamespace, inNamespace.WithUsings(InsertAt(inNamespace.Usings, at, endOfLine))));
            }

            if (root.Usings.Count > 0) return OutsideConditionalBlocks(root, root.Usings, at => root.WithUsings(InsertAt(root.Usings, at, endOfLine)));

            // No usings at all: first thing after any extern aliases, with a blank line before the code that follows.
            var directive = Directive(endOfLine);
            if (root.Externs.Count > 0)
            {
                return root.WithUsings(SyntaxFactory.SingletonList(directive.WithLeadingTrivia(endOfLine)));
            }

            var first = root.GetFirstToken(includeZeroWidth: true);
            var header = first.LeadingTrivia;
            var rest = root.ReplaceToken(first, first.WithLeadingTrivia(SyntaxFactory.TriviaList(endOfLine).AddRange(Layout.TrailingWhitespace(header))));
            return rest.WithUsings(SyntaxFactory.SingletonList(directive.WithLeadingTrivia(header.Take(header.Count - Layout.TrailingWhitespace(header).Count))));
        }

        /// <summary>
        /// The root with the directive inserted where it sorts, or the first place after that outside every <c>#if</c>
        /// block: inside one it would exist only for the configurations that define the symbol, and every other target of
        /// a multi-targeted library would lose it. A block that closes right after the place (its <c>#endif</c> leads the
        /// next line) is left by moving the directives up to that <c>#endif</c> before the new using.
        /// </summary>
        private static CompilationUnitSyntax OutsideConditionalBlocks(CompilationUnitSyntax root, SyntaxList<UsingDirectiveSyntax> usings, Func<int, CompilationUnitSyntax> insertAt)
        {
            var sorted = SortedIndex(usings);
            for (var at = sorted; at <= usings.Count; at++)
            {
                var inserted = insertAt(at);
                var directive = inserted.DescendantNodes().OfType<UsingDirectiveSyntax>().First(u => u.HasAnnotation(s_inserted));
                var depth = ConditionalDepth(inserted, directive.SpanStart);
                if (depth == 0) return inserted;

                // The next line's leading directives: take them up to the #endif that closes the block, if they reach it.
                var next = directive.GetLastToken().GetNextToken(includeZeroWidth: true);
                var leading = next.LeadingTrivia;
                for (var i = 0; i < leading.Count; i++)
                {
                    if (leading[i].IsKind(SyntaxKind.IfDirectiveTrivia)) depth++;
                    else if (leading[i].IsKind(SyntaxKind.EndIfDirectiveTrivia) && --depth == 0)
                    {
                        var moved = leading.Take(i + 1).Concat(directive.GetLeadingTrivia());
                        var rest = SyntaxFactory.TriviaList(leading.Skip(i + 1));
                        return inserted.ReplaceTokens(new[] { directive.GetFirstToken(), next }, (original, _) =>
                            original == next ? original.WithLeadingTrivia(rest) : original.WithLeadingTrivia(moved));
                    }
                }
            }

            return insertAt(sorted);
        }

        /// <summary>How many #if blocks are open at <paramref name="position"/>.</summary>
        private static int ConditionalDepth(SyntaxNode root, int position)
        {
            var depth = 0;
            for (var directive = root.GetFirstDirective(); directive is not null && directive.SpanStart < position; directive = directive.GetNextDirective())
            {
                if (directive.IsKind(SyntaxKind.IfDirectiveTrivia)) depth++;
                else if (directive.IsKind(SyntaxKind.EndIfDirectiveTrivia)) depth--;
            }

            return depth;
        }

        private static readonly SyntaxAnnotation s_inserted = new();

        /// <summary>After the last plain using that sorts before it (global usings come first, static and alias ones after).</summary>
        private static int SortedIndex(SyntaxList<UsingDirectiveSyntax> usings)
        {
            var index = -1;
            for (var i = 0; i < usings.Count; i++)
            {
                var u = usings[i];
                if (u.GlobalKeyword.RawKind != 0)
                {
                    index = i;
                    continue;
                }

                if (u.Alias is not null || u.StaticKeyword.RawKind != 0 || u.Name is null) continue;
                if (Compare(u.Name.ToString(), PrewiredNamespace) < 0) index = i;
            }

            return index + 1;
        }

        private static SyntaxList<UsingDirectiveSyntax> InsertAt(SyntaxList<UsingDirectiveSyntax> usings, int at, SyntaxTrivia endOfLine)
        {
            var index = at - 1;
            var indentation = Layout.TrailingWhitespace(usings[Math.Max(index, 0)].GetLeadingTrivia());
            var directive = Directive(endOfLine).WithLeadingTrivia(indentation).WithAdditionalAnnotations(s_inserted);
            if (index >= 0) return usings.Insert(index + 1, directive);

            // First of all: it takes over the file header that sat before the old first using.
            var oldFirst = usings[0];
            directive = directive.WithLeadingTrivia(oldFirst.GetLeadingTrivia());
            return usings.Replace(oldFirst, oldFirst.WithLeadingTrivia(indentation)).Insert(0, directive);
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
