using System.Collections.Generic;
using System.Linq;
using System.Text;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Text;
using Prewired.Generator.Marks;
using Prewired.Generator.TailAwait;

namespace Prewired.Generator.FastPath
{
    /// <summary>
    /// The text of a written-out <c>await using</c> or <c>await foreach</c>, laid out at the construct's column, with slots
    /// where the user's own (already rewritten) statements and expressions go back in as nodes: their annotations, and so
    /// the mapping of findings to the user's source, survive.
    /// </summary>
    internal sealed class LoweringTemplate
    {
        private readonly StringBuilder _text = new();
        private readonly List<(SyntaxNode Node, int Shift, int Column)> _slots = new();

        // Lines standing for a part of the user's construct (where in _text, and the part's span in the user's file).
        private readonly List<(int Start, int End, TextSpan StandsFor)> _standing = new();
        private readonly int _blockColumn;

        /// <param name="blockColumn">The column of the template's outer brace.</param>
        public LoweringTemplate(int blockColumn)
        {
            _blockColumn = blockColumn;
            _text.Append("{\n");
        }

        public void Line(int depth, string text) => _text.Append(Indent(depth)).Append(text).Append('\n');

        /// <summary>
        /// A line that stands for a part of the user's construct (an enumerator's MoveNextAsync for <c>in</c>, a resource's
        /// declaration for the user's): its tokens carry that part's span in the user's file (<see cref="SourcePositions"/>),
        /// so the generated code maps the line there. Without positions (<paramref name="standsFor"/> null) a plain line.
        /// </summary>
        public void Line(int depth, string text, TextSpan? standsFor)
        {
            var start = _text.Length;
            Line(depth, text);
            if (standsFor is { } span) _standing.Add((start, _text.Length, span));
        }

        /// <summary>A placeholder for an expression (<paramref name="original"/>, rewritten as <paramref name="rewritten"/>) inside a line at <paramref name="depth"/>.</summary>
        public string Expression(SyntaxNode original, SyntaxNode rewritten, int depth) => "__pw_slot(" + Add(rewritten, ColumnOf(depth) - LineIndent(original), ColumnOf(depth)) + ")";

        /// <summary>A statement of the user's on its own line at <paramref name="depth"/>, moved there with its comments.</summary>
        public void Statement(SyntaxNode original, SyntaxNode rewritten, int depth) => Statement(rewritten, LineIndent(original), depth);

        /// <summary>As above, for a statement whose line was indented by <paramref name="indent"/>.</summary>
        public void Statement(SyntaxNode rewritten, int indent, int depth) => _text.Append("__pw_slot(" + Add(rewritten, ColumnOf(depth) - indent, ColumnOf(depth)) + ");\n");

        /// <summary>The statement, with the written-out awaits annotated and the slots filled.</summary>
        public BlockSyntax Build(SyntaxAnnotation hiddenAwait)
        {
            _text.Append(new string(' ', _blockColumn)).Append('}');
            // Parsed as the body of an async method, so 'await' is the operator.
            const string header = "async void __pw()\n";
            var parsed = ((MethodDeclarationSyntax)SyntaxFactory.ParseMemberDeclaration(header + _text)!).Body!;
            if (_standing.Count > 0)
            {
                parsed = parsed.ReplaceTokens(
                    parsed.DescendantTokens().Where(t => StandsFor(t.SpanStart - header.Length) is not null),
                    (original, token) => token.WithAdditionalAnnotations(SourcePositions.Annotation(StandsFor(original.SpanStart - header.Length)!.Value)));
            }

            parsed = parsed.ReplaceNodes(parsed.DescendantNodes().OfType<AwaitExpressionSyntax>(), (_, n) => n.WithAdditionalAnnotations(hiddenAwait));
            var placeholders = parsed.DescendantNodes().Where(n => SlotIndex(n) is not null).ToList();
            return parsed.ReplaceNodes(placeholders, (original, _) =>
            {
                var (node, shift, column) = _slots[SlotIndex(original)!.Value];
                var moved = Reindent(node, shift, column);
                if (original is InvocationExpressionSyntax) return moved.WithoutLeadingTrivia().WithoutTrailingTrivia();
                return moved.GetTrailingTrivia().LastOrDefault().IsKind(SyntaxKind.EndOfLineTrivia) ? moved : moved.WithTrailingTrivia(moved.GetTrailingTrivia().Add(SyntaxFactory.LineFeed));
            });
        }

