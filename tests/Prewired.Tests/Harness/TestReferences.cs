using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.IO;
using System.Linq;
using System.Reflection;
using Microsoft.CodeAnalysis;

namespace Prewired.Tests.Harness
{
    /// <summary>
    /// Metadata references for test compilations, found offline (the stand-in for Basic.Reference.Assemblies, which this
    /// package source does not serve). Reference assemblies come from the SDK's <c>Microsoft.NETCore.App.Ref</c> pack for
    /// the running framework, so test code binds to the public surface a user compiles against; without a pack (a bare
    /// runtime) they fall back to the running framework's implementation assemblies.
    /// </summary>
    /// <example>
    /// <code>
    /// var compilation = CSharpCompilation.Create("T", trees, TestReferences.WithAssemblies(typeof(MyHelper).Assembly));
    /// </code>
    /// </example>
    public static class TestReferences
    {
        // Creating ~170 MetadataReferences reads every file's metadata; every test shares one list.
        private static readonly Lazy<(string Directory, ImmutableArray<MetadataReference> References)> s_framework = new(LoadFramework);
        private static readonly Lazy<MetadataReference> s_prewiredRuntime =
            new(() => FromAssembly(typeof(Prewired.FastPathAttribute).Assembly));
        private static readonly ConcurrentDictionary<string, MetadataReference> s_byPath = new(StringComparer.Ordinal);

        /// <summary>The directory the framework references came from (a ref pack, or the shared runtime in the fallback).</summary>
        public static string FrameworkDirectory => s_framework.Value.Directory;

        /// <summary>The framework's reference assemblies (net10.0 when the tests run on .NET 10).</summary>
        public static ImmutableArray<MetadataReference> Framework => s_framework.Value.References;

        /// <summary>The Prewired runtime library: attributes and helpers that user code and generated code use.</summary>
        public static MetadataReference PrewiredRuntime => s_prewiredRuntime.Value;

        /// <summary>What a user project referencing the Prewired package compiles against: the framework and the runtime.</summary>
        public static ImmutableArray<MetadataReference> Default => s_default.Value;

        private static readonly Lazy<ImmutableArray<MetadataReference>> s_default = new(() => Framework.Add(PrewiredRuntime));

        /// <summary>
        /// <see cref="Default"/> plus the given assemblies, e.g. the test assembly so compiled test sources can implement
        /// interfaces the test declares (CompileAndRun shares those types with the default load context).
        /// </summary>
        public static ImmutableArray<MetadataReference> WithAssemblies(params Assembly[] assemblies) =>
            assemblies.Length == 0 ? Default : Default.AddRange(assemblies.Select(FromAssembly).Distinct().Where(r => !Default.Contains(r)));

        /// <summary>
        /// What a netstandard2.0 (or, for Prewired's purposes, net462+) project referencing the Prewired package compiles
        /// against: the netstandard2.0 reference assemblies, System.Threading.Tasks.Extensions, Microsoft.Bcl.AsyncInterfaces
        /// and Prewired's netstandard2.0 build. No Task.IsCompletedSuccessfully, no [StackTraceHidden].
        /// </summary>
        public static ImmutableArray<MetadataReference> NetStandard20 => s_netStandard20.Value;

        private static readonly Lazy<ImmutableArray<MetadataReference>> s_netStandard20 = new(() =>
            Directory.EnumerateFiles(NetStandard20Path("ReferenceDirectory"), "*.dll")
                .OrderBy(f => f, StringComparer.Ordinal)
                .Concat(new[] { NetStandard20Path("ThreadingTasksExtensions"), NetStandard20Path("BclAsyncInterfaces"), NetStandard20Path("PrewiredRuntime") })
                .Select(f => (MetadataReference)MetadataReference.CreateFromFile(f))
                .ToImmutableArray());

        /// <summary>A file of the netstandard2.0 set, by its name in the test project's assembly metadata (Prewired.Tests.csproj).</summary>
        public static string NetStandard20Path(string name)
        {
            string key = "NetStandard20." + name;
            string? path = typeof(TestReferences).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>().SingleOrDefault(a => a.Key == key)?.Value;
            if (path is null || !(File.Exists(path) || Directory.Exists(path)))
            {
                throw new InvalidOperationException($"The netstandard2.0 reference '{key}' is not on disk ('{path}'): restore and build the test project (it builds Prewired for netstandard2.0).");
            }

            return path;
        }

        /// <summary>A cached reference to an assembly loaded from disk.</summary>
        public static MetadataReference FromAssembly(Assembly assembly)
        {
            if (string.IsNullOrEmpty(assembly.Location))
            {
                throw new ArgumentException($"Assembly '{assembly.FullName}' was not loaded from a file and cannot be referenced.", nameof(assembly));
            }

            return s_byPath.GetOrAdd(assembly.Location, path => MetadataReference.CreateFromFile(path));
        }

        private static (string, ImmutableArray<MetadataReference>) LoadFramework()
        {
            string sharedFrameworkDirectory = Path.GetDirectoryName(typeof(object).Assembly.Location)!;
            string? refDirectory = FindReferencePackDirectory(sharedFrameworkDirectory);
            IEnumerable<string> files = refDirectory is not null
                ? Directory.EnumerateFiles(refDirectory, "*.dll")
                : TrustedPlatformAssembliesIn(sharedFrameworkDirectory);
            ImmutableArray<MetadataReference> references = files
                .OrderBy(f => f, StringComparer.Ordinal)
                .Select(f => (MetadataReference)MetadataReference.CreateFromFile(f))
                .ToImmutableArray();
            return (refDirectory ?? sharedFrameworkDirectory, references);
        }

        // The running CoreLib lives in <dotnet root>/shared/Microsoft.NETCore.App/<version>/; its ref pack, when the SDK is
        // installed, in <dotnet root>/packs/Microsoft.NETCore.App.Ref/<version>/ref/net<major>.<minor>/.
        private static string? FindReferencePackDirectory(string sharedFrameworkDirectory)
        {
            string dotnetRoot = Path.GetFullPath(Path.Combine(sharedFrameworkDirectory, "..", "..", ".."));
            string packRoot = Path.Combine(dotnetRoot, "packs", "Microsoft.NETCore.App.Ref");
            if (!Directory.Exists(packRoot))
            {
                return null;
            }

            string moniker = $"net{Environment.Version.Major}.{Environment.Version.Minor}";
            return Directory.EnumerateDirectories(packRoot)
                .Select(dir => (Dir: dir, Version: Version.TryParse(StripPrerelease(Path.GetFileName(dir)), out Version? v) ? v : null))
                .Where(x => x.Version is not null && Directory.Exists(Path.Combine(x.Dir, "ref", moniker)))
                .OrderByDescending(x => x.Version)
                .Select(x => Path.Combine(x.Dir, "ref", moniker))
                .FirstOrDefault();
        }

        private static string StripPrerelease(string version)
        {
            int dash = version.IndexOf('-');
            return dash < 0 ? version : version.Substring(0, dash);
        }

        // The trusted platform list also holds the test's own dependencies (xunit, Roslyn); only the framework's own
        // assemblies belong in a user's compilation.
        internal static IEnumerable<string> TrustedPlatformAssembliesIn(string sharedFrameworkDirectory)
        {
            string list = AppContext.GetData("TRUSTED_PLATFORM_ASSEMBLIES") as string ?? "";
            return list.Split(Path.PathSeparator, StringSplitOptions.RemoveEmptyEntries)
                .Where(p => string.Equals(Path.GetDirectoryName(p), sharedFrameworkDirectory, StringComparison.Ordinal));
        }
    }
}
