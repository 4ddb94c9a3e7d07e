using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Reflection;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Text;
using Xunit;

namespace Prewired.Tests.Harness
{
    /// <summary>
    /// The NetEscapades.EnumGenerators caching convention: run the same driver again and require every step to come from
    /// the cache, and require that no step output holds a Roslyn object. Steps are chosen by tracking name
    /// (<c>.WithTrackingName(...)</c>); passing none checks every step the generators named themselves.
    /// </summary>
    /// <example>
    /// <code>
    /// GeneratorRun run = GeneratorDriverHarness.Run(new TailAwaitGenerator(), source);
    /// IncrementalCachingAssert.AssertCachedOnRerun(run, TrackingNames.TailAwaitModels);
    /// IncrementalCachingAssert.AssertCachedAfterUnrelatedEdit(run); // every step the generator named
    /// </code>
    /// </example>
    public static class IncrementalCachingAssert
    {
        /// <summary>
        /// An edit a user makes all day that touches no marked code: a new file with a class, an async method and an
        /// await, so syntax predicates looking for methods or awaits see something and must still filter it out.
        /// </summary>
        public const string DefaultUnrelatedSource = """
            namespace Unrelated
            {
                internal sealed class UnrelatedType
                {
                    public async System.Threading.Tasks.Task<int> ComputeAsync() => await System.Threading.Tasks.Task.FromResult(42);
                }
            }
            """;

        // Roslyn names its own nodes (inputs such as "Compilation", outputs such as "SourceOutput", and the internals of
        // ForAttributeWithMetadataName such as "result_ForAttributeInternal"). Those legitimately hold symbols and are
        // re-run on every new Compilation; the generator's own steps are what must cache.
        private static readonly ImmutableHashSet<string> s_roslynStepNames =
            typeof(WellKnownGeneratorInputs).GetFields(BindingFlags.Public | BindingFlags.Static)
                .Concat(typeof(WellKnownGeneratorOutputs).GetFields(BindingFlags.Public | BindingFlags.Static))
                .Where(f => f.FieldType == typeof(string))
                .Select(f => (string)f.GetValue(null)!)
                .Append("CompilationOptions") // an input node Roslyn 4.8 names but does not list publicly
                .ToImmutableHashSet(StringComparer.Ordinal);

        /// <summary>True for step names Roslyn assigns to its own nodes rather than the generator's.</summary>
        public static bool IsRoslynStep(string name) =>
            s_roslynStepNames.Contains(name) || name.EndsWith("_ForAttribute", StringComparison.Ordinal)
            || name.EndsWith("_ForAttributeWithMetadataName", StringComparison.Ordinal)
            || name.EndsWith("_ForAttributeInternal", StringComparison.Ordinal);

        /// <summary>
        /// Re-runs <see cref="GeneratorRun.Driver"/> on a clone of the input compilation (a new Compilation object with the
        /// same trees, as the IDE produces for an edit the generator has no business with) and requires every chosen step
        /// and every output step to be Cached or Unchanged; also requires that no chosen step output holds a Roslyn object.
        /// </summary>
        /// <param name="run">The first run; its driver carries the cache.</param>
        /// <param name="trackingNames">Steps to check; none means every step the generators named themselves.</param>
        public static void AssertCachedOnRerun(GeneratorRun run, params string[] trackingNames) =>
            AssertCachedOnRerun(run.Driver, run.InputCompilation, trackingNames);

        /// <inheritdoc cref="AssertCachedOnRerun(GeneratorRun, string[])"/>
        /// <param name="driver">The driver after its first run (it carries the cache).</param>
        /// <param name="compilation">The compilation of the first run (before generation).</param>
        /// <param name="trackingNames">Steps to check; null or empty means every step the generators named themselves.</param>
        public static void AssertCachedOnRerun(GeneratorDriver driver, Compilation compilation, IReadOnlyCollection<string>? trackingNames = null) =>
            AssertCachedAfterEdit(driver, compilation, c => c.Clone(), "re-run on compilation.Clone()", trackingNames, allowNewSteps: false);

        /// <summary>
        /// Adds <see cref="DefaultUnrelatedSource"/> as a new file and requires the chosen steps and every output step to
        /// stay Cached/Unchanged. A step run that exists only because of the new file may be New; nothing may be Modified
        /// or Removed, and no source output may run again.
        /// </summary>
        public static void AssertCachedAfterUnrelatedEdit(GeneratorRun run, params string[] trackingNames) =>
            AssertCachedAfterAddingFile(run, DefaultUnrelatedSource, trackingNames);

