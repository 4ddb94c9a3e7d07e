using System;
using System.Diagnostics;
using System.IO;
using System.Threading.Tasks;

namespace Prewired.RoslynOracle.Running
{
    /// <summary>
    /// Runs a compiled program in a process of its own (its output exactly as a console shows it, Environment.Exit and
    /// unhandled exceptions included), with a time limit: a program that hangs is stopped and reported, never waited for.
    /// </summary>
    internal static class ProgramRunner
    {
        private const string RuntimeConfig = """{ "runtimeOptions": { "tfm": "net10.0", "framework": { "name": "Microsoft.NETCore.App", "version": "10.0.0" } } }""";

        /// <summary>Standard output (what CompileAndVerify compares), standard error apart (stack traces name generated frames).</summary>
        public sealed record Run(string Output, string Error, int ExitCode, bool TimedOut);

        public static async Task<Run> RunAsync(byte[] image, string directory, TimeSpan limit)
        {
            Directory.CreateDirectory(directory);
            var program = Path.Combine(directory, "Program.dll");
            await File.WriteAllBytesAsync(program, image).ConfigureAwait(false);
            await File.WriteAllTextAsync(Path.Combine(directory, "Program.runtimeconfig.json"), RuntimeConfig).ConfigureAwait(false);
            var runtime = typeof(FastPathAttribute).Assembly.Location;
            File.Copy(runtime, Path.Combine(directory, Path.GetFileName(runtime)), overwrite: true);

            var start = new ProcessStartInfo("dotnet", $"\"{program}\"")
            {
                RedirectStandardOutput = true,
                RedirectStandardError = true,
                RedirectStandardInput = true,
                WorkingDirectory = directory,
            };
            start.Environment["DOTNET_CLI_TELEMETRY_OPTOUT"] = "1";
            using var process = Process.Start(start)!;
            process.StandardInput.Close();
            var output = process.StandardOutput.ReadToEndAsync();
            var error = process.StandardError.ReadToEndAsync();
            var exited = process.WaitForExitAsync();
            if (await Task.WhenAny(exited, Task.Delay(limit)).ConfigureAwait(false) != exited)
            {
                try { process.Kill(entireProcessTree: true); } catch (InvalidOperationException) { }
                return new Run(string.Empty, string.Empty, -1, TimedOut: true);
            }

            await exited.ConfigureAwait(false);
            return new Run(await output.ConfigureAwait(false), await error.ConfigureAwait(false), process.ExitCode, TimedOut: false);
        }

        /// <summary>As Roslyn's CompileAndVerify compares: line endings aside, trimmed.</summary>
        public static string Normalize(string output) => output.Replace("\r\n", "\n").Trim();
    }
}
