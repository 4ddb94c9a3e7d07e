using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.IO;
using System.Linq;
using System.Reflection;
using Microsoft.CodeAnalysis;

namespace Prewired.Benchmarks.Generator
{
    /// <summary>
    /// The references the synthetic project compiles against: the SDK's <c>Microsoft.NETCore.App.Ref</c> pack of the running
    /// framework (a bare runtime falls back to its implementation assemblies) and the Prewired runtime. The tests use
    /// Basic.Reference.Assemblies instead, which needs Microsoft.CodeAnalysis 4.11 or later; this suite measures the
    /// generator on the 4.8 it is built on, so it reads the SDK's pack itself.
    /// </summary>
    internal static class ReferencePack
    {
        // Creating ~170 MetadataReferences reads every file's metadata; every test shares one list.
        private static readonly Lazy<(string Directory, ImmutableArray<MetadataReference> References)> s_framework = new(LoadFramework);
        private static readonly Lazy<MetadataReference> s_prewiredRuntime =
            new(() => FromAssembly(typeof(Prewired.FastPathAttribute).Assembly));
        private static readonly ConcurrentDictionary<string, MetadataReference> s_byPath = new(StringComparer.Ordinal);

        /// <summary>The framework's reference assemblies (net10.0 when the tests run on .NET 10).</summary>
        public static ImmutableArray<MetadataReference> Framework => s_framework.Value.References;

        /// <summary>The Prewired runtime library: attributes and helpers that user code and generated code use.</summary>
        public static MetadataReference PrewiredRuntime => s_prewiredRuntime.Value;

        /// <summary>What a user project referencing the Prewired package compiles against: the framework and the runtime.</summary>
        public static ImmutableArray<MetadataReference> Default => s_default.Value;

        private static readonly Lazy<ImmutableArray<MetadataReference>> s_default = new(() => Framework.Add(PrewiredRuntime));

        /// <summary>A cached reference to an assembly loaded from disk.</summary>
        private static MetadataReference FromAssembly(Assembly assembly)
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
        private static IEnumerable<string> TrustedPlatformAssembliesIn(string sharedFrameworkDirectory)
        {
            string list = AppContext.GetData("TRUSTED_PLATFORM_ASSEMBLIES") as string ?? "";
            return list.Split(Path.PathSeparator, StringSplitOptions.RemoveEmptyEntries)
                .Where(p => string.Equals(Path.GetDirectoryName(p), sharedFrameworkDirectory, StringComparison.Ordinal));
        }
    }
}
