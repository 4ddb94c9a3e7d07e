using System.Collections.Generic;
using System.Diagnostics;
using System.Linq;
using System.Text;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Xunit;
using Xunit.Abstractions;

namespace Prewired.Tests.Robustness
{
    /// <summary>
    /// Half-typed code, as the IDE hands it to the generator and the analyzer on every keystroke: each sample cut at
    /// every token boundary (syntax errors: nothing may throw), and cut at every statement or member boundary with the
    /// open braces closed (mostly valid code: besides nothing throwing, generated code must not add errors to code that
    /// has none of its own).
    /// </summary>
    public sealed class TruncationTests(ITestOutputHelper output)
    {
        private const int MaxReported = 3;

        [Theory]
        [MemberData(nameof(SampleSources.Names), MemberType = typeof(SampleSources))]
        public void Every_sample_is_valid_and_generates_cleanly(string sample)
        {
            RobustnessOutcome outcome = RobustnessCheck.Run(SampleSources.All[sample]);
            Assert.False(outcome.InputHasErrors, $"Sample {sample} must compile on its own (but CS8795).\n" + outcome.Describe());
            Assert.True(outcome.Ok, $"Sample {sample}:\n" + outcome.Describe());
            Assert.NotEmpty(outcome.Generated);
        }

        [Theory]
        [MemberData(nameof(SampleSources.Names), MemberType = typeof(SampleSources))]
        public void Cut_at_every_token_boundary(string sample)
        {
            string text = SampleSources.All[sample];
            SyntaxTree tree = CSharpSyntaxTree.ParseText(text);
            IEnumerable<int> cuts = tree.GetRoot().DescendantTokens().Select(t => t.Span.End).Where(end => end < text.Length).Distinct();
            Check(sample, cuts.Select(end => text.Substring(0, end)), checkInputErrors: false);
        }

        [Theory]
        [MemberData(nameof(SampleSources.Names), MemberType = typeof(SampleSources))]
        public void Cut_at_every_statement_and_member_boundary_with_braces_closed(string sample)
        {
            string text = SampleSources.All[sample];
            SyntaxTree tree = CSharpSyntaxTree.ParseText(text);
            SyntaxNode root = tree.GetRoot();
            IEnumerable<int> cuts = root.DescendantNodes()
                .Where(n => n is StatementSyntax or MemberDeclarationSyntax or UsingDirectiveSyntax)
                .Select(n => n.FullSpan.End)
                .Where(end => end < text.Length)
                .Distinct()
                .OrderBy(end => end);
            Check(sample, cuts.Select(end => text.Substring(0, end) + Closers(root, end)), checkInputErrors: true);
        }

        /// <summary>
        /// Typing in the middle of a file: one statement of a body, or a marked declaration, is half-typed (cut at a token
        /// boundary, the rest of it missing), everything around it is complete, so the generator sees real marked methods
        /// and bodies next to it.
        /// </summary>
        [Theory]
        [MemberData(nameof(SampleSources.Names), MemberType = typeof(SampleSources))]
        public void Typing_inside_bodies_and_marked_declarations(string sample)
        {
            string text = SampleSources.All[sample];
            SyntaxNode root = CSharpSyntaxTree.ParseText(text).GetRoot();
            var variants = new List<string>();
            int index = 0;
            foreach (SyntaxToken token in root.DescendantTokens())
            {
                // Every other token (alternating between samples) keeps the whole class under its time budget; the
                // raw cuts above already stop at every token.
                if (index++ % 2 != sample.Length % 2)
                {
                    continue;
                }

                SyntaxNode? unit = token.Parent?.AncestorsAndSelf().FirstOrDefault(n =>
                    n is StatementSyntax and not BlockSyntax || n is MemberDeclarationSyntax and not BaseTypeDeclarationSyntax and not BaseNamespaceDeclarationSyntax);
                if (unit is not null && token != unit.GetLastToken() && IsPrewiredInput(unit))
                {
                    variants.Add(text.Substring(0, token.Span.End) + text.Substring(unit.FullSpan.End));
                }
            }

            Check(sample, variants, checkInputErrors: false);
        }

        [Theory]
        [MemberData(nameof(SampleSources.Names), MemberType = typeof(SampleSources))]
        public void Each_statement_removed(string sample)
        {
            string text = SampleSources.All[sample];
            SyntaxNode root = CSharpSyntaxTree.ParseText(text).GetRoot();
            IEnumerable<string> variants = root.DescendantNodes()
                .OfType<StatementSyntax>()
                .Where(s => s is not BlockSyntax && s.Parent is BlockSyntax or SwitchSectionSyntax)
                .Select(s => text.Remove(s.FullSpan.Start, s.FullSpan.Length));
            Check(sample, variants, checkInputErrors: true);
        }

        private void Check(string sample, IEnumerable<string> variants, bool checkInputErrors)
        {
            var watch = Stopwatch.StartNew();
            var failures = new List<RobustnessOutcome>();
            int count = 0, clean = 0;
            foreach (string variant in variants.Distinct())
            {
                // Without either attribute nothing of Prewired runs beyond a scan; not worth a compilation.
                if (!variant.Contains("FastPath", System.StringComparison.Ordinal) && !variant.Contains("TailAwait", System.StringComparison.Ordinal))
                {
                    continue;
                }

                count++;
                RobustnessOutcome outcome = RobustnessCheck.Run(new[] { variant }, analyzeInputToo: false, checkInputErrors);
                if (!outcome.InputHasErrors)
                {
                    clean++;
                }

                if (!outcome.Ok)
                {
                    failures.Add(outcome);
                }
            }

            output.WriteLine($"{sample}: {count} variants ({clean} without errors of their own) in {watch.ElapsedMilliseconds} ms, {failures.Count} failing");
            if (failures.Count > 0)
            {
                var text = new StringBuilder($"{failures.Count} of {count} variants of {sample} failed; the first {System.Math.Min(MaxReported, failures.Count)}:\n");
                foreach (RobustnessOutcome failure in failures.Take(MaxReported))
                {
                    text.AppendLine(failure.Describe());
                }

                Assert.Fail(text.ToString());
            }
        }

        /// <summary>Inside a marked declaration or an async method (a body): the code Prewired reads.</summary>
        private static bool IsPrewiredInput(SyntaxNode unit) =>
            unit.AncestorsAndSelf().OfType<MethodDeclarationSyntax>().FirstOrDefault() is { } method
            && (method.AttributeLists.Count > 0 || method.Modifiers.Any(SyntaxKind.AsyncKeyword));

        /// <summary>A closing brace for every brace opened before <paramref name="end"/> and not closed there.</summary>
        private static string Closers(SyntaxNode root, int end)
        {
            int open = 0;
            foreach (SyntaxToken token in root.DescendantTokens().TakeWhile(t => t.Span.End <= end))
            {
                if (token.IsKind(SyntaxKind.OpenBraceToken))
                {
                    open++;
                }
                else if (token.IsKind(SyntaxKind.CloseBraceToken))
                {
                    open--;
                }
            }

            return "\n" + string.Concat(Enumerable.Repeat("}\n", System.Math.Max(0, open)));
        }
    }
}
