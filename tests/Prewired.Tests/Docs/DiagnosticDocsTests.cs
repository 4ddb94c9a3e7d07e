using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Text.RegularExpressions;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using Prewired.Analyzers;
using Prewired.Generator;
using Prewired.Tests.Harness;
using Xunit;

namespace Prewired.Tests.Docs
{
    /// <summary>
    /// Every diagnostic a user can meet is documented where the user looks: each ID the analyzers support, the generator's
    /// descriptor table holds, or the build's MSBuild tasks log (<c>Log.LogError("Prewired", "PWxxxx", ...)</c> in
    /// buildTransitive) has docs/diagnostics/ID.md, a help link to that page, and a row in the README's diagnostics table;
    /// every Roslyn rule also has a release-tracking row and a page headed by its title (MSBuild errors are no analyzer rules: the release-tracking
    /// analyzer would reject a row for them).
    /// </summary>
    public sealed class DiagnosticDocsTests
    {
        private const string HelpBase = "https://github.com/prewired/prewired/blob/main/docs/diagnostics/";

        [Fact]
        public void Every_diagnostic_has_a_page_a_help_link_a_README_row_and_release_tracking()
        {
            var root = RepositoryFiles.Root();
            var readme = File.ReadAllText(Path.Combine(root, "README.md"));
            var releases = File.ReadAllText(Path.Combine(root, "src/Analyzers/AnalyzerReleases.Shipped.md"))
                           + File.ReadAllText(Path.Combine(root, "src/Analyzers/AnalyzerReleases.Unshipped.md"));
            var problems = new List<string>();

            var descriptors = RoslynDescriptors().ToList();
            Assert.True(descriptors.Count > 20, $"Found only {descriptors.Count} descriptors: the reflection below no longer finds them.");
            foreach (var descriptor in descriptors.GroupBy(d => d.Id).Select(g => g.First()))
            {
                if (descriptor.HelpLinkUri != HelpBase + descriptor.Id + ".md") problems.Add($"{descriptor.Id}: help link is '{descriptor.HelpLinkUri}'");
                if (!Regex.IsMatch(releases, $@"^{descriptor.Id} \|", RegexOptions.Multiline)) problems.Add($"{descriptor.Id}: no row in src/Analyzers/AnalyzerReleases.*.md");
                CheckPageAndReadme(root, readme, descriptor.Id, problems);
                CheckPageTitle(root, descriptor, problems);
            }

            foreach (var (id, targets) in MSBuildErrors(root))
            {
                if (!targets.Contains(HelpBase + id + ".md", StringComparison.Ordinal)) problems.Add($"{id}: the MSBuild message has no help link to {HelpBase}{id}.md");
                CheckPageAndReadme(root, readme, id, problems);
            }

            Assert.True(problems.Count == 0, "Undocumented diagnostics:" + Environment.NewLine + string.Join(Environment.NewLine, problems));
        }

        private static void CheckPageAndReadme(string root, string readme, string id, List<string> problems)
        {
            if (!File.Exists(Path.Combine(root, "docs", "diagnostics", id + ".md"))) problems.Add($"{id}: no docs/diagnostics/{id}.md");
            if (!readme.Contains($"| {id} |", StringComparison.Ordinal) || !readme.Contains($"(docs/diagnostics/{id}.md)", StringComparison.Ordinal))
            {
                problems.Add($"{id}: no row linking docs/diagnostics/{id}.md in the README's diagnostics table");
            }
        }

        /// <summary>The page's heading is the title the IDE and the build show (<c># ID: Title</c>), so neither can drift.</summary>
        private static void CheckPageTitle(string root, DiagnosticDescriptor descriptor, List<string> problems)
        {
            var page = Path.Combine(root, "docs", "diagnostics", descriptor.Id + ".md");
            if (!File.Exists(page)) return;
            var heading = File.ReadLines(page).FirstOrDefault() ?? "";
            var expected = $"# {descriptor.Id}: {descriptor.Title}";
            if (heading != expected) problems.Add($"{descriptor.Id}: the page's heading is '{heading}', the descriptor's title gives '{expected}'");
        }

        /// <summary>The analyzers' supported diagnostics and the generator's descriptor table (which it reports from too).</summary>
        private static IEnumerable<DiagnosticDescriptor> RoslynDescriptors()
        {
            var analyzers = typeof(MarkedMethodAnalyzer).Assembly.GetTypes()
                .Where(t => !t.IsAbstract && typeof(DiagnosticAnalyzer).IsAssignableFrom(t) && t.GetCustomAttribute<DiagnosticAnalyzerAttribute>() is not null)
                .SelectMany(t => ((DiagnosticAnalyzer)Activator.CreateInstance(t)!).SupportedDiagnostics);
            var table = typeof(PrewiredGenerator).Assembly.GetType("Prewired.Generator.Marks.DiagnosticDescriptors", throwOnError: true)!
                .GetFields(BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Static)
                .Where(f => f.FieldType == typeof(DiagnosticDescriptor))
                .Select(f => (DiagnosticDescriptor)f.GetValue(null)!);
            return analyzers.Concat(table);
        }

        /// <summary>The IDs the package's MSBuild tasks log, with the text of the file that logs them.</summary>
        private static IEnumerable<(string Id, string Targets)> MSBuildErrors(string root)
        {
            foreach (var file in Directory.GetFiles(Path.Combine(root, "src", "Runtime", "buildTransitive"), "*.targets"))
            {
                var text = File.ReadAllText(file);
                foreach (var id in Regex.Matches(text, @"Log\.Log(?:Error|Warning)\(""Prewired"", ""(PW\d{4})""").Select(m => m.Groups[1].Value).Distinct())
                {
                    yield return (id, text);
                }
            }
        }
    }
}
