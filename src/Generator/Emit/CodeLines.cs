using System.Collections.Generic;
using System.Text;

namespace Prewired.Generator.Emit
{
    /// <summary>
    /// Builds generated code as lines indented relative to column zero. Lines marked verbatim continue a multi-line
    /// token (a verbatim or raw string literal) and are never re-indented, because their whitespace is their value.
    /// </summary>
    internal sealed class CodeLines
    {
        private readonly List<(int Indent, string Text, bool Verbatim)> _lines = new();

        public int Indent { get; set; }

        public int Count => _lines.Count;

        public void Line(string text = "") => _lines.Add((text.Length == 0 ? 0 : Indent, text, false));

        public void Verbatim(string text) => _lines.Add((0, text, true));

        /// <summary>Drops the first line (a label nothing jumps to, which would warn CS0164).</summary>
        public void RemoveFirst() => _lines.RemoveAt(0);

        public void Clear() => _lines.Clear();

        public void TrimTrailingBlankLines()
        {
            while (_lines.Count > 0 && !_lines[_lines.Count - 1].Verbatim && _lines[_lines.Count - 1].Text.Length == 0)
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
            foreach (var (indent, text, verbatim) in other._lines)
            {
                _lines.Add(verbatim ? (0, text, true) : (text.Length == 0 ? 0 : indent + Indent, text, false));
            }
        }

        /// <summary>The lines as text, each indented by <paramref name="baseIndent"/> more levels of four spaces.</summary>
        public IEnumerable<string> Render(int baseIndent)
        {
            foreach (var (indent, text, verbatim) in _lines)
            {
                yield return verbatim || text.Length == 0 ? text : new string(' ', 4 * (indent + baseIndent)) + text;
            }
        }

        public override string ToString()
        {
            var builder = new StringBuilder();
            foreach (var line in Render(0)) builder.Append(line).Append('\n');
            return builder.ToString();
        }
    }
}
