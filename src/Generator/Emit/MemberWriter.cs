using System.Text;

namespace Prewired.Generator.Emit
{
    /// <summary>Renders generated methods (attributes, declaration, body) at the member indentation of their file.</summary>
    internal sealed class MemberWriter
    {
        private readonly StringBuilder _text = new();
        private readonly int _indent;

        public MemberWriter(int indent) => _indent = indent;

        public void Method(string? summary, string declaration, CodeLines body, bool hidden = false)
        {
            if (_text.Length > 0) _text.Append('\n');
            if (summary is not null) Line("/// <summary>" + summary + "</summary>");
            Line(GeneratedFileEmitter.GeneratedCodeAttribute);
            if (hidden) Line("[global::System.ComponentModel.EditorBrowsable(global::System.ComponentModel.EditorBrowsableState.Never)]");
            Line(declaration);
            Line("{");
            foreach (var line in body.Render(_indent + 1)) _text.Append(line).Append('\n');
            Line("}");
        }

        public override string ToString() => _text.ToString();

        private void Line(string text) => _text.Append(' ', _indent * 4).Append(text).Append('\n');
    }
}
