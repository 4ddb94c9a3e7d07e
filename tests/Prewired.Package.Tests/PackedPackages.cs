using System;
using System.Diagnostics;
using System.IO;
using System.IO.Compression;
using System.Linq;
using System.Reflection;

namespace Prewired.Package.Tests
{
    /// <summary>
    /// Packs Prewired and Prewired.DependencyInjection once per test run (dotnet pack --no-build, from the build the
    /// solution just made) into a temporary folder that the tests read.
    /// </summary>
    public sealed class PackedPackages : IDisposable
    {
        public PackedPackages()
        {
            var metadata = typeof(PackedPackages).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>().ToDictionary(a => a.Key, a => a.Value!);
            var root = metadata["Prewired.RepositoryRoot"];
            RepositoryRoot = root;
            var configuration = metadata["Prewired.Configuration"];
            Directory = Path.Combine(Path.GetTempPath(), "prewired-pack-" + Guid.NewGuid().ToString("N"));
            foreach (var project in new[] { "src/Runtime/Prewired.csproj", "src/DependencyInjection/Prewired.DependencyInjection.csproj" })
            {
                Pack(Path.Combine(root, project), configuration);
            }
        }

        public string Directory { get; }

        /// <summary>The repository the packages were packed from (its docs are what the package ships).</summary>
        public string RepositoryRoot { get; }

        public ZipArchive Open(string fileName) => ZipFile.OpenRead(Path.Combine(Directory, fileName));

        public void Dispose()
        {
            try
            {
                System.IO.Directory.Delete(Directory, recursive: true);
            }
            catch (IOException)
            {
            }
        }

        private void Pack(string project, string configuration)
        {
            var start = new ProcessStartInfo("dotnet", $"pack \"{project}\" -c {configuration} --no-build -o \"{Directory}\"")
            {
                RedirectStandardOutput = true,
                RedirectStandardError = true,
            };
            using var process = Process.Start(start)!;
            var output = process.StandardOutput.ReadToEnd() + process.StandardError.ReadToEnd();
            process.WaitForExit();
            if (process.ExitCode != 0) throw new InvalidOperationException($"dotnet pack {project} failed:\n{output}");
        }
    }
}