        /// <summary>Like <see cref="AssertCachedAfterUnrelatedEdit"/> with a file of the test's choosing.</summary>
        public static void AssertCachedAfterAddingFile(GeneratorRun run, string source, params string[] trackingNames)
        {
            var parseOptions = run.InputCompilation.SyntaxTrees.FirstOrDefault()?.Options as CSharpParseOptions;
            SyntaxTree tree = CSharpSyntaxTree.ParseText(source, parseOptions, "/0/Unrelated.cs");
            AssertCachedAfterEdit(run.Driver, run.InputCompilation, c => c.AddSyntaxTrees(tree), "after adding an unrelated file", trackingNames, allowNewSteps: true);
        }

        /// <summary>Like <see cref="AssertCachedAfterUnrelatedEdit"/> with an edit of the test's choosing.</summary>
        public static void AssertCachedAfterEdit(GeneratorRun run, Func<Compilation, Compilation> edit, params string[] trackingNames) =>
            AssertCachedAfterEdit(run.Driver, run.InputCompilation, edit, "after the edit", trackingNames, allowNewSteps: true);

        /// <summary>
        /// An edit for <see cref="AssertCachedAfterEdit(GeneratorRun, Func{Compilation, Compilation}, string[])"/>: appends
        /// <paramref name="text"/> to the n-th source file, e.g. an unrelated class next to the marked code (the file's
        /// syntax tree changes, so Roslyn re-runs its syntax steps; the generator's models must still compare equal).
        /// </summary>
        public static Func<Compilation, Compilation> AppendTo(int fileIndex, string text) => compilation =>
        {
            SyntaxTree tree = compilation.SyntaxTrees.ElementAt(fileIndex);
            SourceText old = tree.GetText();
            return compilation.ReplaceSyntaxTree(tree, tree.WithChangedText(old.WithChanges(new TextChange(new TextSpan(old.Length, 0), text))));
        };

        /// <summary>Fails naming the step and the member path of any ISymbol, SyntaxNode, Compilation or SemanticModel.</summary>
        public static void AssertNoRoslynObjectsInSteps(GeneratorDriverRunResult result, IReadOnlyCollection<string>? trackingNames = null)
        {
            var problems = new List<string>();
            foreach (GeneratorRunResult generator in result.Results)
            {
                foreach ((string name, IncrementalGeneratorRunStep step, int runIndex) in ChosenSteps(generator, trackingNames))
                {
                    for (int i = 0; i < step.Outputs.Length; i++)
                    {
                        string root = $"step '{name}' run #{runIndex} output[{i}]";
                        problems.AddRange(PipelineValueWalker.FindForbidden(step.Outputs[i].Value, root));
                    }
                }

                // The value handed to RegisterSourceOutput may come from an unnamed step; its output steps' inputs show it.
                foreach ((string name, IncrementalGeneratorRunStep step, int runIndex) in OutputSteps(generator))
                {
                    foreach ((IncrementalGeneratorRunStep source, int index) in step.Inputs)
                    {
                        string root = $"input of output step '{name}' run #{runIndex} (from step '{source.Name ?? "<unnamed>"}')";
                        problems.AddRange(PipelineValueWalker.FindForbidden(source.Outputs[index].Value, root));
                    }
                }
            }

            if (problems.Count > 0)
            {
                Assert.Fail("Pipeline values hold Roslyn objects: they keep old compilations alive and never compare equal, "
                    + "so every later step re-runs. Extract strings/values into an equatable model instead."
                    + Environment.NewLine + "  " + string.Join(Environment.NewLine + "  ", problems.Distinct()));
            }
        }

