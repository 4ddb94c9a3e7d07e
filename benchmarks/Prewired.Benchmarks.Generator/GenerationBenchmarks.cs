using BenchmarkDotNet.Attributes;
using Microsoft.CodeAnalysis;
using Prewired.Tests.Scale;

namespace Prewired.Benchmarks.Generator
{
    /// <summary>
    /// The generator over the synthetic project (10 marked methods and one pipeline per service file; 100 files = the
    /// 1,000 methods and 100 pipelines of PRODUCT.md §3). Cold is a new driver on a new compilation, as a clean build runs
    /// it; the edits start from a driver that has seen the unedited project, as the IDE and the compiler server keep it,
    /// and include making the edited compilation. Steady state (BenchmarkDotNet warms up); the first run in a fresh
    /// process, JIT included, is what <c>--cold</c> prints. The baseline runs the same ForAttributeWithMetadataName scans
    /// with empty transforms on a new compilation: what any attribute-driven generator pays before doing anything.
    /// </summary>
    [MemoryDiagnoser]
    public class GenerationBenchmarks
    {
        private SyntheticCompilation _project = null!;
        private Compilation _unedited = null!;
        private GeneratorDriver _warm = null!;
        private string _unrelatedEdit = null!;
        private string _bodyEdit = null!;

        [Params(10, 100)]
        public int ServiceFiles { get; set; }

        [GlobalSetup]
        public void Setup()
        {
            _project = new SyntheticCompilation(ServiceFiles);
            _unedited = _project.Create();
            _warm = SyntheticCompilation.CreateDriver().RunGenerators(_unedited);
            _unrelatedEdit = SyntheticProject.UnrelatedEditText(1);
            _bodyEdit = SyntheticProject.EditOneBody(1);
        }

        [Benchmark(Baseline = true, Description = "Roslyn's share: the same attribute scans, empty transforms")]
        public GeneratorDriver AttributeScan() => SyntheticCompilation.CreateDriver(new AttributeScanGenerator()).RunGenerators(_project.Create());

        [Benchmark(Description = "Cold: new driver, new compilation")]
        public GeneratorDriver Cold() => SyntheticCompilation.CreateDriver().RunGenerators(_project.Create());

        [Benchmark(Description = "Unrelated edit (a plain file's method body)")]
        public GeneratorDriver UnrelatedEdit() => _warm.RunGenerators(SyntheticCompilation.Edit(_unedited, SyntheticProject.UnrelatedFilePath, _unrelatedEdit));

        [Benchmark(Description = "Edit inside one marked body")]
        public GeneratorDriver BodyEdit()
        {
            // Only a project that has the edited file (10 files do not reach file 42) can edit it; the smaller one edits
            // the unrelated file instead, which the table says.
            return ServiceFiles > SyntheticProject.EditedFile
                ? _warm.RunGenerators(SyntheticCompilation.Edit(_unedited, SyntheticProject.EditedFilePath, _bodyEdit))
                : UnrelatedEdit();
        }
    }
}
