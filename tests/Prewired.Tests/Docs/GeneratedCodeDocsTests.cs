using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text.RegularExpressions;
using Prewired.Generator;
using Prewired.Tests.Harness;
using Xunit;

namespace Prewired.Tests.Docs
{
    /// <summary>
    /// The generated code the documents show is the generator's, so it cannot go stale as the emitter changes (it did: the
    /// continuation became a state machine while fast-path.md still showed the async form). A code block is checked when
    /// the line before its fence is a marker:
    /// <list type="bullet">
    /// <item><c>&lt;!-- generated-from: path hint --&gt;</c>: the block is the whole generated file whose hint name ends with
    /// <c>hint</c>, generated from the source file at <c>path</c> (from the repository root) and shown without its
    /// <c>#line</c> directives. <c>PREWIRED_ACCEPT_SNAPSHOTS=1</c> rewrites the block, as it accepts snapshots.</item>
    /// <item><c>&lt;!-- excerpt-of: path... --&gt;</c>: the block shows parts of those files (a body from a test's source, the
    /// synchronous path and the continuation from a snapshot). Lines <c>// body</c>, <c>// synchronous path</c> and
    /// <c>// continuation</c> start sections; each section's lines, trimmed and without <c>...</c>, appear in that order in
    /// one of the files (a "..." inside a line stands for the part of it left out).</item>
    /// </list>
    /// </summary>
    public sealed class GeneratedCodeDocsTests
    {
        private static readonly Regex s_marker = new(@"^<!-- (generated-from|excerpt-of): (.+?) -->\s*$", RegexOptions.CultureInvariant);
        private static readonly Regex s_section = new(@"^// (body|synchronous path|continuation)\b", RegexOptions.CultureInvariant);

        public static IEnumerable<object[]> Documents() => new[] { new object[] { "README.md" }, new object[] { "docs/fast-path.md" } };

        [Theory]
        [MemberData(nameof(Documents))]
        public void Generated_code_in_the_documents_is_the_generators(string document)
        {
            var root = RepositoryFiles.Root();
            var path = Path.Combine(root, document);
            var lines = LineDiff.SplitLines(LineDiff.Normalize(File.ReadAllText(path))).ToList();
            var problems = new List<string>();
            var checkedBlocks = 0;
            var rewritten = false;
            for (var i = 0; i < lines.Count; i++)
            {
                var marker = s_marker.Match(lines[i]);
                if (!marker.Success) continue;
                var where = $"{document}:{i + 1}";
                if (i + 1 >= lines.Count || lines[i + 1] != "```csharp")
                {
                    problems.Add($"{where}: the marker is not followed by a ```csharp fence");
                    continue;
                }

                var end = lines.FindIndex(i + 2, l => l == "```");
                if (end < 0)
                {
                    problems.Add($"{where}: the block never closes");
                    continue;
                }

                var block = lines.GetRange(i + 2, end - i - 2);
                var arguments = marker.Groups[2].Value.Split(' ', StringSplitOptions.RemoveEmptyEntries);
                checkedBlocks++;
                if (marker.Groups[1].Value == "excerpt-of")
                {
                    CheckExcerpt(root, where, block, arguments, problems);
                    continue;
                }

                if (arguments.Length != 2)
                {
                    problems.Add($"{where}: generated-from takes a source path and a hint name");
                    continue;
                }

                var generated = Generate(root, arguments[0], arguments[1], out var failure);
                if (generated is null)
                {
                    problems.Add($"{where}: {failure}");
                    continue;
                }

                if (generated.SequenceEqual(block, StringComparer.Ordinal)) continue;
                if (SnapshotVerifier.AcceptFromEnvironment)
                {
                    lines.RemoveRange(i + 2, end - i - 2);
                    lines.InsertRange(i + 2, generated);
                    rewritten = true;
                    continue;
                }

                problems.Add($"{where}: the block is not what the generator writes for {arguments[0]} (PREWIRED_ACCEPT_SNAPSHOTS=1 rewrites it):"
                             + Environment.NewLine + LineDiff.Format(string.Join("\n", block), string.Join("\n", generated)));
            }

            if (rewritten) File.WriteAllText(path, string.Join("\n", lines));
            Assert.True(checkedBlocks > 0, $"{document} has no marked code block: the markers moved or the regex no longer finds them.");
            Assert.True(problems.Count == 0, string.Join(Environment.NewLine, problems));
        }

