using System;
using System.Collections.Generic;
using System.IO;
using System.IO.Compression;
using System.Linq;
using System.Reflection.Metadata;
using System.Reflection.PortableExecutable;
using System.Xml.Linq;
using Xunit;

namespace Prewired.Package.Tests
{
    /// <summary>What a consumer of the Prewired packages receives: the layout docs/getting-started.md shows.</summary>
    public sealed class PackageLayoutTests : IClassFixture<PackedPackages>
    {
        private const string Prewired = "Prewired.0.1.0.nupkg";
        private const string DependencyInjection = "Prewired.DependencyInjection.0.1.0.nupkg";
        private const string AnalyzerFolder = "analyzers/dotnet/roslyn4.8/cs/";
        private static readonly string[] Frameworks = { "netstandard2.0", "net8.0", "net9.0", "net10.0" };
        private readonly PackedPackages _packages;

        public PackageLayoutTests(PackedPackages packages) => _packages = packages;

        [Fact]
        public void Prewired_has_the_runtime_per_framework_the_generator_and_analyzers_and_buildTransitive_files()
        {
            using var package = _packages.Open(Prewired);
            var files = Files(package);
            foreach (var framework in Frameworks)
            {
                Assert.Contains($"lib/{framework}/Prewired.dll", files);
                Assert.Contains($"lib/{framework}/Prewired.xml", files);
            }

            Assert.Contains(AnalyzerFolder + "Prewired.Generator.dll", files);
            Assert.Contains(AnalyzerFolder + "Prewired.Analyzers.dll", files);
            Assert.Contains(AnalyzerFolder + "Prewired.CodeFixes.dll", files);
            // Under a framework folder, never at the root: root files count as "any framework", and NuGet would then take
            // the package for a target no lib folder serves (restore passes, every marked method fails with CS0246).
            Assert.Contains("buildTransitive/netstandard2.0/Prewired.props", files);
            Assert.Contains("buildTransitive/netstandard2.0/Prewired.targets", files);
            Assert.Contains("buildTransitive/netstandard2.0/Prewired.AnalyzerScope.targets", files);
            Assert.DoesNotContain(files, f => f.StartsWith("buildTransitive/", StringComparison.Ordinal) && f.Count(c => c == '/') < 2);
            Assert.Contains("README.md", files);
            Assert.Contains("icon.png", files);
            // Nothing else ships: no generator or analyzer under lib/, no stray build output.
            Assert.DoesNotContain(files, f => f.StartsWith("lib/", StringComparison.Ordinal) && !f.EndsWith("/Prewired.dll", StringComparison.Ordinal) && !f.EndsWith("/Prewired.xml", StringComparison.Ordinal));
        }

        [Fact]
        public void Generator_and_analyzers_build_on_Roslyn_4_8_and_only_a_code_fix_assembly_may_reference_Workspaces()
        {
            using var package = _packages.Open(Prewired);
            var assemblies = package.Entries.Where(e => e.FullName.StartsWith(AnalyzerFolder, StringComparison.Ordinal) && e.FullName.EndsWith(".dll", StringComparison.Ordinal)).ToList();
            Assert.NotEmpty(assemblies);
            Assert.Contains(assemblies, e => e.Name == "Prewired.CodeFixes.dll");
            foreach (var entry in assemblies)
            {
                var references = AssemblyReferences(entry);
                var roslyn = references.Single(r => r.Name == "Microsoft.CodeAnalysis");
                if (entry.Name.Contains("CodeFixes", StringComparison.Ordinal))
                {
                    // Code fixes need Workspaces, served here from 4.14 on: they load in hosts of that age or newer (the
                    // compiler never loads this assembly: it holds no analyzer or generator).
                    Assert.Equal(new Version(4, 14, 0, 0), references.Single(r => r.Name == "Microsoft.CodeAnalysis.Workspaces").Version);
                    Assert.Equal(new Version(4, 14, 0, 0), roslyn.Version);
                }
                else
                {
                    // The generator and analyzers load in the .NET 8 SDK's compiler: Roslyn 4.8, no Workspaces.
                    Assert.Equal(new Version(4, 8, 0, 0), roslyn.Version);
                    Assert.DoesNotContain(references, r => r.Name.Contains("Workspaces", StringComparison.Ordinal));
                }
            }
        }

