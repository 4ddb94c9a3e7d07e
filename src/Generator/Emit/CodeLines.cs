using System.Collections.Generic;
using System.Text;

namespace Prewired.Generator.Emit
{
    /// <summary>
    /// Builds generated code as lines indented relative to column zero. Lines marked verbatim continue a multi-line
    /// token (a verbatim or raw string literal) and are never re-indented, because their whitespace is their value.
    /// Line marks (<see cref="LineDirectives"/>) map the next line to the body's file; they are rendered as <c>#line</c>
    /// directives at column zero, once the next line's indentation (the directive's character offset) is known.
    /// </summary>
    internal sealed class CodeLines
    {
        private readonly List<Entry> _lines = new();

        public int Indent { get; set; }

        public int Count => _lines.Count;

        public void Line(string text = "") => _lines.Add(new Entry(text.Length == 0 ? 0 : Indent, text, verbatim: false, mark: null, hidden: false));

        /// <summary>A line of the generator's own code, broken by <see cref="LineBreaker"/> when it is long (its first line at
        /// this indentation, the rest one level deeper). The column is estimated: the file's member indentation is added at
        /// rendering, so a line is broken as if it were two levels deeper than it is here.</summary>
        public void BrokenLine(string text, LineBreaker.Items items = LineBreaker.Items.Filled)
        {
            foreach (var (extra, part) in LineBreaker.Break(text, 4 * (Indent + 2), items))
            {
                Indent += extra;
                Line(part);
                Indent -= extra;
            }
        }

        /// <summary>A comment of the generator's, wrapped at word boundaries.</summary>
        public void Comment(string text)
        {
            foreach (var line in LineBreaker.Comment(text)) Line(line);
        }

        public void Verbatim(string text) => _lines.Add(new Entry(0, text, verbatim: true, mark: null, hidden: false));

        /// <summary>
        /// A line the generator writes in place of body code (an await's call, a loop's header): mapped to
        /// <paramref name="origin"/>'s whole span when its tree is mapped (every sequence point on it maps to that span),
        /// the lines after it hidden.
        /// </summary>
        public void MappedLine(string text, Microsoft.CodeAnalysis.SyntaxNode? origin) => MappedLine(text, origin is null ? null : LineMark.For(origin, text.Length));

        /// <summary>A generated header line (a loop's, an if's, a switch's) mapped to <paramref name="statement"/>'s header.</summary>
        public void HeaderLine(string text, Microsoft.CodeAnalysis.SyntaxNode statement) => MappedLine(text, LineMark.ForHeader(statement, text.Length));

        /// <summary>A generated line standing for a part of a foreach the generator writes out (its whole span).</summary>
        public void MappedLine(string text, Microsoft.CodeAnalysis.CSharp.Syntax.ForEachStatementSyntax forEach, ForEachPart part) => MappedLine(text, LineMark.ForForEach(forEach, part, text.Length));

        public void MappedLine(string text, LineMark? mark)
        {
            if (mark is null)
            {
                Line(text);
                return;
            }

            Map(mark);
            Line(text);
            Hide();
        }

        /// <summary>The next line maps to <paramref name="mark"/>'s span.</summary>
        public void Map(LineMark mark) => _lines.Add(new Entry(0, string.Empty, verbatim: false, mark, hidden: false));

        /// <summary>The lines from here on are the generator's own: hidden from the debugger until the next mark.</summary>
        public void Hide() => _lines.Add(new Entry(0, string.Empty, verbatim: false, mark: null, hidden: true));

        /// <summary>Drops the first line of code (a label nothing jumps to, which would warn CS0164).</summary>
        public void RemoveFirst() => _lines.RemoveAt(_lines.FindIndex(l => !l.IsDirective));

        public void Clear() => _lines.Clear();

        public void TrimTrailingBlankLines()
        {
            while (_lines.Count > 0 && _lines[_lines.Count - 1] is { Verbatim: false, IsDirective: false, Text.Length: 0 })
            {
                _lines.RemoveAt(_lines.Count - 1);
            }
        }

        public void OpenBrace()
        {
            Line("{");
            Indent++;
        }

        public void CloseBrace(string suffix = "")
        {
            Indent--;
            Line("}" + suffix);
        }

        public void Append(CodeLines other)
        {
            foreach (var line in other._lines)
            {
                _lines.Add(line.Verbatim || line.IsDirective || line.Text.Length == 0 ? line : line.Indented(Indent));
            }
        }

        /// <summary>The lines as text, each indented by <paramref name="baseIndent"/> more levels of four spaces.</summary>
        public IEnumerable<string> Render(int baseIndent)
        {
            for (var i = 0; i < _lines.Count; i++)
            {
                var line = _lines[i];
                if (line.Hidden)
                {
                    // Left out when another directive follows at once, or the lines are hidden already.
                    if (i + 1 < _lines.Count && _lines[i + 1].IsDirective || PreviousDirectiveIsHidden(i)) continue;
                    yield return LineDirectives.Hidden;
                }
                else if (line.Mark is { } mark)
                {
                    if (i + 1 >= _lines.Count || _lines[i + 1].IsDirective || _lines[i + 1].Verbatim) continue;
                    var next = _lines[i + 1];
                    var column = next.Text.Length == 0 ? 0 : (4 * (next.Indent + baseIndent)) + mark.TextColumn;
                    if (mark.ImpliedColumn is { } implied && (mark.Form != LineDirectiveForm.Span || column == implied)) continue;
                    yield return LineDirectives.Map(mark.Form, mark.Path, mark.Span, column);
                }
                else
                {
                    yield return line.Verbatim || line.Text.Length == 0 ? line.Text : new string(' ', 4 * (line.Indent + baseIndent)) + line.Text;
                }
            }
        }

        /// <summary>Whether these lines map anything to the body's file (the file then starts hidden and ends default).</summary>
        public bool HasMarks
        {
            get
            {
                foreach (var line in _lines)
                {
                    if (line.Mark is not null) return true;
                }

                return false;
            }
        }

        /// <summary>The code alone, without #line directives (whose file paths are not code: a search for a name must not
        /// find it in a path).</summary>
        public string Code()
        {
            var builder = new StringBuilder();
            foreach (var line in _lines)
            {
                if (!line.IsDirective) builder.Append(line.Text).Append('\n');
            }

            return builder.ToString();
        }

        public override string ToString()
        {
            var builder = new StringBuilder();
            foreach (var line in Render(0)) builder.Append(line).Append('\n');
            return builder.ToString();
        }

        // Hidden already: no mark since the last hidden directive.
        private bool PreviousDirectiveIsHidden(int index)
        {
            for (var i = index - 1; i >= 0; i--)
            {
                if (_lines[i].Mark is not null) return false;
                if (_lines[i].Hidden) return true;
            }

            return false;
        }

        private readonly struct Entry
        {
            public Entry(int indent, string text, bool verbatim, LineMark? mark, bool hidden)
            {
                Indent = indent;
                Text = text;
                Verbatim = verbatim;
                Mark = mark;
                Hidden = hidden;
            }

            public int Indent { get; }

            public string Text { get; }

            public bool Verbatim { get; }

            public LineMark? Mark { get; }

            public bool Hidden { get; }

            public bool IsDirective => Mark is not null || Hidden;

            public Entry Indented(int by) => new(Indent + by, Text, Verbatim, Mark, Hidden);
        }
    }
}
