using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Text;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Prewired.Tests.Harness;
using Prewired.Tests.Semantics;

namespace Prewired.Tests.Reliability
{
    /// <summary>
    /// Shrinks a failing body to a minimal one: each round tries every one-step simplification (delete a statement,
    /// keep one branch of an if or drop its else, unwrap a block, try, loop or using, drop a switch section, a catch or
    /// the finally, drop a ConfigureAwait, drop a variant of v, drop a member), keeps the candidates that are still valid
    /// C# without warnings, runs them all in one batch, and continues from the smallest one that still fails the same
    /// way (same kind of finding), until none does.
    /// </summary>
    public static class BodyShrinker
    {
        private const string Prefix = "class __Shrink\n{\nasync void __M()\n";
        private const string Suffix = "\n}\n";

        public static Finding Shrink(Finding finding, Action<string>? log = null, int maxRounds = 80)
        {
            var current = finding;
            for (var round = 0; round < maxRounds; round++)
            {
                var candidates = Candidates(current.Body)
                    .Distinct(new BodyComparer())
                    .OrderBy(Size)
                    .Select((b, i) => b with { Name = $"{finding.Body.Name}_s{round}_{i}" })
                    .ToList();
                candidates = Valid(candidates);
                if (candidates.Count == 0) break;
                var findings = new List<Finding>();
                foreach (var batch in candidates.Chunk(60)) findings.AddRange(FuzzRunner.Check(batch));
                var next = findings.Where(f => f.Kind == finding.Kind).OrderBy(f => Size(f.Body)).FirstOrDefault();
                if (next is null) break;
                current = next;
                log?.Invoke($"shrink round {round}: {Size(current.Body)} characters");
            }

            return current with { Body = current.Body with { Name = finding.Body.Name + "_min" } };
        }

        /// <summary>The body as an entry of <see cref="RegressionBodies"/>.</summary>
        public static string AsTableEntry(BodyCase body)
        {
            var text = new StringBuilder();
            text.Append($"new(\"{body.Name}\", \"{body.Returns}\", \"\"\"\n{Indent(body.Body.Trim(), 4)}\n    \"\"\")\n{{\n");
            if (body.Tail) text.AppendLine("    Tail = true,");
            if (body.Static) text.AppendLine("    Static = true,");
            text.AppendLine($"    Variants = new[] {{ {string.Join(", ", body.Variants)} }},");
            if (!body.ExpectSplit) text.AppendLine("    ExpectSplit = false,");
            if (body.HelperSites.Length > 0) text.AppendLine($"    HelperSites = \"{body.HelperSites}\",");
            if (!body.TailAwaitsSiteDirectly) text.AppendLine("    TailAwaitsSiteDirectly = false,");
            if (body.Members.Length > 0) text.Append($"    Members = \"\"\"\n{Indent(body.Members.Trim(), 8)}\n        \"\"\",\n");
            text.Append("},");
            return text.ToString();
        }

        private static string Indent(string text, int spaces)
            => string.Join("\n", text.Replace("\r\n", "\n").Split('\n').Select(l => l.Length == 0 ? l : new string(' ', spaces) + l));

        private static int Size(BodyCase body) => body.Body.Count(c => !char.IsWhiteSpace(c)) + body.Members.Count(c => !char.IsWhiteSpace(c)) / 4 + body.Variants.Length;

        /// <summary>Candidates whose source alone has no error (but CS8795) and no warning (but CS1998), in one compilation.</summary>
        private static List<BodyCase> Valid(List<BodyCase> candidates)
        {
            if (candidates.Count == 0) return candidates;
            var compilation = TestCompilation.Create(candidates.Select(FuzzBatch.Source), FuzzBatch.Settings("ShrinkCheck"));
            var trees = compilation.SyntaxTrees.ToList();
            var bad = compilation.GetDiagnostics()
                .Where(d => d.Severity == DiagnosticSeverity.Error && d.Id != "CS8795" || d.Severity == DiagnosticSeverity.Warning && d.Id != "CS1998")
                .Select(d => d.Location.SourceTree is { } t ? trees.IndexOf(t) : -1)
                .ToHashSet();
            return candidates.Where((_, i) => !bad.Contains(i)).ToList();
        }

        private static IEnumerable<BodyCase> Candidates(BodyCase body)
        {
            foreach (var variant in body.Variants)
            {
                if (body.Variants.Length > 1) yield return body with { Variants = body.Variants.Where(v => v != variant).ToArray() };
            }

            foreach (var text in BodyEdits(body.Body)) yield return body with { Body = text };
            foreach (var members in MemberEdits(body.Members)) yield return body with { Members = members };
        }

