using System.Globalization;
using System.Linq;
using System.Runtime.CompilerServices;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Text;
using Prewired.Generator.Marks;
using Prewired.Generator.TailAwait;

namespace Prewired.Generator.FastPath
{
    /// <summary>
    /// Where the tokens of a lowered body (<see cref="HiddenAwaitLowering"/>, <see cref="SpillLowering"/>) were in the
    /// user's file, so that the generated code maps the statements it copies from a lowered body back to the body's lines
    /// with #line directives (issue 19, point 4), as it does for a body it did not lower. Before the generator lowers a
    /// body, it copies it with every token annotated with its position in the user's file (<see cref="Annotate"/>); the
    /// lowerings move those tokens, annotations and all, into the statements they write, and the tokens they write
    /// themselves (temporaries, the if/else of a conditional operand, an enumerator's MoveNextAsync) carry none. A span of
    /// the lowered tree then maps to the smallest span of the user's file that holds every user token in it.
    /// </summary>
    internal static class SourcePositions
    {
        /// <summary>On a token of a lowered body: its position in the user's file.</summary>
        public const string Kind = "Prewired.Position";

        // Each annotated or lowered tree, to the user's tree it was copied from.
        private static readonly ConditionalWeakTable<SyntaxTree, SyntaxTree> s_originals = new();

        /// <summary><paramref name="method"/> in a copy of the compilation, each of its tokens annotated with its position.</summary>
        public static (MethodDeclarationSyntax Method, SemanticModel Model) Annotate(MethodDeclarationSyntax method, SemanticModel model)
        {
            var marker = new SyntaxAnnotation("Prewired.PositionedMethod");
            var annotated = method.ReplaceTokens(
                method.DescendantTokens(),
                (original, token) => token.WithAdditionalAnnotations(new SyntaxAnnotation(Kind, original.SpanStart.ToString(CultureInfo.InvariantCulture))));
            var tree = method.SyntaxTree;
            var newTree = tree.WithRootAndOptions(tree.GetRoot().ReplaceNode(method, annotated.WithAdditionalAnnotations(marker)), tree.Options);
            Register(newTree, tree);
            var newModel = model.Compilation.ReplaceSyntaxTree(tree, newTree).GetSemanticModel(newTree);
            return ((MethodDeclarationSyntax)newTree.GetRoot().GetAnnotatedNodes(marker).First(), newModel);
        }

        /// <summary>Records that <paramref name="copy"/>'s annotated tokens are positions in <paramref name="original"/>
        /// (the user's tree, or a tree registered before).</summary>
        public static void Register(SyntaxTree copy, SyntaxTree original)
        {
            var user = OriginalOf(original) ?? original;
            if (copy != user) s_originals.GetValue(copy, _ => user);
        }

        /// <summary>The user's tree <paramref name="tree"/> was copied from for a lowering, or null for any other tree.</summary>
        public static SyntaxTree? OriginalOf(SyntaxTree tree) => s_originals.TryGetValue(tree, out var original) ? original : null;

        /// <summary>
        /// For a token a lowering wrote in place of a part of the user's construct (<see cref="LoweringTemplate.Line(int, string, TextSpan?)"/>):
        /// that part's span (position and length; a user token's annotation holds its position only).
        /// </summary>
        public static SyntaxAnnotation Annotation(TextSpan span)
            => new(Kind, span.Start.ToString(CultureInfo.InvariantCulture) + "," + span.Length.ToString(CultureInfo.InvariantCulture));

        /// <summary>The span in the user's file from <paramref name="first"/> to <paramref name="last"/> (tokens of the
        /// positioned copy), or null when they carry no positions (a body lowered for the analyzers).</summary>
        public static TextSpan? SpanOf(SyntaxToken first, SyntaxToken last)
        {
            var (start, end) = (Of(first), EndOf(last));
            return start >= 0 && end >= start ? TextSpan.FromBounds(start, end) : null;
        }

        /// <summary>Where <paramref name="token"/> was in the user's file, or -1 for a token a lowering wrote.</summary>
        public static int Of(SyntaxToken token) => Parse(token).Start;

        /// <summary>Where <paramref name="token"/> ended in the user's file (of the part it stands for), or -1.</summary>
        private static int EndOf(SyntaxToken token)
        {
            var (start, length) = Parse(token);
            return start < 0 ? -1 : start + (length ?? token.Span.Length);
        }

        private static (int Start, int? Length) Parse(SyntaxToken token)
        {
            if (token.GetAnnotations(Kind).FirstOrDefault()?.Data is not { } data) return (-1, null);
            var comma = data.IndexOf(',');
            var start = int.Parse(comma < 0 ? data : data.Substring(0, comma), NumberStyles.Integer, CultureInfo.InvariantCulture);
            return (start, comma < 0 ? null : int.Parse(data.Substring(comma + 1), NumberStyles.Integer, CultureInfo.InvariantCulture));
        }

        /// <summary>
        /// The span of the user's file that <paramref name="span"/> of the lowered <paramref name="tree"/> stands for: from
        /// its first to its last token when both are the user's, else the smallest span holding every user token in it;
        /// null when it holds none (code the lowering wrote on its own).
        /// </summary>
        public static TextSpan? Map(SyntaxTree tree, TextSpan span)
        {
            int start = int.MaxValue, end = -1;
            SyntaxToken first = default, last = default;
            foreach (var token in tree.GetRoot().DescendantTokens(span))
            {
                if (!span.Contains(token.Span) || token.Span.IsEmpty) continue;
                if (first.RawKind == 0) first = token;
                last = token;
                var position = Of(token);
                if (position < 0) continue;
                start = System.Math.Min(start, position);
                end = System.Math.Max(end, EndOf(token));
            }

            if (end < 0) return null;
            var (from, to) = (Of(first), EndOf(last));
            return from >= 0 && to >= from ? TextSpan.FromBounds(from, to) : TextSpan.FromBounds(start, end);
        }
    }
}
