using System;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Text;
using Prewired.Generator.FastPath;
using Prewired.Generator.Marks;

namespace Prewired.Generator.Model
{
    /// <summary>
    /// A diagnostic the generator reports, as values: a model holding a <see cref="Location"/> would keep its syntax tree
    /// (and so its compilation) alive and never compare equal across runs, so the file path and spans are kept instead and
    /// the location is rebuilt when the diagnostic is reported.
    /// </summary>
    internal sealed class DiagnosticInfo : IEquatable<DiagnosticInfo>
    {
        public DiagnosticInfo(string id, string filePath, TextSpan span, LinePositionSpan lineSpan, EquatableArray<string> arguments)
        {
            Id = id;
            FilePath = filePath;
            Span = span;
            LineSpan = lineSpan;
            Arguments = arguments;
        }

        public string Id { get; }

        public string FilePath { get; }

        public TextSpan Span { get; }

        public LinePositionSpan LineSpan { get; }

        public EquatableArray<string> Arguments { get; }

        public static DiagnosticInfo From(Finding finding)
        {
            var lineSpan = finding.Location.GetLineSpan();
            return new DiagnosticInfo(finding.Id, lineSpan.Path ?? string.Empty, finding.Location.SourceSpan, lineSpan.Span, new EquatableArray<string>(finding.Arguments));
        }

        public Diagnostic ToDiagnostic()
            => Diagnostic.Create(DiagnosticDescriptors.For(Id), Location.Create(FilePath, Span, LineSpan), Arguments.Cast<object>().ToArray());

        public bool Equals(DiagnosticInfo? other)
            => other is not null && Id == other.Id && FilePath == other.FilePath && Span == other.Span && LineSpan == other.LineSpan && Arguments.Equals(other.Arguments);

        public override bool Equals(object? obj) => Equals(obj as DiagnosticInfo);

        public override int GetHashCode() => Id.GetHashCode() ^ Span.GetHashCode();

        public override string ToString() => $"{Id} {FilePath}{LineSpan}: {string.Join(", ", Arguments)}";
    }
}
