using System.Globalization;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Text;
using Prewired.Generator.Marks;

namespace Prewired.Generator.FastPath
{
    /// <summary>
    /// A [FastPath] body with its <c>await using</c> and <c>await foreach</c> written out as C# lowers them
    /// (<see cref="HiddenAwaitLowering"/>), in a copy of the compilation, so the rest of the generator sees ordinary
    /// awaits. Findings on the copy are mapped back to the user's source through annotations.
    /// </summary>
    internal sealed class LoweredBody
    {
        /// <summary>On the copy of a node a finding can be reported at: its span in the user's source.</summary>
        public const string OriginKind = "Prewired.Origin";

        /// <summary>On a written-out await: the span of its construct's <c>await</c> keyword and the construct's display.</summary>
        public const string HiddenAwaitKind = "Prewired.HiddenAwait";

        /// <summary>On an <c>await using</c> or <c>await foreach</c> left as it is: why it is not written out.</summary>
        public const string NotLoweredKind = "Prewired.NotLowered";

        private readonly SyntaxTree _originalTree;
        private readonly TextSpan _originalName;

        public LoweredBody(MethodDeclarationSyntax method, SemanticModel model, MethodDeclarationSyntax original)
        {
            Method = method;
            Model = model;
            _originalTree = original.SyntaxTree;
            _originalName = original.Identifier.Span;
            SourcePositions.Register(method.SyntaxTree, _originalTree);
        }

        public MethodDeclarationSyntax Method { get; }

        public SemanticModel Model { get; }

        public static SyntaxAnnotation Origin(TextSpan span) => new(OriginKind, span.Start.ToString(CultureInfo.InvariantCulture) + "," + span.Length.ToString(CultureInfo.InvariantCulture));

        public static SyntaxAnnotation HiddenAwait(SyntaxToken awaitKeyword, string display)
            => new(HiddenAwaitKind, awaitKeyword.SpanStart.ToString(CultureInfo.InvariantCulture) + "," + awaitKeyword.Span.Length.ToString(CultureInfo.InvariantCulture) + "," + display);

        /// <summary>Why the hidden await of <paramref name="statement"/> was left as it is, when it was.</summary>
        public static string? NotLoweredReason(SyntaxNode statement) => statement.GetAnnotations(NotLoweredKind).FirstOrDefault()?.Data;

        /// <summary>The finding at the same place of the user's source (a written-out await: its construct's <c>await</c>).</summary>
        public Finding MapBack(Finding finding)
        {
            var location = finding.Location;
            if (location.SourceTree != Method.SyntaxTree) return finding;
            var node = Method.SyntaxTree.GetRoot().FindNode(location.SourceSpan, getInnermostNodeForTie: true);
            foreach (var ancestor in node.AncestorsAndSelf())
            {
                if (ancestor.GetAnnotations(HiddenAwaitKind).FirstOrDefault()?.Data is { } hidden)
                {
                    var parts = hidden.Split(new[] { ',' }, 3);
                    var arguments = finding.Arguments.ToArray();
                    arguments[0] = parts[2];
                    return new Finding(finding.Id, Location.Create(_originalTree, Span(parts[0], parts[1])), arguments);
                }

                if (ancestor.GetAnnotations(OriginKind).FirstOrDefault()?.Data is { } origin)
                {
                    var parts = origin.Split(',');
                    var original = Span(parts[0], parts[1]);
                    var span = location.SourceSpan == ancestor.Span ? original : new TextSpan(original.Start + location.SourceSpan.Start - ancestor.SpanStart, location.SourceSpan.Length);
                    return new Finding(finding.Id, Location.Create(_originalTree, span), finding.Arguments);
                }
            }

            // Not expected (findings are reported at annotated nodes); the method's name still points at the right method.
            return new Finding(finding.Id, Location.Create(_originalTree, _originalName), finding.Arguments);
        }

        private static TextSpan Span(string start, string length)
            => new(int.Parse(start, CultureInfo.InvariantCulture), int.Parse(length, CultureInfo.InvariantCulture));
    }
}
