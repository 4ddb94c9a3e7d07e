using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Text;
using Prewired.Generator.FastPath;
using Prewired.Generator.Marks;
using Prewired.Generator.TailAwait;

namespace Prewired.Generator.Emit
{
    /// <summary>How generated code maps the statements it copies back to the body's file (issue 19, point 4).</summary>
    internal enum LineDirectiveForm
    {
        /// <summary>No mapping: the tree has no file path (#line "" does not compile) or one a #line cannot name (a quote or a
        /// line break in it), carries #line directives of its own, or is a rewritten copy whose positions are not the file's.</summary>
        None,

        /// <summary><c>#line N "file"</c>: lines only, for C# 7.3 to 9 (netstandard2.0 and .NET Framework consumers).</summary>
        Line,

        /// <summary><c>#line (l,c)-(l,c) offset "file"</c> (C# 10): lines and columns, as Razor writes them.</summary>
        Span,
    }

    /// <summary>
    /// The <c>#line</c> directives of generated code. Statements copied from the body are mapped to the body's own file and
    /// span, so breakpoints set in the body bind in the synchronous path and the continuation and stack traces show the
    /// body's lines; everything the generator writes itself is <c>#line hidden</c> (the debugger steps over it).
    /// </summary>
    internal static class LineDirectives
    {
        public const string Hidden = "#line hidden";

        public const string Default = "#line default";

        /// <summary>
        /// The form for statements copied from <paramref name="tree"/>, decided by the language version the consumer
        /// compiles with (the tree's parse options are the compilation's): the enhanced form needs C# 10.
        /// </summary>
        public static LineDirectiveForm FormFor(SyntaxTree tree)
        {
            // A body the lowerings wrote out lives in a copy of the tree whose positions are not the file's: its tokens
            // carry their positions in the user's tree (SourcePositions), whose form it takes.
            if (SourcePositions.OriginalOf(tree) is { } original) tree = original;
            if (string.IsNullOrEmpty(tree.FilePath) || !CanBeWritten(tree.FilePath)) return LineDirectiveForm.None;
            var root = tree.GetRoot();

            // Any other rewritten copy (parsed trees carry no annotations): its positions are not the file's, and a wrong
            // line is worse than none.
            if (root.ContainsAnnotations) return LineDirectiveForm.None;

            // The user's own #line directives already map this file elsewhere: left to them rather than half-applied.
            if (root.ContainsDirectives && tree.GetLineMappings().Any()) return LineDirectiveForm.None;
            return tree.Options is CSharpParseOptions { LanguageVersion: >= LanguageVersion.CSharp10 } ? LineDirectiveForm.Span : LineDirectiveForm.Line;
        }

        /// <summary>
        /// The directive that maps the next generated line to <paramref name="span"/> (0-based positions, exclusive end):
        /// <paramref name="column"/> is where the mapped code starts on that line; a sequence point that starts before it
        /// maps to the whole span, one that starts after it to the same distance from the span's start.
        /// </summary>
        public static string Map(LineDirectiveForm form, string path, LinePositionSpan span, int column)
        {
            if (form == LineDirectiveForm.Line) return $"#line {span.Start.Line + 1} {Literal(path)}";

            // Lines and the start column are 1-based; the end column is the 1-based column of the span's last character (so
            // the 0-based exclusive end); the character offset is 0-based (checked against the compiler: a token at
            // generated column c maps to start + c - offset).
            var end = span.End.Line == span.Start.Line ? System.Math.Max(span.End.Character, span.Start.Character + 1) : System.Math.Max(span.End.Character, 1);
            return $"#line ({span.Start.Line + 1},{span.Start.Character + 1})-({span.End.Line + 1},{end}) {column} {Literal(path)}";
        }

        /// <summary>
        /// The path in quotes, as it is: the compiler takes a #line file name without escape sequences (checked: "C:\\a" names
        /// a file C:\\a, with both backslashes), so a Windows path is written with single backslashes, as Razor writes it.
        /// A path holding a quote or a line break cannot be written at all (<see cref="FormFor"/> maps nothing then).
        /// </summary>
        public static string Literal(string path) => "\"" + path + "\"";

        private static bool CanBeWritten(string path) => path.IndexOfAny(s_unwritable) < 0;

        private static readonly char[] s_unwritable = { '"', '\r', '\n', '\u0085', '\u2028', '\u2029' };
    }

    /// <summary>The parts of a foreach statement a generated line can stand for (<see cref="LineMark.ForForEach"/>).</summary>
    internal enum ForEachPart
    {
        Collection,
        MoveNext,
        IterationVariable,
    }