        [Fact]
        public void Prewired_metadata_license_readme_icon_tags_repository_and_dependencies_only_for_netstandard2_0()
        {
            using var package = _packages.Open(Prewired);
            var metadata = Nuspec(package);
            Assert.Equal("MIT", Value(metadata, "license"));
            Assert.Equal("README.md", Value(metadata, "readme"));
            Assert.Equal("icon.png", Value(metadata, "icon"));
            Assert.Contains("source-generator", Value(metadata, "tags"), StringComparison.Ordinal);
            Assert.False(string.IsNullOrWhiteSpace(Value(metadata, "releaseNotes")));
            var repository = metadata.Elements().Single(e => e.Name.LocalName == "repository");
            Assert.Equal("https://github.com/prewired/prewired", (string?)repository.Attribute("url"));
            // The generator and analyzers are packed files, not package dependencies. Only the netstandard2.0 build takes
            // packages: ValueTask and IAsyncDisposable, which net8.0+ have in the framework.
            var groups = metadata.Descendants().Where(e => e.Name.LocalName == "group")
                .ToDictionary(g => (string)g.Attribute("targetFramework")!, g => g.Elements().Select(d => (string)d.Attribute("id")!).OrderBy(id => id, StringComparer.Ordinal).ToList());
            Assert.Equal(new[] { ".NETStandard2.0", "net10.0", "net8.0", "net9.0" }, groups.Keys.OrderBy(k => k, StringComparer.Ordinal));
            Assert.Equal(new[] { "Microsoft.Bcl.AsyncInterfaces", "System.Threading.Tasks.Extensions" }, groups[".NETStandard2.0"]);
            Assert.All(groups.Where(g => g.Key != ".NETStandard2.0"), g => Assert.Empty(g.Value));
        }

        [Fact]
        public void Release_notes_name_every_diagnostic_the_package_ships()
        {
            // Every ID with a page in docs/diagnostics (the analyzers', the generator's and the MSBuild task's), so a
            // new diagnostic cannot ship without the release notes saying so.
            using var package = _packages.Open(Prewired);
            var notes = Value(Nuspec(package), "releaseNotes");
            var documented = Directory.GetFiles(Path.Combine(_packages.RepositoryRoot, "docs", "diagnostics"), "PW*.md").Select(Path.GetFileNameWithoutExtension).ToList();
            Assert.NotEmpty(documented);
            Assert.All(documented, id => Assert.Contains(id!, notes, StringComparison.Ordinal));
        }

        [Fact]
        public void DependencyInjection_depends_on_Prewired_with_its_analyzers_and_on_the_DI_abstractions()
        {
            using var package = _packages.Open(DependencyInjection);
            var files = Files(package);
            Assert.Contains("lib/net8.0/Prewired.DependencyInjection.dll", files);
            Assert.Contains("lib/netstandard2.0/Prewired.DependencyInjection.dll", files);
            Assert.DoesNotContain(files, f => f.StartsWith("analyzers/", StringComparison.Ordinal));
            var dependencies = Nuspec(package).Descendants().Where(e => e.Name.LocalName == "dependency").ToList();
            var prewired = dependencies.Where(d => (string?)d.Attribute("id") == "Prewired").ToList();
            Assert.Equal(Frameworks.Length, prewired.Count); // one per target framework
            // The generator must flow to whoever references only this package: nothing of Prewired is excluded.
            Assert.All(prewired, d => Assert.Null(d.Attribute("exclude")));
            Assert.Contains(dependencies, d => (string?)d.Attribute("id") == "Microsoft.Extensions.DependencyInjection.Abstractions");
        }

        [Fact]
        public void Symbols_packages_hold_portable_pdbs()
        {
            foreach (var symbols in new[] { "Prewired.0.1.0.snupkg", "Prewired.DependencyInjection.0.1.0.snupkg" })
            {
                using var package = _packages.Open(symbols);
                var pdbs = Files(package).Where(f => f.EndsWith(".pdb", StringComparison.Ordinal)).ToList();
                Assert.Equal(Frameworks.Length, pdbs.Count);
                foreach (var entry in package.Entries.Where(e => e.FullName.EndsWith(".pdb", StringComparison.Ordinal)))
                {
                    using var stream = entry.Open();
                    var header = new byte[4];
                    stream.ReadExactly(header);
                    Assert.Equal("BSJB"u8.ToArray(), header); // the portable PDB metadata signature
                }
            }
        }

        private static List<string> Files(ZipArchive package) => package.Entries.Select(e => e.FullName).ToList();

        private static XElement Nuspec(ZipArchive package)
        {
            var entry = package.Entries.Single(e => e.FullName.EndsWith(".nuspec", StringComparison.Ordinal));
            using var stream = entry.Open();
            return XDocument.Load(stream).Root!.Elements().Single(e => e.Name.LocalName == "metadata");
        }

        private static string Value(XElement metadata, string name) => metadata.Elements().Single(e => e.Name.LocalName == name).Value;

        private static List<(string Name, Version Version)> AssemblyReferences(ZipArchiveEntry entry)
        {
            using var memory = new MemoryStream();
            using (var stream = entry.Open()) stream.CopyTo(memory);
            memory.Position = 0;
            using var pe = new PEReader(memory);
            var reader = pe.GetMetadataReader();
            return reader.AssemblyReferences.Select(h => reader.GetAssemblyReference(h)).Select(r => (reader.GetString(r.Name), r.Version)).ToList();
        }
    }
}
