using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Diagnostics.CodeAnalysis;
using System.Linq;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;

namespace Prewired.Tests.Harness
{
    /// <summary>
    /// An .editorconfig or .globalconfig text applied the way the compiler applies it: its key/value options reach
    /// analyzers and generators (<see cref="OptionsProvider"/>, e.g. <c>build_property.X</c>), and its
    /// <c>dotnet_diagnostic.ID.severity</c> entries change or silence diagnostics (<see cref="SyntaxTreeOptions"/>, set on
    /// the compilation). The compiler's own providers are internal, so these two small ones stand in.
    /// </summary>
    /// <example>
    /// <code>
    /// var config = TestAnalyzerConfig.Parse("is_global = true\ndotnet_diagnostic.PW0101.severity = none");
    /// var settings = TestCompilationSettings.Default with { SyntaxTreeOptions = config.SyntaxTreeOptions };
    /// </code>
    /// </example>
    public sealed class TestAnalyzerConfig
    {
        /// <summary>At the root, so an editorconfig's <c>[*.cs]</c> sections cover the <c>/0/TestN.cs</c> sources.</summary>
        public const string EditorConfigPath = "/.editorconfig";

        public const string GlobalConfigPath = "/.globalconfig";

        private readonly AnalyzerConfigSet _set;
        private readonly ConcurrentDictionary<string, AnalyzerConfigOptionsResult> _byPath = new();

        private TestAnalyzerConfig(AnalyzerConfigSet set)
        {
            _set = set;
            OptionsProvider = new OptionsProviderImpl(this);
            SyntaxTreeOptions = new SyntaxTreeOptionsImpl(this);
        }

        /// <summary>
        /// Parses <paramref name="text"/>: with <c>is_global = true</c> it is a global config applying to every file; with
        /// sections (<c>[*.cs]</c>) an editorconfig at the root, whose sections match the test sources; with neither, plain
        /// <c>key = value</c> lines, it is taken as a global config (an editorconfig would ignore them). Null or empty
        /// means no config.
        /// </summary>
        public static TestAnalyzerConfig Parse(string? text)
        {
            if (string.IsNullOrWhiteSpace(text))
            {
                return new TestAnalyzerConfig(AnalyzerConfigSet.Create(ImmutableArray<AnalyzerConfig>.Empty));
            }

            bool isGlobal = text!.Contains("is_global", System.StringComparison.Ordinal);
            bool hasSections = text.Split('\n').Any(line => line.TrimStart().StartsWith("[", System.StringComparison.Ordinal));
            AnalyzerConfig config = isGlobal || !hasSections
                ? AnalyzerConfig.Parse(isGlobal ? text : "is_global = true\n" + text, GlobalConfigPath)
                : AnalyzerConfig.Parse(text, EditorConfigPath);
            return new TestAnalyzerConfig(AnalyzerConfigSet.Create(ImmutableArray.Create(config)));
        }

        public AnalyzerConfigOptionsProvider OptionsProvider { get; }

        public SyntaxTreeOptionsProvider SyntaxTreeOptions { get; }

        private AnalyzerConfigOptionsResult ForPath(string path) =>
            _byPath.GetOrAdd(path, p => _set.GetOptionsForSourcePath(p));

        private sealed class OptionsProviderImpl(TestAnalyzerConfig config) : AnalyzerConfigOptionsProvider
        {
            public override AnalyzerConfigOptions GlobalOptions { get; } =
                new DictionaryOptions(config._set.GlobalConfigOptions.AnalyzerOptions);

            public override AnalyzerConfigOptions GetOptions(SyntaxTree tree) =>
                new DictionaryOptions(config.ForPath(tree.FilePath).AnalyzerOptions);

            // Additional files are not used by these tests; they get the global options like any unmatched path.
            public override AnalyzerConfigOptions GetOptions(AdditionalText textFile) =>
                new DictionaryOptions(config.ForPath(textFile.Path).AnalyzerOptions);
        }

        private sealed class DictionaryOptions(ImmutableDictionary<string, string> options) : AnalyzerConfigOptions
        {
            public override bool TryGetValue(string key, [NotNullWhen(true)] out string? value) =>
                options.TryGetValue(key, out value);

            public override IEnumerable<string> Keys => options.Keys;
        }

        private sealed class SyntaxTreeOptionsImpl(TestAnalyzerConfig config) : SyntaxTreeOptionsProvider
        {
            public override GeneratedKind IsGenerated(SyntaxTree tree, CancellationToken cancellationToken) =>
                config.ForPath(tree.FilePath).AnalyzerOptions.TryGetValue("generated_code", out string? value)
                    ? (bool.TryParse(value, out bool generated) && generated ? GeneratedKind.MarkedGenerated : GeneratedKind.NotGenerated)
                    : GeneratedKind.Unknown;

            public override bool TryGetDiagnosticValue(SyntaxTree tree, string diagnosticId, CancellationToken cancellationToken, out ReportDiagnostic severity) =>
                config.ForPath(tree.FilePath).TreeOptions.TryGetValue(diagnosticId, out severity);

            public override bool TryGetGlobalDiagnosticValue(string diagnosticId, CancellationToken cancellationToken, out ReportDiagnostic severity) =>
                config._set.GlobalConfigOptions.TreeOptions.TryGetValue(diagnosticId, out severity);
        }
    }
}
