using System.Collections.Generic;

namespace Prewired.RoslynOracle.Reporting
{
    /// <summary>What the oracle found in one test file.</summary>
    internal sealed class FileTally
    {
        public FileTally(string file) => File = file;

        public string File { get; }
        public int Calls { get; set; }
        public int Programs { get; set; }
        public int Run { get; set; }
        public int MethodsMarked { get; set; }
        public int Split { get; set; }
        public int Forwarded { get; set; }
        public int NotOffered { get; set; }
        public int CompileErrors { get; set; }
        public int GeneratedWarnings { get; set; }
        public int OutputDifferences { get; set; }
        public int PendingRun { get; set; }
        public int PendingOutputDifferences { get; set; }
        public int PendingCompileErrors { get; set; }
        public SortedDictionary<string, int> SkipReasons { get; } = new();
        public SortedDictionary<string, int> ForwardReasons { get; } = new();

        /// <summary>How extracted programs differ from what their tests compile (<see cref="Extraction.TestProgram.Notes"/>), counted per program.</summary>
        public SortedDictionary<string, int> Adaptations { get; } = new();

        public static void Count(SortedDictionary<string, int> counts, string key) => counts[key] = counts.TryGetValue(key, out var n) ? n + 1 : 1;
    }
}
