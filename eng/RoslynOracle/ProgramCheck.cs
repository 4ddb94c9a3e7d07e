using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text.RegularExpressions;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Prewired.RoslynOracle.Conversion;
using Prewired.RoslynOracle.Extraction;
using Prewired.RoslynOracle.Reporting;
using Prewired.RoslynOracle.Running;

namespace Prewired.RoslynOracle
{
    /// <summary>
    /// One program through the oracle: the original must compile on .NET 10 and print what its test expects (else it is
    /// skipped, with the reason); then the converted program must compile without an error, and without a warning in
    /// generated code the original does not have, and print exactly what the original prints; then the same for the form
    /// whose Task and ValueTask awaits all go pending (<see cref="PendingOperands"/>), against that form of the original.
    /// </summary>
    internal sealed class ProgramCheck
    {
        private static readonly TimeSpan Limit = TimeSpan.FromSeconds(20);
        private static readonly Regex Forwarding = new(@"// Forwarding to '[^']*': (.*(?:\r?\n[ \t]*// .*)*)", RegexOptions.None);
        // The generator wraps a long reason onto further comment lines (LineBreaker.Comment): read them as one.
        private static readonly Regex WrappedComment = new(@"\r?\n[ \t]*// ", RegexOptions.None);
        private readonly string _work;
        private readonly TextWriter _findings;

        public ProgramCheck(string work, TextWriter findings)
        {
            _work = work;
            _findings = findings;
        }

        public async Task CheckAsync(TestProgram program, FileTally tally, CancellationToken cancellationToken)
        {
            tally.Programs++;
            foreach (var note in program.Notes) FileTally.Count(tally.Adaptations, note);
            var directory = Path.Combine(_work, Path.GetFileNameWithoutExtension(program.File), Safe(program.Name));
            var original = ProgramCompiler.Compile(new[] { ("Program.cs", program.Source) }, generate: false);
            if (original.Image is null)
            {
                Skip(tally, "does not compile on .NET 10 (" + FirstError(original.Diagnostics) + ")");
                return;
            }

            FastPathMarking.Result marking;
            try
            {
                marking = await FastPathMarking.MarkAsync(program.Source, Array.Empty<(string, string)>(), ProgramCompiler.References, cancellationToken).ConfigureAwait(false);
            }
            catch (InvalidOperationException diverged)
            {
                tally.Run++;
                tally.CompileErrors++;
                Finding(program, "conversion fails", diverged.Message, program.Source, original);
                return;
            }

            tally.NotOffered += marking.NotOffered.Count;
            foreach (var _ in marking.ExplicitImplementations) FileTally.Count(tally.Adaptations, "explicit interface implementation left unmarked (methods; a partial method cannot be one, PW0202 does not offer it)");
            if (marking.Marked.Count == 0)
            {
                Skip(tally, "no async method to mark");
                return;
            }

            var originalRun = await ProgramRunner.RunAsync(original.Image, Path.Combine(directory, "original"), Limit).ConfigureAwait(false);
            if (originalRun.TimedOut)
            {
                Skip(tally, "the original does not finish in 20 s");
                return;
            }

            if (ProgramRunner.Normalize(originalRun.Output) != ProgramRunner.Normalize(program.ExpectedOutput!))
            {
                Skip(tally, "the original prints another output on .NET 10 than its test expects (a .NET Framework behaviour)");
                return;
            }

            tally.Run++;
            tally.MethodsMarked += marking.Marked.Count;
            var converted = ProgramCompiler.Compile(new[] { ("Program.cs", marking.Source) }, generate: true);
            foreach (var generated in converted.Generated.Where(t => t.FilePath.EndsWith(".FastPath.g.cs", StringComparison.Ordinal)))
            {
                if (Forwarding.Match(generated.GetText().ToString()) is { Success: true } forwardMatch)
                {
                    var forward = WrappedComment.Replace(forwardMatch.Groups[1].Value.TrimEnd('\r'), " ");
                    tally.Forwarded++;
                    FileTally.Count(tally.ForwardReasons, Generalize(forward));
                    File.AppendAllText(Path.Combine(_work, "forwards.txt"), $"{program.File} {program.Name} {Path.GetFileName(generated.FilePath)}: {forward}\n");
                }
                else
                {
                    tally.Split++;
                }
            }

            if (!Compiles(program, "as written", original, converted, marking.Source, tally, pending: false)) return;
            var convertedRun = await ProgramRunner.RunAsync(converted.Image!, Path.Combine(directory, "converted"), Limit).ConfigureAwait(false);
            if (!SameRun(originalRun, convertedRun))
            {
                tally.OutputDifferences++;
                Finding(program, "output differs as written", $"original (exit {originalRun.ExitCode}):\n{originalRun.Output}\n{originalRun.Error}\nconverted (exit {convertedRun.ExitCode}{(convertedRun.TimedOut ? ", timed out" : string.Empty)}):\n{convertedRun.Output}\n{convertedRun.Error}", marking.Source, converted);
            }

            await CheckPendingAsync(program, directory, original, originalRun, tally, cancellationToken).ConfigureAwait(false);
        }

