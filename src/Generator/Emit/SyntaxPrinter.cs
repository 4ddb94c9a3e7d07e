using System;
using System.Collections.Generic;
using System.Text;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;

namespace Prewired.Generator.Emit
{
    /// <summary>
    /// Prints the user's statements into generated code as they were written (comments and layout kept), with chosen
    /// nodes replaced by generated text. Preprocessor directives and disabled text are dropped: the generated file is
    /// compiled under the same symbols, so the active branch is the one to keep, and a lone #if would not compile.
    /// </summary>
    internal sealed class SyntaxPrinter
    {
        private readonly Func<SyntaxNode, SyntaxPrinter, bool>? _replace;
        private readonly StringBuilder _text = new();

        // Offsets in _text where a multi-line token's continuation lines begin: those lines keep their whitespace.
        private readonly List<(int Start, int End)> _verbatimRanges = new();

        public SyntaxPrinter(Func<SyntaxNode, SyntaxPrinter, bool>? replace = null) => _replace = replace;

        /// <summary>Prints <paramref name="node"/> re-indented so its first line sits at the indentation of <paramref name="lines"/>.</summary>
        public static void PrintStatement(SyntaxNode node, CodeLines lines, Func<SyntaxNode, SyntaxPrinter, bool>? replace = null)
        {
            var printer = new SyntaxPrinter(replace);
            printer.Node(node, includeLeading: true, includeTrailing: false);
            printer.AppendTo(lines, ColumnOf(node));
        }

        /// <summary>Prints an expression on its own, without surrounding trivia.</summary>
        public static string PrintExpression(SyntaxNode node, Func<SyntaxNode, SyntaxPrinter, bool>? replace = null)
        {
            var printer = new SyntaxPrinter(replace);
            printer.Node(node, includeLeading: false, includeTrailing: false);
            return printer._text.ToString();
        }

        public void Write(string text) => _text.Append(text);

        /// <summary>Prints a node inside a replacement, through the same replacement rules.</summary>
        public void Node(SyntaxNode node) => Node(node, includeLeading: false, includeTrailing: false);

        /// <summary>Prints a node exactly as written, with no replacement inside it (lambdas keep their own returns).</summary>
        public void Unchanged(SyntaxNode node)
        {
            var printer = new SyntaxPrinter();
            printer.Node(node, includeLeading: false, includeTrailing: false);
            var offset = _text.Length;
            _text.Append(printer._text);
            foreach (var (start, end) in printer._verbatimRanges) _verbatimRanges.Add((start + offset, end + offset));
        }

        private void Node(SyntaxNode node, bool includeLeading, bool includeTrailing)
        {
            var first = node.GetFirstToken();
            var last = node.GetLastToken();
            if (first.RawKind == 0) return;
            if (_replace is not null)
            {
                var mark = _text.Length;
                if (includeLeading) Trivia(first.LeadingTrivia);
                var contentStart = _text.Length;
                if (_replace(node, this))
                {
                    // A replacement that writes nothing removes the node, and with it the line it stood on.
                    if (_text.Length == contentStart) _text.Length = mark;
                    else if (includeTrailing) Trivia(last.TrailingTrivia);
                    return;
                }

                // Not replaced: undo the trivia so the walk below prints it once, in place.
                _text.Length = mark;
            }

            foreach (var child in node.ChildNodesAndTokens())
            {
                if (child.IsNode)
                {
                    var childNode = child.AsNode()!;
                    Node(childNode, includeLeading || childNode.GetFirstToken() != first, includeTrailing || childNode.GetLastToken() != last);
                    continue;
                }

                var token = child.AsToken();
                if (includeLeading || token != first) Trivia(token.LeadingTrivia);
                TokenText(token);
                if (includeTrailing || token != last) Trivia(token.TrailingTrivia);
            }
        }

        private void TokenText(SyntaxToken token)
        {
            var text = token.Text;
            var newline = text.IndexOf('\n');
            if (newline < 0)
            {
                _text.Append(text);
                return;
            }

            _text.Append(text, 0, newline + 1);
            var start = _text.Length;
            _text.Append(text, newline + 1, text.Length - newline - 1);
            _verbatimRanges.Add((start, _text.Length));
        }

        private void Trivia(SyntaxTriviaList trivia)
        {
            foreach (var item in trivia)
            {
                if (item.IsDirective || item.IsKind(SyntaxKind.DisabledTextTrivia) || item.IsKind(SyntaxKind.SkippedTokensTrivia)) continue;
                _text.Append(item.ToFullString());
            }
        }

        private void AppendTo(CodeLines lines, int baseColumn)
        {
            var text = _text.ToString().Replace("\r\n", "\n").Replace('\r', '\n');
            var position = 0;
            var firstLine = true;
            foreach (var raw in text.Split('\n'))
            {
                var lineStart = position;
                position += raw.Length + 1;
                if (IsVerbatim(lineStart))
                {
                    lines.Verbatim(raw);
                    continue;
                }

                var trimmed = raw.TrimEnd();
                if (firstLine && trimmed.Trim().Length == 0) continue;
                firstLine = false;
                var leading = trimmed.Length - trimmed.TrimStart().Length;
                var extra = Math.Max(0, leading - baseColumn);
                lines.Line(trimmed.Length == 0 ? string.Empty : new string(' ', extra) + trimmed.TrimStart());
            }

            // Drop blank lines the trivia left at the end.
            lines.TrimTrailingBlankLines();
        }

        private bool IsVerbatim(int lineStart)
        {
            foreach (var (start, end) in _verbatimRanges)
            {
                if (lineStart >= start && lineStart <= end) return true;
            }

            return false;
        }

        private static int ColumnOf(SyntaxNode node)
        {
            var token = node.GetFirstToken();
            return token.GetLocation().GetLineSpan().StartLinePosition.Character;
        }
    }
}
