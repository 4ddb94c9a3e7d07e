using System;
using System.Collections.Generic;
using System.Text;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Text;
using Prewired.Generator.FastPath;
using Prewired.Generator.Marks;
using Prewired.Generator.TailAwait;

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

        // The text copied from the source as it is (tokens and trivia, not replacements): where it is in _text and where it
        // starts in the tree, so each printed line can be mapped back to its line in the body's file.
        private readonly List<Origin> _origins = new();

        public SyntaxPrinter(Func<SyntaxNode, SyntaxPrinter, bool>? replace = null) => _replace = replace;

        /// <summary>Prints <paramref name="node"/> re-indented so its first line sits at the indentation of <paramref name="lines"/>.</summary>
        public static void PrintStatement(SyntaxNode node, CodeLines lines, Func<SyntaxNode, SyntaxPrinter, bool>? replace = null)
        {
            var printer = new SyntaxPrinter(replace);
            printer.Node(node, includeLeading: true, includeTrailing: false);
            printer.AppendTo(lines, ColumnOf(node), LineDirectives.FormFor(node.SyntaxTree) == LineDirectiveForm.None ? null : node);
        }

        /// <summary>
        /// Prints <paramref name="node"/> between <paramref name="prefix"/> and <paramref name="suffix"/> (replacement text) as
        /// lines of <paramref name="lines"/>, mapped to the node's lines as a statement is: its lines keep their indentation
        /// relative to the line the node begins on.
        /// </summary>
        public static void PrintWrapped(string prefix, SyntaxNode node, string suffix, CodeLines lines, Func<SyntaxNode, SyntaxPrinter, bool>? replace = null)
        {
            var printer = new SyntaxPrinter(replace);
            var text = node.SyntaxTree.GetText();
            var line = text.Lines.GetLineFromPosition(node.SpanStart).ToString();
            var indentation = line.Length - line.TrimStart().Length;
            printer.Write(new string(' ', indentation) + prefix);
            printer.Node(node, includeLeading: false, includeTrailing: false);
            printer.Write(suffix);
            printer.AppendTo(lines, indentation, LineDirectives.FormFor(node.SyntaxTree) == LineDirectiveForm.None ? null : node);
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
        public void Unchanged(SyntaxNode node) => Unchanged(node, null);

        /// <summary>Prints a node as written but for what <paramref name="only"/> replaces (no other replacement inside it).</summary>
        public void Unchanged(SyntaxNode node, Func<SyntaxNode, SyntaxPrinter, bool>? only)
        {
            var printer = new SyntaxPrinter(only);
            printer.Node(node, includeLeading: false, includeTrailing: false);
            var offset = _text.Length;
            _text.Append(printer._text);
            foreach (var (start, end) in printer._verbatimRanges) _verbatimRanges.Add((start + offset, end + offset));
            foreach (var origin in printer._origins) _origins.Add(origin.Shifted(offset));
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
                    if (_text.Length == contentStart) Truncate(mark);
                    else if (includeTrailing) Trivia(last.TrailingTrivia);
                    return;
                }

                // Not replaced: undo the trivia so the walk below prints it once, in place.
                Truncate(mark);
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

        private void Truncate(int length)
        {
            _text.Length = length;
            while (_origins.Count > 0 && _origins[_origins.Count - 1].Start >= length) _origins.RemoveAt(_origins.Count - 1);
        }

        private void TokenText(SyntaxToken token)
        {
            var text = token.Text;
            _origins.Add(new Origin(_text.Length, _text.Length + text.Length, PositionInFile(token), isToken: true));
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
                var text = item.ToFullString();

                // In a lowered body, trivia may have moved (re-indented): where it was is not known.
                var position = item.SyntaxTree is { } tree && SourcePositions.OriginalOf(tree) is not null ? -1 : item.FullSpan.Start;
                _origins.Add(new Origin(_text.Length, _text.Length + text.Length, position, isToken: false));
                _text.Append(text);
            }
        }

        /// <summary>
        /// Appends the printed text to <paramref name="lines"/>, re-indented from <paramref name="baseColumn"/>. When
        /// <paramref name="mapped"/> is given, its first line of code is mapped to its span in the body's file, every later
        /// line that is not the line after the one before it in the file (a replacement changed the line count) is mapped
        /// again to its own line, a line only a replacement wrote to the line the replacement began on, and the lines after
        /// the statement are hidden.
        /// </summary>
        private void AppendTo(CodeLines lines, int baseColumn, SyntaxNode? mapped)
        {
            var raw = _text.ToString();
            var source = mapped is null ? null : (SourcePositions.OriginalOf(mapped.SyntaxTree) ?? mapped.SyntaxTree).GetText();
            LineMark? firstMark = null;
            var firstLine = true;
            var started = false;
            var expected = -1; // the file's line the next printed line maps to under the last directive
            var current = -1; // the file's line the last printed line of code maps to
            foreach (var (lineStart, lineEnd) in RawLines(raw))
            {
                var line = raw.Substring(lineStart, lineEnd - lineStart);
                if (IsVerbatim(lineStart))
                {
                    // Inside a token: no directive can go here, and the lines follow the file's one for one.
                    lines.Verbatim(line);
                    expected++;
                    continue;
                }

                var trimmed = line.TrimEnd();
                if (firstLine && trimmed.Trim().Length == 0) continue;
                firstLine = false;
                var leading = trimmed.Length - trimmed.TrimStart().Length;
                var extra = Math.Max(0, leading - baseColumn);
                var text = trimmed.Length == 0 ? string.Empty : new string(' ', extra) + trimmed.TrimStart();
                if (mapped is not null && source is not null && text.Length > 0)
                {
                    int Column(int offset) => offset - lineStart - leading + extra;
                    var first = lineStart + leading;
                    if (!started)
                    {
                        // Comments before the statement stay under the hidden directive; the statement's first line of
                        // code maps to its whole span.
                        var code = FirstCode(first, lineStart + trimmed.Length);
                        if (code >= 0)
                        {
                            // Null for a statement a lowering wrote with nothing of the body in it: it stays hidden.
                            firstMark = LineMark.For(mapped, Column(code));
                            if (firstMark is null)
                            {
                                mapped = null;
                            }
                            else
                            {
                                started = true;
                                lines.Map(firstMark);
                                current = expected = firstMark.Span.Start.Line;
                            }
                        }
                    }
                    else
                    {
                        // A line a lowering wrote on its own (it begins with a token the body did not have: a brace or
                        // an else of a written-out conditional) is hidden, and the next line of the body's mapped again.
                        if (OriginAt(FirstCode(first, lineStart + trimmed.Length) is var start and >= 0 ? start : first) is { IsToken: true, Source: < 0 })
                        {
                            lines.Hide();
                            expected = -1;
                            lines.Line(text);
                            continue;
                        }

                        // A line a replacement begins is on the line of the source text printed just before it (its
                        // indentation, or the line break before it); a line it continues, on the line it began on.
                        var at = SourcePosition(first);
                        var before = at < 0 && first > 0 ? SourcePosition(first - 1) : -1;
                        var target = at >= 0 ? source.Lines.GetLineFromPosition(at).LineNumber
                            : before >= 0 ? source.Lines.GetLineFromPosition(Math.Min(before + 1, source.Length)).LineNumber
                            : current;
                        // A line that follows the file's line for line keeps its column only where it is printed at
                        // the file's column: its mark says so, and is rendered where it is not (ImpliedColumn).
                        var follows = target == expected;
                        if (!follows || at >= 0)
                        {
                            var sourceLine = source.Lines[target];
                            var lineText = sourceLine.ToString();
                            var indent = lineText.Length - lineText.TrimStart().Length;
                            var span = new LinePositionSpan(new LinePosition(target, indent), new LinePosition(target, Math.Max(indent + 1, lineText.TrimEnd().Length)));
                            lines.Map(new LineMark(firstMark!.Form, firstMark.Path, span, Column(first), follows ? at - sourceLine.Start : null));
                            expected = target;
                        }

                        current = target;
                    }
                }

                lines.Line(text);
                expected++;
            }

            // Drop blank lines the trivia left at the end.
            lines.TrimTrailingBlankLines();
            if (started) lines.Hide();
        }

        /// <summary>The lines of <paramref name="text"/> as (start, end) offsets, end before the line break (\r\n, \r or \n).</summary>
        private static IEnumerable<(int Start, int End)> RawLines(string text)
        {
            var start = 0;
            for (var i = 0; i < text.Length; i++)
            {
                if (text[i] != '\r' && text[i] != '\n') continue;
                yield return (start, i);
                if (text[i] == '\r' && i + 1 < text.Length && text[i + 1] == '\n') i++;
                start = i + 1;
            }

            yield return (start, text.Length);
        }

        /// <summary>The offset of the first character in [start, end) that is code (a token or replacement text, not
        /// whitespace or a comment), or -1.</summary>
        private int FirstCode(int start, int end)
        {
            for (var i = start; i < end; i++)
            {
                if (char.IsWhiteSpace(_text[i])) continue;
                var origin = OriginAt(i);
                if (origin is null || origin.IsToken) return i;
            }

            return -1;
        }

        /// <summary>Where the printed character at <paramref name="offset"/> is in the body's file, or -1 for replacement
        /// text (and for what a lowering wrote).</summary>
        private int SourcePosition(int offset) => OriginAt(offset) is { Source: >= 0 } origin ? origin.Source + (offset - origin.Start) : -1;

        /// <summary>Where <paramref name="token"/> is in the body's file: in a lowered body, where the lowering took it
        /// from (-1 for a token it wrote).</summary>
        private static int PositionInFile(SyntaxToken token)
            => token.SyntaxTree is { } tree && SourcePositions.OriginalOf(tree) is not null ? SourcePositions.Of(token) : token.SpanStart;

        private Origin? OriginAt(int offset)
        {
            // Origins are recorded in print order, so their starts increase.
            int low = 0, high = _origins.Count - 1;
            while (low <= high)
            {
                var middle = (low + high) / 2;
                var origin = _origins[middle];
                if (offset < origin.Start) high = middle - 1;
                else if (offset >= origin.End) low = middle + 1;
                else return origin;
            }

            return null;
        }

        private sealed class Origin
        {
            public Origin(int start, int end, int source, bool isToken)
            {
                Start = start;
                End = end;
                Source = source;
                IsToken = isToken;
            }

            public int Start { get; }

            public int End { get; }

            public int Source { get; }

            public bool IsToken { get; }

            public Origin Shifted(int by) => new(Start + by, End + by, Source, IsToken);
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