        /// <summary>The generated file for <paramref name="source"/> whose hint ends with <paramref name="hint"/>, without #line lines.</summary>
        private static List<string>? Generate(string root, string source, string hint, out string? failure)
        {
            failure = null;
            var file = Path.Combine(root, source);
            if (!File.Exists(file))
            {
                failure = $"no file {source}";
                return null;
            }

            var run = GeneratorDriverHarness.Run(new[] { new PrewiredGenerator() }, new[] { File.ReadAllText(file) });
            var errors = run.CompilationDiagnostics.Where(d => d.Severity == Microsoft.CodeAnalysis.DiagnosticSeverity.Error).ToList();
            if (errors.Count > 0)
            {
                failure = $"{source} does not compile with its generated code: {string.Join("; ", errors.Take(3))}";
                return null;
            }

            var matching = run.GeneratedSources.Where(s => s.HintName.EndsWith(hint, StringComparison.Ordinal)).ToList();
            if (matching.Count != 1)
            {
                failure = $"{matching.Count} generated files end with {hint}: {string.Join(", ", run.GeneratedSources.Select(s => s.HintName))}";
                return null;
            }

            return LineDiff.SplitLines(LineDiff.Normalize(matching[0].SourceText.ToString()))
                .Where(l => !l.TrimStart().StartsWith("#line", StringComparison.Ordinal))
                .Reverse().SkipWhile(l => l.Length == 0).Reverse()
                .ToList();
        }

        private static void CheckExcerpt(string root, string where, List<string> block, string[] files, List<string> problems)
        {
            var sources = new List<(string Name, List<string> Lines)>();
            foreach (var name in files)
            {
                var file = Path.Combine(root, Uri.UnescapeDataString(name));
                if (!File.Exists(file))
                {
                    problems.Add($"{where}: no file {name}");
                    return;
                }

                sources.Add((name, LineDiff.SplitLines(LineDiff.Normalize(File.ReadAllText(file))).Select(l => l.Trim()).Where(l => l.Length > 0 && !l.StartsWith("#line", StringComparison.Ordinal)).ToList()));
            }

            var sections = new List<(string Title, List<string> Lines)> { ("block", new List<string>()) };
            foreach (var line in block)
            {
                if (s_section.IsMatch(line)) sections.Add((line, new List<string>()));
                else if (line.Trim() is { Length: > 0 } text && text != "...") sections[^1].Lines.Add(text);
            }

            foreach (var (title, shown) in sections.Where(s => s.Lines.Count > 0))
            {
                var misses = sources.Select(s => (s.Name, Missing: FirstNotInOrder(shown, s.Lines))).ToList();
                if (misses.Any(m => m.Missing is null)) continue;
                problems.Add($"{where} ({title}): not in {string.Join(" or ", files)} in this order: " + string.Join("; ", misses.Select(m => $"{m.Name}: '{m.Missing}'")));
            }
        }

        /// <summary>The first of <paramref name="shown"/> that does not follow the previous one in <paramref name="file"/>, or null.</summary>
        private static string? FirstNotInOrder(List<string> shown, List<string> file)
        {
            var at = 0;
            foreach (var line in shown)
            {
                var found = file.FindIndex(at, l => Matches(line, l));
                if (found < 0) return line;
                at = found + 1;
            }

            return null;
        }

        /// <summary>Equal, or equal around a "..." that stands for what the document leaves out of the line.</summary>
        private static bool Matches(string shown, string line)
        {
            var gap = shown.IndexOf("...", StringComparison.Ordinal);
            if (gap < 0) return shown == line;
            var (before, after) = (shown.Substring(0, gap), shown.Substring(gap + 3));
            return line.Length >= before.Length + after.Length && line.StartsWith(before, StringComparison.Ordinal) && line.EndsWith(after, StringComparison.Ordinal);
        }
    }
}
