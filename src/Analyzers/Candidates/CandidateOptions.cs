using System;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;

namespace Prewired.Analyzers.Candidates
{
    /// <summary>
    /// Which return types PW0202 suggests [FastPath] for, read from the analyzer config options of the method's file:
    /// <c>prewired_fastpath_candidates = valuetask | all</c> in <c>.editorconfig</c> (or a <c>.globalconfig</c>), else the
    /// MSBuild property <c>PrewiredFastPathCandidates</c> (made visible to the compiler by the package's props, so it reads
    /// as <c>build_property.PrewiredFastPathCandidates</c>). <c>valuetask</c>, the default, keeps the suggestion to ValueTask
    /// methods; <c>all</c> adds Task and Task&lt;T&gt; methods. Any other value is the default.
    /// </summary>
    internal static class CandidateOptions
    {
        public const string EditorConfigKey = "prewired_fastpath_candidates";
        public const string BuildPropertyKey = "build_property.PrewiredFastPathCandidates";

        public static bool IncludesTaskMethods(AnalyzerOptions options, SyntaxTree tree)
        {
            var config = options.AnalyzerConfigOptionsProvider.GetOptions(tree);
            if (config.TryGetValue(EditorConfigKey, out var value) && IsKnown(value)) return IsAll(value);
            if (options.AnalyzerConfigOptionsProvider.GlobalOptions.TryGetValue(BuildPropertyKey, out value) && IsKnown(value)) return IsAll(value);
            return false;
        }

        private static bool IsKnown(string value)
            => IsAll(value) || string.Equals(value.Trim(), "valuetask", StringComparison.OrdinalIgnoreCase);

        private static bool IsAll(string value) => string.Equals(value.Trim(), "all", StringComparison.OrdinalIgnoreCase);
    }
}
