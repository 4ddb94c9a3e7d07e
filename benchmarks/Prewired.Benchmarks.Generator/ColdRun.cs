using System;
using System.Diagnostics;
using System.IO;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using Prewired.Tests.Scale;

namespace Prewired.Benchmarks.Generator
{
    /// <summary>
    /// <c>--cold</c>: what a build that loads the generator for the first time pays. In a fresh process (nothing JIT-compiled
    /// yet), one generator run over the 1,000-method project, then the same again warm (five runs, then ten more once the JIT has settled), the two edits, the peak working
    /// set, and and what the compiler and the analyzers report on the generated project (per-analyzer times: AnalyzerBenchmarks). Stopwatch figures of single
    /// runs: read them as what they are, the BenchmarkDotNet classes give the steady-state means and allocations.
    /// </summary>
    internal static class ColdRun
    {
        public static int Run(TextWriter output, int serviceFiles = 100)
        {
            var stopwatch = Stopwatch.StartNew();
            var project = new SyntheticCompilation(serviceFiles);
            var parse = stopwatch.Elapsed;
            var compilation = project.Create();

            var allocatedBefore = GC.GetTotalAllocatedBytes(precise: true);
            stopwatch.Restart();
            var driver = SyntheticCompilation.CreateDriver().RunGeneratorsAndUpdateCompilation(compilation, out var generated, out _);
            var first = stopwatch.Elapsed;
            var allocated = GC.GetTotalAllocatedBytes(precise: true) - allocatedBefore;
            var result = driver.GetRunResult();

            // Warm runs: the fastest of five, which a busy machine disturbs least. Then ten more: the runtime's tiered JIT
            // is still recompiling Roslyn's and the generator's hot methods during the first five, and a compiler server that
            // has built a few times runs the generator as the later ones do.
            (TimeSpan Wall, TimeSpan Cpu, TimeSpan Thread) WarmRun()
            {
                var cpu = ProcessCpu();
                var thread = ThreadCpu.Now();
                stopwatch.Restart();
                SyntheticCompilation.CreateDriver().RunGenerators(project.Create());
                return (Wall: stopwatch.Elapsed, Cpu: ProcessCpu() - cpu, Thread: ThreadCpu.Now() - thread);
            }

            var warm = Enumerable.Range(0, 5).Select(_ => WarmRun()).ToList();
            var settled = Enumerable.Range(0, 10).Select(_ => WarmRun()).ToList();

            // Roslyn's share of a run: the same attribute scans with empty transforms.
            var scan = Enumerable.Range(0, 5).Select(_ =>
            {
                stopwatch.Restart();
                SyntheticCompilation.CreateDriver(new AttributeScanGenerator()).RunGenerators(project.Create());
                return stopwatch.Elapsed;
            }).Min();

            // For scale: what the compiler itself pays to bind and check every method body of the project once.
            var compiler = Enumerable.Range(0, 3).Select(_ =>
            {
                var cpu = ProcessCpu();
                stopwatch.Restart();
                project.Create().GetDiagnostics();
                return (Wall: stopwatch.Elapsed, Cpu: ProcessCpu() - cpu);
            }).ToList();

            stopwatch.Restart();
            var unrelated = driver.RunGenerators(SyntheticCompilation.Edit(compilation, SyntheticProject.UnrelatedFilePath, SyntheticProject.UnrelatedEditText(1)));
            var unrelatedTime = stopwatch.Elapsed;
            var unrelatedChanged = ChangedFiles(result, unrelated.GetRunResult());

            stopwatch.Restart();
            var body = driver.RunGenerators(SyntheticCompilation.Edit(compilation, SyntheticProject.EditedFilePath, SyntheticProject.EditOneBody(1)));
            var bodyTime = stopwatch.Elapsed;
            var bodyChanged = ChangedFiles(result, body.GetRunResult());

            output.WriteLine($"Synthetic project: {serviceFiles} service files, {SyntheticProject.MarkedMethods(serviceFiles)} marked methods, {SyntheticProject.Pipelines(serviceFiles)} pipelines; parsed in {Ms(parse)}.");
            output.WriteLine($"Generated {result.GeneratedTrees.Length} files, {result.Diagnostics.Length} driver diagnostics, exceptions: {result.Results.Count(r => r.Exception is not null)}.");
            output.WriteLine($"First run in this process (JIT included): {Ms(first)}, {allocated / 1024.0 / 1024.0:F1} MiB allocated.");
            output.WriteLine($"Warm runs (new driver, new compilation), fastest of 5: {Ms(warm.Min(w => w.Wall))}; CPU time of all threads, least of 5: {Ms(warm.Min(w => w.Cpu))}; of the driver's thread, least of 5: {Ms(warm.Min(w => w.Thread))}.");
            output.WriteLine($"Warm runs 6-15 (tiered JIT settled), fastest of 10: {Ms(settled.Min(w => w.Wall))}; CPU time of all threads, least of 10: {Ms(settled.Min(w => w.Cpu))}; of the driver's thread, least of 10: {Ms(settled.Min(w => w.Thread))}.");
            output.WriteLine($"Roslyn's share (the same attribute scans with empty transforms, new compilation), fastest of 5: {Ms(scan)}.");
            output.WriteLine($"For scale, the compiler's own diagnostics over the project (every body bound once), fastest of 3: {Ms(compiler.Min(w => w.Wall))}; CPU {Ms(compiler.Min(w => w.Cpu))}.");
            output.WriteLine($"Unrelated edit: {Ms(unrelatedTime)}, generated files whose text changed: {unrelatedChanged}.");
            output.WriteLine($"Edit in one body: {Ms(bodyTime)}, generated files whose text changed: {bodyChanged}.");

            var withAnalyzers = generated.WithAnalyzers(SyntheticCompilation.Analyzers);
            stopwatch.Restart();
            var diagnostics = withAnalyzers.GetAllDiagnosticsAsync().GetAwaiter().GetResult();
            var analysis = stopwatch.Elapsed;
            output.WriteLine($"Compiler + analyzers on the generated project (first time, JIT included): {Ms(analysis)}, {diagnostics.Length} diagnostics"
                + $" ({diagnostics.Count(d => d.Severity == DiagnosticSeverity.Error)} errors).");
            foreach (var group in diagnostics.GroupBy(d => d.Id).OrderBy(g => g.Key, StringComparer.Ordinal))
            {
                output.WriteLine($"  {group.Key} x {group.Count()}");
            }

            output.WriteLine($"Peak working set of this process: {Process.GetCurrentProcess().PeakWorkingSet64 / 1024.0 / 1024.0:F0} MiB.");
            return result.Results.Any(r => r.Exception is not null) ? 1 : 0;
        }

        private static int ChangedFiles(GeneratorDriverRunResult before, GeneratorDriverRunResult after)
        {
            var old = before.Results.SelectMany(r => r.GeneratedSources).ToDictionary(s => s.HintName, s => s.SourceText.ToString());
            return after.Results.SelectMany(r => r.GeneratedSources).Count(s => !old.TryGetValue(s.HintName, out var text) || text != s.SourceText.ToString());
        }

        /// <summary>
        /// CPU time of every thread of this process. The compiler binds in parallel (concurrent build is on by default), so
        /// the calling thread's time alone would miss work; unlike the wall clock, this does not grow while other
        /// processes hold the cores.
        /// </summary>
        private static TimeSpan ProcessCpu() => Process.GetCurrentProcess().TotalProcessorTime;

        private static string Ms(TimeSpan time) => $"{time.TotalMilliseconds:F0} ms";
    }
}
