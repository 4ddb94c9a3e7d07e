using System;
using System.Collections.Generic;

namespace Prewired.RoslynOracle.Extraction
{
    /// <summary>
    /// One program of a test file: the test method it comes from, its source, the output the test expects (null: none
    /// given), and how the program differs from what the test compiles (<see cref="ConstantStrings.Context.Notes"/>).
    /// </summary>
    internal sealed record TestProgram(string File, string Test, int Ordinal, string Source, string? ExpectedOutput)
    {
        public string Name => Ordinal == 0 ? Test : $"{Test}#{Ordinal}";

        public IReadOnlyCollection<string> Notes { get; init; } = Array.Empty<string>();
    }

    /// <summary>A call the extractor found but could not turn into a program, and why.</summary>
    internal sealed record SkippedCall(string File, string Test, string Reason);
}