        private TextSpan? StandsFor(int offset)
        {
            foreach (var (start, end, span) in _standing)
            {
                if (offset >= start && offset < end) return span;
            }

            return null;
        }

        private int Add(SyntaxNode node, int shift, int column)
        {
            _slots.Add((node, shift, column));
            return _slots.Count - 1;
        }

        private static int? SlotIndex(SyntaxNode node)
        {
            var invocation = node switch
            {
                ExpressionStatementSyntax { Expression: InvocationExpressionSyntax i } => i,
                InvocationExpressionSyntax { Parent: not ExpressionStatementSyntax } i => i,
                _ => null,
            };
            return invocation is { Expression: IdentifierNameSyntax { Identifier.ValueText: "__pw_slot" } }
                ? int.Parse(invocation.ArgumentList.Arguments[0].ToString(), System.Globalization.CultureInfo.InvariantCulture)
                : null;
        }

        private int ColumnOf(int depth) => _blockColumn + 4 * depth;

        private string Indent(int depth) => new(' ', ColumnOf(depth));

        /// <summary>The indentation of the line <paramref name="node"/> starts on, in the user's source.</summary>
        public static int LineIndent(SyntaxNode node)
        {
            var text = node.SyntaxTree.GetText();
            var line = text.Lines.GetLineFromPosition(node.SpanStart);
            var indent = 0;
            while (line.Start + indent < line.End && char.IsWhiteSpace(text[line.Start + indent])) indent++;
            return indent;
        }

        /// <summary>
        /// Moves every line of <paramref name="node"/> by <paramref name="shift"/> columns (its layout kept), and starts its
        /// first line at <paramref name="column"/>: a statement that shared its line with something else (the embedded
        /// statement of <c>await foreach (...) total += n;</c>) has a space before it, not its line's indentation.
        /// </summary>
        private static SyntaxNode Reindent(SyntaxNode node, int shift, int column)
        {
            var first = node.GetFirstToken();
            return node.ReplaceTokens(node.DescendantTokens(), (original, token) =>
            {
                var leading = token.LeadingTrivia;
                var moved = new List<SyntaxTrivia>();
                for (var i = 0; i < leading.Count; i++)
                {
                    var atLineStart = i == 0 ? original == first || PreviousEndsLine(original) : leading[i - 1].IsKind(SyntaxKind.EndOfLineTrivia);
                    if (!atLineStart)
                    {
                        moved.Add(leading[i]);
                        continue;
                    }

                    if (leading[i].IsKind(SyntaxKind.WhitespaceTrivia))
                    {
                        var width = original == first && i == leading.Count - 1 ? column : System.Math.Max(0, leading[i].ToString().Length + shift);
                        if (width > 0) moved.Add(SyntaxFactory.Whitespace(new string(' ', width)));
                    }
                    else
                    {
                        if (shift > 0) moved.Add(SyntaxFactory.Whitespace(new string(' ', shift)));
                        moved.Add(leading[i]);
                    }
                }

                if (leading.Count == 0 && original == first && column > 0) moved.Add(SyntaxFactory.Whitespace(new string(' ', column)));
                else if (leading.Count == 0 && shift > 0 && PreviousEndsLine(original)) moved.Add(SyntaxFactory.Whitespace(new string(' ', shift)));
                return token.WithLeadingTrivia(moved);
            });
        }

        private static bool PreviousEndsLine(SyntaxToken token)
            => token.GetPreviousToken().TrailingTrivia.LastOrDefault().IsKind(SyntaxKind.EndOfLineTrivia);
    }
}