        private static IEnumerable<string> BodyEdits(string bodyText)
        {
            var source = Prefix + bodyText.Trim() + Suffix;
            var root = CSharpSyntaxTree.ParseText(source).GetRoot();
            var method = root.DescendantNodes().OfType<MethodDeclarationSyntax>().First();
            var edits = new List<(TextSpanLike Span, string Replacement)>();

            foreach (var node in method.DescendantNodes())
            {
                switch (node)
                {
                    case StatementSyntax statement when statement.Parent is BlockSyntax or SwitchSectionSyntax:
                        edits.Add((Span(statement.FullSpan), string.Empty));
                        break;
                }

                switch (node)
                {
                    case IfStatementSyntax ifStatement when ifStatement.Parent is not ElseClauseSyntax:
                        edits.Add((Span(ifStatement.Span), Inner(ifStatement.Statement)));
                        if (ifStatement.Else is { } elseClause)
                        {
                            edits.Add((Span(ifStatement.Span), Inner(elseClause.Statement)));
                            edits.Add((Span(elseClause.FullSpan), string.Empty));
                        }

                        break;
                    case BlockSyntax block when block.Parent is BlockSyntax or SwitchSectionSyntax:
                        edits.Add((Span(block.Span), Inner(block)));
                        break;
                    case TryStatementSyntax tryStatement:
                        edits.Add((Span(tryStatement.Span), Inner(tryStatement.Block)));
                        foreach (var catchClause in tryStatement.Catches)
                        {
                            if (tryStatement.Catches.Count + (tryStatement.Finally is null ? 0 : 1) > 1) edits.Add((Span(catchClause.FullSpan), string.Empty));
                        }

                        if (tryStatement.Finally is { } finallyClause && tryStatement.Catches.Count > 0) edits.Add((Span(finallyClause.FullSpan), string.Empty));
                        break;
                    case ForStatementSyntax forStatement:
                        edits.Add((Span(forStatement.Span), Inner(forStatement.Statement)));
                        break;
                    case UsingStatementSyntax usingStatement:
                        edits.Add((Span(usingStatement.Span), Inner(usingStatement.Statement)));
                        break;
                    case CommonForEachStatementSyntax forEach:
                        edits.Add((Span(forEach.Span), Inner(forEach.Statement)));
                        break;
                    case SwitchStatementSyntax switchStatement when switchStatement.Sections.Count > 1:
                        foreach (var section in switchStatement.Sections) edits.Add((Span(section.FullSpan), string.Empty));
                        break;
                    case SwitchSectionSyntax section when section.Labels.Count > 1:
                        foreach (var label in section.Labels) edits.Add((Span(label.FullSpan), string.Empty));
                        break;
                    case InvocationExpressionSyntax { Expression: MemberAccessExpressionSyntax { Name.Identifier.ValueText: "ConfigureAwait" } access } invocation:
                        edits.Add((Span(invocation.Span), access.Expression.ToString()));
                        break;
                    case BinaryExpressionSyntax binary:
                        edits.Add((Span(binary.Span), binary.Left.ToString()));
                        edits.Add((Span(binary.Span), binary.Right.ToString()));
                        break;
                    case ConditionalExpressionSyntax conditional:
                        edits.Add((Span(conditional.Span), conditional.WhenTrue.ToString()));
                        break;
                }
            }

            foreach (var (span, replacement) in edits)
            {
                var edited = source.Substring(0, span.Start) + replacement + source.Substring(span.End);
                if (!edited.StartsWith(Prefix, StringComparison.Ordinal) || !edited.EndsWith(Suffix, StringComparison.Ordinal)) continue;
                var body = edited.Substring(Prefix.Length, edited.Length - Prefix.Length - Suffix.Length);
                yield return Tidy(body);
            }
        }

        /// <summary>The statements of a block (or the single statement) as text for the place of the construct.</summary>
        private static string Inner(StatementSyntax statement)
            => statement is BlockSyntax block ? string.Concat(block.Statements.Select(s => s.ToFullString())) : statement.ToFullString();

        private static IEnumerable<string> MemberEdits(string members)
        {
            if (members.Trim().Length == 0) yield break;
            var source = "class __Shrink\n{\n" + members + "\n}\n";
            var root = CSharpSyntaxTree.ParseText(source).GetRoot();
            var type = root.DescendantNodes().OfType<ClassDeclarationSyntax>().First();
            for (var i = 0; i < type.Members.Count; i++)
            {
                yield return string.Join("\n\n", type.Members.Where((_, j) => j != i).Select(m => m.ToFullString().Trim()));
            }
        }

        /// <summary>Re-indents and drops blank lines, so shrunk bodies read like written ones.</summary>
        private static string Tidy(string text)
        {
            var root = CSharpSyntaxTree.ParseText(Prefix + text + Suffix).GetRoot();
            var formatted = root.NormalizeWhitespace("    ", "\n").ToFullString();
            var method = CSharpSyntaxTree.ParseText(formatted).GetRoot().DescendantNodes().OfType<MethodDeclarationSyntax>().FirstOrDefault();
            if (method is null) return text;
            var body = method.Body is { } block ? block.ToString() : method.ExpressionBody!.ToString() + ";";
            var lines = body.Split('\n');
            var common = lines.Skip(1).Where(l => l.Trim().Length > 0).Select(l => l.Length - l.TrimStart().Length).DefaultIfEmpty(0).Min();
            return string.Join("\n", lines.Select((l, i) => i == 0 ? l : l.Length >= common ? l.Substring(common) : l.TrimStart()));
        }

        private static TextSpanLike Span(Microsoft.CodeAnalysis.Text.TextSpan span) => new(span.Start, span.End);

        private readonly record struct TextSpanLike(int Start, int End);

        private sealed class BodyComparer : IEqualityComparer<BodyCase>
        {
            public bool Equals(BodyCase? x, BodyCase? y)
                => x is not null && y is not null && x.Body == y.Body && x.Members == y.Members && x.Variants.SequenceEqual(y.Variants);

            public int GetHashCode(BodyCase obj) => HashCode.Combine(obj.Body, obj.Members, obj.Variants.Length);
        }
    }
}