        private async Task CheckPendingAsync(TestProgram program, string directory, ProgramCompiler.Compiled original, ProgramRunner.Run written, FileTally tally, CancellationToken cancellationToken)
        {
            var (pendingSource, rewritten) = PendingOperands.Rewrite(original.Compilation, original.Compilation.SyntaxTrees.First());
            if (rewritten == 0) return;
            var helper = (PendingOperands.HelperFileName, PendingOperands.Helper);
            var pendingOriginal = ProgramCompiler.Compile(new[] { ("Program.cs", pendingSource), helper }, generate: false);
            if (pendingOriginal.Image is null) return;
            var first = await ProgramRunner.RunAsync(pendingOriginal.Image, Path.Combine(directory, "pending-original"), Limit).ConfigureAwait(false);
            if (first.TimedOut) return;
            var (pendingOutput, writtenOutput) = (ProgramRunner.Normalize(first.Output), ProgramRunner.Normalize(written.Output));
            if (pendingOutput != writtenOutput && writtenOutput.StartsWith(pendingOutput, StringComparison.Ordinal))
            {
                // The pending form prints the beginning of what the program prints: its Main returned (and the process
                // ended) while its work was pending, as a Main that does not wait for its tasks does. What it prints then
                // is a race with the process's exit, in the original and the converted program alike.
                Skip(tally, "with pending operands, the original ends before its work does (its Main does not wait for it)");
                return;
            }

            var marking = await FastPathMarking.MarkAsync(pendingSource, new[] { helper }, ProgramCompiler.References, cancellationToken).ConfigureAwait(false);
            var converted = ProgramCompiler.Compile(new[] { ("Program.cs", marking.Source), helper }, generate: true);
            tally.PendingRun++;
            if (!Compiles(program, "with pending operands", pendingOriginal, converted, marking.Source, tally, pending: true)) return;
            var run = await ProgramRunner.RunAsync(converted.Image!, Path.Combine(directory, "pending-converted"), Limit).ConfigureAwait(false);
            if (SameRun(first, run)) return;

            // Thread-pool timing may order a program's output differently from run to run: only a difference the original
            // itself does not show counts.
            var again = await ProgramRunner.RunAsync(pendingOriginal.Image, Path.Combine(directory, "pending-original"), Limit).ConfigureAwait(false);
            if (!SameRun(first, again))
            {
                tally.PendingRun--;
                Skip(tally, "with pending operands, the original's output changes from run to run");
                return;
            }

            tally.PendingOutputDifferences++;
            Finding(program, "output differs with pending operands", $"original (exit {first.ExitCode}):\n{first.Output}\n{first.Error}\nconverted (exit {run.ExitCode}{(run.TimedOut ? ", timed out" : string.Empty)}):\n{run.Output}\n{run.Error}", marking.Source, converted);
        }

        /// <summary>No error, and no warning in generated code of an id the original does not report.</summary>
        private bool Compiles(TestProgram program, string form, ProgramCompiler.Compiled original, ProgramCompiler.Compiled converted, string source, FileTally tally, bool pending)
        {
            var own = original.Diagnostics.Select(d => d.Id).ToHashSet();
            var errors = converted.Diagnostics.Where(d => d.Severity == DiagnosticSeverity.Error).ToList();
            var generatedWarnings = converted.Diagnostics.Where(d => d.Severity == DiagnosticSeverity.Warning && d.Location.SourceTree is { } tree
                && converted.Generated.Contains(tree) && !own.Contains(d.Id)).ToList();
            if (errors.Count > 0 || converted.Image is null)
            {
                if (pending) tally.PendingCompileErrors++;
                else tally.CompileErrors++;
                Finding(program, $"compile error {form}", string.Join("\n", errors.Take(10)), source, converted);
                return false;
            }

            if (generatedWarnings.Count > 0)
            {
                tally.GeneratedWarnings++;
                Finding(program, $"generated code warns {form}", string.Join("\n", generatedWarnings.Take(10)), source, converted);
            }

            return true;
        }

        private static bool SameRun(ProgramRunner.Run expected, ProgramRunner.Run actual)
            => !actual.TimedOut && expected.ExitCode == actual.ExitCode && ProgramRunner.Normalize(expected.Output) == ProgramRunner.Normalize(actual.Output);

        private void Finding(TestProgram program, string kind, string detail, string source, ProgramCompiler.Compiled compiled)
        {
            _findings.WriteLine($"==== {program.File} {program.Name}: {kind}");
            _findings.WriteLine(detail);
            _findings.WriteLine("---- converted source");
            _findings.WriteLine(source);
            foreach (var tree in compiled.Generated)
            {
                _findings.WriteLine("---- " + Path.GetFileName(tree.FilePath));
                _findings.WriteLine(tree.GetText().ToString());
            }

            _findings.Flush();
            Console.WriteLine($"  {program.Name}: {kind}");
        }

        private static void Skip(FileTally tally, string reason) => FileTally.Count(tally.SkipReasons, reason);

        private static string FirstError(IEnumerable<Diagnostic> diagnostics)
            => diagnostics.FirstOrDefault(d => d.Severity == DiagnosticSeverity.Error)?.Id ?? "no image";

        /// <summary>A forward's reason with the quoted names replaced, so reasons group (as eng/RealCode does).</summary>
        private static string Generalize(string reason) => Regex.Replace(reason, "'[^']*'", "'…'");

        private static string Safe(string name) => Regex.Replace(name, "[^A-Za-z0-9_#-]", "_");
    }
}
