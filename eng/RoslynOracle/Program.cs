using System;
using System.IO;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Prewired.RoslynOracle;
using Prewired.RoslynOracle.Extraction;
using Prewired.RoslynOracle.Reporting;

// Usage: Prewired.RoslynOracle <directory of test files> <work directory> [test-name filter]
// Prints the totals table (markdown) and writes every finding, with the converted source and generated code, to
// <work directory>/findings.txt. See README.md.
if (args.Length < 2)
{
    Console.Error.WriteLine("usage: Prewired.RoslynOracle <test-files-directory> <work-directory> [test-name-filter]");
    return 2;
}

var files = Directory.GetFiles(args[0], "*.cs", SearchOption.AllDirectories).OrderBy(f => f, StringComparer.Ordinal).ToList();
var work = Path.GetFullPath(args[1]);
var filter = args.Length > 2 ? args[2] : null;
Directory.CreateDirectory(work);
using var findings = new StreamWriter(Path.Combine(work, "findings.txt"));
var check = new ProgramCheck(work, findings);
var tallies = new System.Collections.Generic.List<FileTally>();
foreach (var file in files)
{
    var name = Path.GetFileName(file);
    var (programs, skipped) = TestProgramExtractor.Extract(name, await File.ReadAllTextAsync(file));
    var tally = new FileTally(name) { Calls = programs.Count + skipped.Count };
    foreach (var skip in skipped) FileTally.Count(tally.SkipReasons, skip.Reason);
    Console.WriteLine($"{name}: {programs.Count} programs, {skipped.Count} calls skipped");
    foreach (var program in programs.Where(p => filter is null || p.Name.Contains(filter, StringComparison.Ordinal)))
    {
        await check.CheckAsync(program, tally, CancellationToken.None);
    }

    tallies.Add(tally);
}

Console.WriteLine(OracleReport.Markdown(tallies));
return tallies.Sum(t => t.CompileErrors + t.PendingCompileErrors + t.GeneratedWarnings + t.OutputDifferences + t.PendingOutputDifferences) == 0 ? 0 : 1;
