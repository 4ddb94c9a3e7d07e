namespace Prewired.RoslynOracle.Extraction
{
    /// <summary>One program of a test file: the test method it comes from, its source, and the output the test expects (null: none given).</summary>
    internal sealed record TestProgram(string File, string Test, int Ordinal, string Source, string? ExpectedOutput)
    {
        public string Name => Ordinal == 0 ? Test : $"{Test}#{Ordinal}";
    }

    /// <summary>A call the extractor found but could not turn into a program, and why.</summary>
    internal sealed record SkippedCall(string File, string Test, string Reason);
}
