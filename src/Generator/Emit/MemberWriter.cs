using System.Text;

namespace Prewired.Generator.Emit
{
    /// <summary>Renders generated methods (attributes, declaration, body) at the member indentation of their file.</summary>
    internal sealed class MemberWriter
    {
        private readonly StringBuilder _text = new();
        private readonly int _indent;

        public MemberWriter(int indent) => _indent = indent;

        public void Method(string? summary, string declaration, CodeLines body, bool hidden = false, string? suppressedWarning = null, string? attribute = null, string? nullableWarningsOff = null)
        {
            if (_text.Length > 0) _text.Append('\n');
            if (nullableWarningsOff is not null) _text.Append("#nullable disable warnings // ").Append(nullableWarningsOff).Append('\n');
            if (suppressedWarning is not null) _text.Append("#pragma warning disable ").Append(suppressedWarning).Append('\n');
            if (summary is not null) Summary(summary);
            Line(GeneratedFileEmitter.GeneratedCodeAttribute);
            if (hidden) Line("[global::System.ComponentModel.EditorBrowsable(global::System.ComponentModel.EditorBrowsableState.Never)]");
            if (attribute is not null) Line(attribute);
            foreach (var (extra, part) in LineBreaker.Break(declaration, _indent * 4, LineBreaker.Items.OnePerLine)) Line(new string(' ', 4 * extra) + part);
            Line("{");
            foreach (var line in body.Render(_indent + 1)) _text.Append(line).Append('\n');
            Line("}");
            if (suppressedWarning is not null) _text.Append("#pragma warning restore ").Append(WarningIds(suppressedWarning)).Append('\n');
            if (nullableWarningsOff is not null) _text.Append("#nullable restore warnings\n");
        }

        /// <summary>Disables, for the members that follow, the warnings <see cref="PragmaWarningsInEffect"/> found disabled in
        /// the body they copy (null: every warning); <see cref="RestoreWarnings"/> ends it.</summary>
        public void DisableWarnings(System.Collections.Generic.IReadOnlyList<string>? ids) => WarningDirective("disable", ids);

        public void RestoreWarnings(System.Collections.Generic.IReadOnlyList<string>? ids) => WarningDirective("restore", ids);

        private void WarningDirective(string keyword, System.Collections.Generic.IReadOnlyList<string>? ids)
        {
            if (ids is { Count: 0 }) return;
            if (_text.Length > 0) _text.Append('\n');
            _text.Append("#pragma warning ").Append(keyword);
            if (ids is not null) _text.Append(' ').Append(string.Join(", ", ids));
            _text.Append(" // as in effect in the body the generated code copies\n");
        }

        /// <summary>Asks the JIT to inline a small wrapper into its callers (see <see cref="ExceptionCapture"/> for why it can).</summary>
        public const string AggressiveInlining = "[global::System.Runtime.CompilerServices.MethodImpl(global::System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]";

        /// <summary>The warning to suppress around the implementing method, if its parameter names differ from the declaration's.</summary>
        public static string? PartialSignatureWarning(Model.MethodShell shell) => (shell.RenamesParameters, shell.HasOptionalParameters) switch
        {
            (true, false) => "CS8826 // parameters are named as in the body method, whose statements use them",
            (false, true) => "RS0016 // the public API is the partial declaration, with its default values (dotnet/roslyn-analyzers#7356)",
            (true, true) => "CS8826, RS0016 // parameters named as in the body method; the public API is the partial declaration (dotnet/roslyn-analyzers#7356)",
            _ => null,
        };

        /// <summary>"CS8826, RS0016" of "CS8826, RS0016 // why": what the restore names.</summary>
        private static string WarningIds(string suppressedWarning)
        {
            var comment = suppressedWarning.IndexOf("//", System.StringComparison.Ordinal);
            return (comment < 0 ? suppressedWarning : suppressedWarning.Substring(0, comment)).Trim();
        }

        /// <summary>A generated helper member, such as a nested type.</summary>
        public void Member(CodeLines member, string? nullableWarningsOff = null)
        {
            if (_text.Length > 0) _text.Append('\n');
            if (nullableWarningsOff is not null) _text.Append("#nullable disable warnings // ").Append(nullableWarningsOff).Append('\n');
            Line(GeneratedFileEmitter.GeneratedCodeAttribute);
            foreach (var line in member.Render(_indent)) _text.Append(line).Append('\n');
            if (nullableWarningsOff is not null) _text.Append("#nullable restore warnings\n");
        }

        public override string ToString() => _text.ToString();

        /// <summary>A documentation summary on one line when it fits, else wrapped between its tags.</summary>
        private void Summary(string summary)
        {
            var oneLine = "/// <summary>" + summary + "</summary>";
            if (_indent * 4 + oneLine.Length <= LineBreaker.Width)
            {
                Line(oneLine);
                return;
            }

            Line("/// <summary>");
            foreach (var line in LineBreaker.Comment(summary, "/// ")) Line(line);
            Line("/// </summary>");
        }

        private void Line(string text) => _text.Append(' ', _indent * 4).Append(text).Append('\n');
    }
}
