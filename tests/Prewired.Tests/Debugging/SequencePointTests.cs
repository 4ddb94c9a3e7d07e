using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection.Metadata;
using System.Reflection.PortableExecutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Emit;
using Xunit;

namespace Prewired.Tests.Debugging
{
    /// <summary>
    /// Issue 19 point 4: the statements generated code copies from a body are mapped back to the body's file with #line
    /// directives, so the portable PDB's sequence points of the generated methods (the synchronous path, the continuation's
    /// state machine, the [TailAwait] wrapper) are the body's lines: where a breakpoint set in the body binds.
    /// </summary>
    public sealed class SequencePointTests
    {
        /// <summary>C# 12: the enhanced form, <c>#line (l,c)-(l,c) offset "file"</c>; C# 9: <c>#line N "file"</c>
        /// (the form a netstandard2.0 or .NET Framework project's default C# 7.3 also gets).</summary>
        [Theory]
        [InlineData(LanguageVersion.CSharp12)]
        [InlineData(LanguageVersion.CSharp9)]
        public void Every_visible_sequence_point_of_generated_methods_is_a_body_statement(LanguageVersion languageVersion)
        {
            var points = SequencePoints(DebuggedBodies.Compile(languageVersion));
            var tree = CSharpSyntaxTree.ParseText(DebuggedBodies.Source);
            var text = tree.GetText();
            foreach (var (method, bodyName) in new[]
            {
                ("RunAsync__Sync", "RunCoreAsync"), ("<RunAsync__Resume>.MoveNext", "RunCoreAsync"),
                ("ThrowAsync__Sync", "ThrowCoreAsync"), ("<ThrowAsync__Resume>.MoveNext", "ThrowCoreAsync"),
                ("IterateAsync__Sync", "IterateCoreAsync"), ("<IterateAsync__Resume>.MoveNext", "IterateCoreAsync"), ("TailAsync", "TailCoreAsync"),
            })
            {
                var visible = points.Where(p => p.Method == method && !p.Point.IsHidden).ToList();
                Assert.True(visible.Count > 0, $"{method} has no visible sequence point.");
                var (first, last) = DebuggedBodies.BodyLines(bodyName);
                foreach (var (_, document, point) in visible)
                {
                    var where = $"{method}: sequence point {document}({point.StartLine},{point.StartColumn})";
                    Assert.True(document == DebuggedBodies.SourcePath, where + " is not in the body's file.");
                    Assert.InRange(point.StartLine, first, last);

                    // The point starts where a statement, a header, an awaited expression or a block's closing brace of the
                    // body does, or where the compiler's own points of a foreach and a catch start: the collection, the
                    // iteration variable (both expressions) and 'in' (the MoveNext), a catch filter's 'when' (only lines
                    // are mapped in the classic form: there the line must hold the start of one).
                    var line = text.Lines[point.StartLine - 1];
                    var starts = tree.GetRoot().DescendantNodes(line.Span)
                        .Where(n => n is StatementSyntax or ExpressionSyntax or CatchClauseSyntax or CatchFilterClauseSyntax or FinallyClauseSyntax)
                        .SelectMany(n => n switch
                        {
                            BlockSyntax block => new[] { n.SpanStart, block.CloseBraceToken.SpanStart },
                            ForEachStatementSyntax forEach => new[] { n.SpanStart, forEach.InKeyword.SpanStart },
                            _ => new[] { n.SpanStart },
                        })
                        .Where(line.Span.Contains)
                        .Select(position => position - line.Start + 1);
                    var expected = languageVersion >= LanguageVersion.CSharp10 ? starts.Contains(point.StartColumn) : starts.Any();
                    Assert.True(expected, where + $" does not start a statement of the body: '{line.ToString().Trim()}'.");
                }
            }
        }