        private static void AssertCachedAfterEdit(
            GeneratorDriver driver,
            Compilation compilation,
            Func<Compilation, Compilation> edit,
            string what,
            IReadOnlyCollection<string>? trackingNames,
            bool allowNewSteps)
        {
            GeneratorDriverRunResult first = driver.GetRunResult();
            AssertRequestedStepsExist(first, trackingNames);
            AssertNoRoslynObjectsInSteps(first, trackingNames);

            GeneratorDriverRunResult second = driver.RunGenerators(edit(compilation)).GetRunResult();
            var problems = new List<string>();
            foreach (GeneratorRunResult generator in second.Results)
            {
                foreach ((string name, IncrementalGeneratorRunStep step, int runIndex) in ChosenSteps(generator, trackingNames))
                {
                    bool wholeRunIsNew = step.Outputs.All(o => o.Reason == IncrementalStepRunReason.New);
                    CheckReasons(problems, $"step '{name}'", step, runIndex, allowNew: allowNewSteps && wholeRunIsNew, showValue: true);
                }

                foreach ((string name, IncrementalGeneratorRunStep step, int runIndex) in OutputSteps(generator))
                {
                    string inputs = string.Join(", ", step.Inputs.Select(i => $"'{i.Source.Name ?? "<unnamed>"}'"));
                    CheckReasons(problems, $"output step '{name}' (fed by {inputs})", step, runIndex, allowNew: false, showValue: false);
                }
            }

            if (problems.Count > 0)
            {
                Assert.Fail($"Generator steps were not cached {what}. Modified means the step re-ran and its new value "
                    + "does not Equals the old one (a model holding an array, a symbol, a Location, or a non-record class?)."
                    + Environment.NewLine + "  " + string.Join(Environment.NewLine + "  ", problems));
            }
        }

        private static void CheckReasons(List<string> problems, string label, IncrementalGeneratorRunStep step, int runIndex, bool allowNew, bool showValue)
        {
            for (int i = 0; i < step.Outputs.Length; i++)
            {
                (object value, IncrementalStepRunReason reason) = step.Outputs[i];
                bool ok = reason is IncrementalStepRunReason.Cached or IncrementalStepRunReason.Unchanged
                    || (allowNew && reason == IncrementalStepRunReason.New);
                if (!ok)
                {
                    problems.Add($"{label} run #{runIndex} output[{i}] was {reason}" + (showValue ? $": {Describe(value)}" : ""));
                }
            }
        }

        private static void AssertRequestedStepsExist(GeneratorDriverRunResult first, IReadOnlyCollection<string>? trackingNames)
        {
            if (trackingNames is null || trackingNames.Count == 0)
            {
                return;
            }

            // A test whose input has no code of one feature does not run that feature's steps (a step with no input
            // records nothing), so names may be missing, and a run that generated nothing may have run none of them.
            // But sources generated while none of the names ran means the names are wrong (renamed constant, typo) and
            // the assertion would check nothing.
            ImmutableHashSet<string> present = first.Results.SelectMany(r => r.TrackedSteps.Keys).ToImmutableHashSet();
            bool generatedAnything = first.Results.Any(r => !r.GeneratedSources.IsEmpty);
            if (generatedAnything && !trackingNames.Any(present.Contains))
            {
                Assert.Fail($"None of the tracking names [{string.Join(", ", trackingNames)}] ran. Steps that ran: "
                    + $"[{string.Join(", ", present.Where(n => !IsRoslynStep(n)).OrderBy(n => n, StringComparer.Ordinal))}].");
            }
        }

        private static IEnumerable<(string Name, IncrementalGeneratorRunStep Step, int RunIndex)> ChosenSteps(
            GeneratorRunResult generator, IReadOnlyCollection<string>? trackingNames) =>
            generator.TrackedSteps
                .Where(kv => trackingNames is null || trackingNames.Count == 0 ? !IsRoslynStep(kv.Key) : trackingNames.Contains(kv.Key))
                .OrderBy(kv => kv.Key, StringComparer.Ordinal)
                .SelectMany(kv => kv.Value.Select((step, i) => (kv.Key, step, i)));

        private static IEnumerable<(string Name, IncrementalGeneratorRunStep Step, int RunIndex)> OutputSteps(GeneratorRunResult generator) =>
            generator.TrackedOutputSteps
                .OrderBy(kv => kv.Key, StringComparer.Ordinal)
                .SelectMany(kv => kv.Value.Select((step, i) => (kv.Key, step, i)));

        private static string Describe(object value)
        {
            string text = (value?.ToString() ?? "null").Replace("\r", "").Replace('\n', ' ');
            return (text.Length > 120 ? text.Substring(0, 117) + "..." : text) + $" ({value?.GetType().Name ?? "null"})";
        }
    }
}
