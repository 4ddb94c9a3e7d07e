using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;

namespace Prewired.CodeFixes.Syntax
{
    /// <summary>
    /// The whitespace conventions of the document being fixed: its line ending and a member's indentation, so new code
    /// is written in the style of the code around it without running the formatter over the user's own lines.
    /// </summary>
    internal static class Layout
    {
        /// <summary>The document's first line ending (\r\n or \n).</summary>
        public static SyntaxTrivia EndOfLine(SyntaxNode root)
        {
            foreach (var trivia in root.DescendantTrivia())
            {
                if (trivia.IsKind(SyntaxKind.EndOfLineTrivia)) return trivia;
            }

            return SyntaxFactory.EndOfLine("\n");
        }

        /// <summary>The whitespace before the node's first token on its line.</summary>
        public static SyntaxTrivia Indentation(SyntaxNode node)
        {
            var leading = node.GetFirstToken().LeadingTrivia;
            var last = leading.LastOrDefault();
            return last.IsKind(SyntaxKind.WhitespaceTrivia) ? last : SyntaxFactory.Whitespace(string.Empty);
        }

        /// <summary>One level of indentation, guessed from an existing one (a tab, or four spaces).</summary>
        public static string IndentUnit(SyntaxTrivia indentation)
            => indentation.ToString().Contains('\t') ? "\t" : "    ";

        /// <summary>
        /// The whitespace at the end of a token's leading trivia: its indentation when it starts a line (after an end of
        /// line, a doc comment or a directive, which end their lines themselves).
        /// </summary>
        public static SyntaxTriviaList TrailingWhitespace(SyntaxTriviaList trivia)
        {
            var start = trivia.Count;
            while (start > 0 && trivia[start - 1].IsKind(SyntaxKind.WhitespaceTrivia)) start--;
            return SyntaxFactory.TriviaList(trivia.Skip(start));
        }
    }
}