    /// <summary>A generated line mapped to a span of the body's file; the column is resolved when the lines are rendered.</summary>
    internal sealed class LineMark
    {
        public LineMark(LineDirectiveForm form, string path, LinePositionSpan span, int textColumn, int? impliedColumn = null)
        {
            Form = form;
            Path = path;
            Span = span;
            TextColumn = textColumn;
            ImpliedColumn = impliedColumn;
        }

        /// <summary>
        /// For a line that continues a mapped statement on the file's next line: the 0-based column it has in the file. The
        /// directive before it then maps it already, if the line is rendered at that column (lines after a directive's
        /// first keep their columns): the mark is rendered only where it is not (a body re-indented deeper, as the state
        /// machine's Run is), and never in the line-only form.
        /// </summary>
        public int? ImpliedColumn { get; }

        public LineDirectiveForm Form { get; }

        public string Path { get; }

        public LinePositionSpan Span { get; }

        /// <summary>Where the mapped code starts in the next line's text, before its indentation is added.</summary>
        public int TextColumn { get; }

        /// <summary>A mark for <paramref name="node"/>'s span (its first to last token), or null when its tree is not mapped.</summary>
        public static LineMark? For(SyntaxNode node, int textColumn) => For(node.SyntaxTree, node.Span, textColumn);

        /// <summary>
        /// A mark for the header of <paramref name="statement"/> (<c>if (...)</c>, <c>while (...)</c>, <c>for (...)</c>,
        /// <c>switch (...)</c>, a do loop's <c>while (...);</c>): the part a generated header line stands for.
        /// </summary>
        public static LineMark? ForHeader(SyntaxNode statement, int textColumn)
        {
            if (statement is Microsoft.CodeAnalysis.CSharp.Syntax.DoStatementSyntax doStatement)
            {
                return For(statement.SyntaxTree, TextSpan.FromBounds(doStatement.WhileKeyword.SpanStart, doStatement.SemicolonToken.Span.End), textColumn);
            }

            var close = statement.ChildTokens().FirstOrDefault(t => t.IsKind(SyntaxKind.CloseParenToken));
            return close.RawKind == 0 ? For(statement, textColumn) : For(statement.SyntaxTree, TextSpan.FromBounds(statement.SpanStart, close.Span.End), textColumn);
        }

        /// <summary>
        /// A mark for the parts of a foreach the generator writes out, where the compiler puts its own sequence points:
        /// the collection (the enumerator's or collection's start), <c>in</c> (MoveNext, or the index test) and the
        /// iteration variable (<c>var x</c>: reading Current).
        /// </summary>
        public static LineMark? ForForEach(Microsoft.CodeAnalysis.CSharp.Syntax.ForEachStatementSyntax forEach, ForEachPart part, int textColumn) => part switch
        {
            ForEachPart.Collection => For(forEach.Expression, textColumn),
            ForEachPart.MoveNext => For(forEach.SyntaxTree, forEach.InKeyword.Span, textColumn),
            _ => For(forEach.SyntaxTree, TextSpan.FromBounds(forEach.Type.SpanStart, forEach.Identifier.Span.End), textColumn),
        };

        /// <summary>A mark for a catch clause's header, <c>catch (T e)</c>: where the caught exception is stored.</summary>
        public static LineMark? ForCatch(Microsoft.CodeAnalysis.CSharp.Syntax.CatchClauseSyntax clause, int textColumn)
            => For(clause.SyntaxTree, TextSpan.FromBounds(clause.SpanStart, clause.Declaration?.Span.End ?? clause.CatchKeyword.Span.End), textColumn);

        /// <summary>
        /// A mark for <paramref name="span"/> of <paramref name="tree"/>, or null when the tree is not mapped. In a lowered
        /// body, the span of the user's file its tokens come from (<see cref="SourcePositions.Map"/>); null for code the
        /// lowering wrote on its own, which stays hidden.
        /// </summary>
        public static LineMark? For(SyntaxTree tree, TextSpan span, int textColumn)
        {
            var form = LineDirectives.FormFor(tree);
            if (form == LineDirectiveForm.None) return null;
            if (SourcePositions.OriginalOf(tree) is { } original)
            {
                return SourcePositions.Map(tree, span) is { } mapped ? new LineMark(form, original.FilePath, original.GetLineSpan(mapped).Span, textColumn) : null;
            }

            return new LineMark(form, tree.FilePath, tree.GetLineSpan(span).Span, textColumn);
        }
    }
}