        [Fact]
        public void The_synchronous_path_and_the_continuation_both_bind_the_body_statements()
        {
            var points = SequencePoints(DebuggedBodies.Compile());
            bool Binds(string method, string statement)
                => points.Any(p => p.Method == method && !p.Point.IsHidden && p.Document == DebuggedBodies.SourcePath && p.Point.StartLine == DebuggedBodies.LineOf(statement));

            // Copied statements, awaits (the call in the synchronous path; the call and the await in the continuation).
            foreach (var statement in new[] { "total", "loopAwait", "loopBody", "gate", "afterGate", "caught", "usingAwait", "return" })
            {
                Assert.True(Binds("RunAsync__Sync", statement), $"RunAsync__Sync has no sequence point on @{statement}.");
            }

            foreach (var statement in new[] { "loopAwait", "loopBody", "gate", "afterGate", "caught", "usingAwait", "return" })
            {
                Assert.True(Binds("<RunAsync__Resume>.MoveNext", statement), $"The continuation's MoveNext has no sequence point on @{statement}.");
            }

            foreach (var statement in new[] { "tailFirst", "tailThrow", "tailAwait" })
            {
                Assert.True(Binds("TailAsync", statement), $"TailAsync has no sequence point on @{statement}.");
            }
        }

        /// <summary>
        /// The lines the generator writes in place of a construct it writes out: a foreach's enumerator or collection, its
        /// MoveNext or index test and its iteration variable; a using's resource; a catch block that awaits, whose clause
        /// only stores the exception (and runs the filter). Each binds on the construct's own line, in the synchronous path
        /// and in the continuation.
        /// </summary>
        [Theory]
        [InlineData(LanguageVersion.CSharp12)]
        [InlineData(LanguageVersion.CSharp9)]
        public void The_lines_of_constructs_written_out_bind_the_construct(LanguageVersion languageVersion)
        {
            var points = SequencePoints(DebuggedBodies.Compile(languageVersion));
            foreach (var method in new[] { "IterateAsync__Sync", "<IterateAsync__Resume>.MoveNext" })
            {
                foreach (var statement in new[] { "foreachList", "foreachArray", "usingDeclared", "usingExpression", "catchPlain", "catchFiltered", "usingDeclaration" })
                {
                    var line = DebuggedBodies.LineOf(statement);
                    Assert.True(
                        points.Any(p => p.Method == method && !p.Point.IsHidden && p.Document == DebuggedBodies.SourcePath && p.Point.StartLine == line),
                        $"{method} has no sequence point on @{statement}.");
                }
            }
        }

        /// <summary>Every sequence point of the assembly: its method (a state machine's MoveNext as &lt;Kickoff&gt;.MoveNext),
        /// its document's name, and the point.</summary>
        internal static List<(string Method, string Document, SequencePoint Point)> SequencePoints(Compilation compilation)
        {
            var (assembly, pdb) = DebuggedBodies.Emit(compilation, DebugInformationFormat.PortablePdb);
            using var pe = new PEReader(new MemoryStream(assembly));
            var metadata = pe.GetMetadataReader();
            using var provider = MetadataReaderProvider.FromPortablePdbStream(new MemoryStream(pdb!));
            var debug = provider.GetMetadataReader();
            var result = new List<(string, string, SequencePoint)>();
            foreach (var handle in metadata.MethodDefinitions)
            {
                var definition = metadata.GetMethodDefinition(handle);
                var name = metadata.GetString(definition.Name);
                var type = metadata.GetTypeDefinition(definition.GetDeclaringType());
                var typeName = metadata.GetString(type.Name);
                if (name == "MoveNext" && typeName.StartsWith("<", System.StringComparison.Ordinal))
                {
                    // <RunAsync__Resume>d__3: the state machine of RunAsync__Resume.
                    name = typeName.Substring(0, typeName.IndexOf('>') + 1) + ".MoveNext";
                }
                else if (name is "MoveNext" or "__Run" && typeName.EndsWith("__Continuation", System.StringComparison.Ordinal))
                {
                    // RunAsync__Continuation: the generated state machine that RunAsync__Resume starts, named as the compiler's
                    // (its Run holds the body's statements, its MoveNext calls Run).
                    name = "<" + typeName.Substring(0, typeName.Length - "Continuation".Length) + "Resume>.MoveNext";
                }

                foreach (var point in debug.GetMethodDebugInformation(handle.ToDebugInformationHandle()).GetSequencePoints())
                {
                    var document = point.Document.IsNil ? string.Empty : debug.GetString(debug.GetDocument(point.Document).Name);
                    result.Add((name, document, point));
                }
            }

            return result;
        }
    }
}
