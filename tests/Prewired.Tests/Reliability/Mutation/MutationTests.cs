using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Diagnostics;
using System.Linq;
using System.Text;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Prewired.Tests.Robustness;
using Xunit;
using Xunit.Abstractions;

namespace Prewired.Tests.Reliability.Mutation
{
    /// <summary>
    /// Mutation robustness: mutants of every Prewired test source and of random bodies (<see cref="Mutator"/>) go through
    /// the generator and every shipped analyzer (<see cref="RobustnessCheck"/>): no exception anywhere (not even a
    /// first-chance one the generator catches itself), and no error added by generated code to a mutant whose own code
    /// has none. The regular suite runs a fixed-seed slice; <c>PREWIRED_MUTANTS=10000</c> runs the big one (plus a cut at
    /// every statement and member of every seed).
    /// </summary>
    public sealed class MutationTests(ITestOutputHelper output)
    {
        [Fact]
        public void Mutants_never_make_the_generator_or_an_analyzer_throw_or_break_the_build()
        {
            var seed = FuzzSettings.MutantSeed;
            var count = FuzzSettings.Mutants;
            IEnumerable<Mutant> mutants = Mutator.Mutants(seed, count);
            if (FuzzSettings.IsBigMutantRun) mutants = mutants.Concat(Mutator.TruncationsAtEveryStatement());
            if (FuzzSettings.OnlyMutants is { } only) mutants = mutants.Where(m => only.Contains(m.Index) && (m.Operator != "truncate-at-every-statement" || FuzzSettings.IsBigMutantRun));
            var result = Run(mutants, FuzzSettings.IsBigMutantRun ? line => Console.Error.WriteLine("[mutants] " + line) : null);
            var summary = $"seed {seed}, {MutantSources.All.Count} seed sources ({MutantSources.Describe()}): {result.Summary()}";
            output.WriteLine(summary);
            Console.Error.WriteLine("[mutants] " + summary);
            Assert.True(result.Failures.IsEmpty, Describe(result.Failures.ToList()));
            Assert.True(result.Count >= count || FuzzSettings.OnlyMutants is not null, summary);
        }

        /// <summary>Every mutant that ever found a bug: each must stay fixed.</summary>
        [Fact]
        public void Mutants_that_found_bugs_stay_fixed()
        {
            var failures = RegressionMutants.All.Select(m => RobustnessCheck.Run(m.Sources)).Where(o => !o.Ok).ToList();
            Assert.True(failures.Count == 0, string.Join("\n\n", failures.Select(f => f.Describe())));
        }

        /// <summary>The corpus reads real test sources, and mutants are reproducible from their seed and index.</summary>
        [Fact]
        public void The_corpus_and_the_mutants_are_reproducible()
        {
            Assert.True(MutantSources.All.Count(s => s.Name.StartsWith("test:", StringComparison.Ordinal)) > 100, MutantSources.Describe());
            var first = Mutator.Mutants(99, 30).Select(m => m.Source).ToList();
            Assert.Equal(first, Mutator.Mutants(99, 30).Select(m => m.Source).ToList());
            Assert.Equal(Mutator.Generate(99, 12).Source, first[12]);
            Assert.Equal(Mutator.OperatorNames.Count, Mutator.Mutants(99, 600).Select(m => m.Operator.Split('+')[0]).Distinct().Count());
        }

        internal sealed class Result
        {
            public int Count { get; set; }

            public int Clean { get; set; }

            public Dictionary<string, int> ByOperator { get; } = new();

            public ConcurrentBag<(Mutant Mutant, RobustnessOutcome Outcome)> Failures { get; } = new();

            public TimeSpan Elapsed { get; set; }

            public string Summary()
                => $"{Count} mutants ({Clean} without errors of their own, so generated code was checked to add none), {Failures.Count} failing, "
                   + $"{Elapsed.TotalSeconds:F1} s; by operator: {string.Join(", ", ByOperator.OrderBy(p => p.Key, StringComparer.Ordinal).Select(p => $"{p.Key} {p.Value}"))}";
        }

        internal static Result Run(IEnumerable<Mutant> mutants, Action<string>? progress)
        {
            var result = new Result();
            var watch = Stopwatch.StartNew();
            foreach (var mutant in mutants)
            {
                // The analyzers also see the user's code without generated files (the IDE's view while generation is stale) for
                // half of them. A partial method no Prewired attribute marks lacks its implementation by the user's own error
                // (CS8795, which RobustnessCheck otherwise leaves to the generator): only the no-exception checks apply there.
                var outcome = RobustnessCheck.Run(mutant.Sources, analyzeInputToo: mutant.Index % 2 == 0, checkInputErrors: !HasUnmarkedPartialWithoutImplementation(mutant.Source));
                result.Count++;
                if (!outcome.InputHasErrors) result.Clean++;
                var op = mutant.Operator.Split('+')[0];
                result.ByOperator[op] = result.ByOperator.GetValueOrDefault(op) + 1;
                if (!outcome.Ok) result.Failures.Add((mutant, outcome));
                if (progress is not null && result.Count % 1000 == 0) progress($"{result.Count} mutants, {result.Failures.Count} failing, {watch.Elapsed.TotalSeconds:F0} s");
            }

            result.Elapsed = watch.Elapsed;
            return result;
        }

        /// <summary>A partial method declaration without a body that neither it nor another part of it marks with [FastPath]/[TailAwait].</summary>
        internal static bool HasUnmarkedPartialWithoutImplementation(string source)
        {
            var methods = CSharpSyntaxTree.ParseText(source).GetRoot().DescendantNodes().OfType<MethodDeclarationSyntax>()
                .Where(m => m.Modifiers.Any(SyntaxKind.PartialKeyword))
                .GroupBy(m => (m.Identifier.ValueText, m.ParameterList.Parameters.Count));
            return methods.Any(group => group.All(m => m.Body is null && m.ExpressionBody is null)
                                        && !group.Any(m => m.AttributeLists.SelectMany(l => l.Attributes).Any(a => a.Name.ToString().Contains("FastPath", StringComparison.Ordinal) || a.Name.ToString().Contains("TailAwait", StringComparison.Ordinal))));
        }

        private string Describe(List<(Mutant Mutant, RobustnessOutcome Outcome)> failures)
        {
            if (failures.Count == 0) return string.Empty;
            if (Environment.GetEnvironmentVariable("PREWIRED_MUTANTS_DUMP") is { Length: > 0 } dump)
            {
                System.IO.File.WriteAllText(dump, string.Join("\n\n==========\n", failures.Select(f => f.Mutant + "\n" + f.Outcome.Describe())));
            }

            var text = new StringBuilder($"{failures.Count} mutants failed: {string.Join(", ", failures.Select(f => f.Mutant.ToString()).Take(30))}\n");
            foreach (var (mutant, outcome) in failures.GroupBy(f => Category(f.Outcome)).Select(g => g.First()).Take(4))
            {
                var reduced = Reduce(mutant, Category(outcome));
                text.AppendLine($"==== {mutant} ({Category(outcome)}); reduced (add to RegressionMutants once fixed): ====");
                text.AppendLine(RobustnessCheck.Run(new[] { reduced }.Concat(mutant.Support).ToArray()).Describe());
            }

            return text.ToString();
        }

        private static string Category(RobustnessOutcome outcome)
        {
            var problem = outcome.Problems.FirstOrDefault() ?? string.Empty;
            return problem.StartsWith("error in generated code", StringComparison.Ordinal) ? "generated-error"
                : problem.StartsWith("error in user code", StringComparison.Ordinal) ? "user-error-after-generation"
                : problem.Contains("threw", StringComparison.Ordinal) ? "exception"
                : "other";
        }

        /// <summary>Deletes statements and members while the mutant still fails the same way: a smaller regression case.</summary>
        private static string Reduce(Mutant mutant, string category)
        {
            var current = mutant.Source;
            for (var round = 0; round < 200; round++)
            {
                var root = CSharpSyntaxTree.ParseText(current).GetRoot();
                var candidates = root.DescendantNodes()
                    .Where(n => n is StatementSyntax { Parent: BlockSyntax or SwitchSectionSyntax } or MemberDeclarationSyntax { Parent: TypeDeclarationSyntax or CompilationUnitSyntax or BaseNamespaceDeclarationSyntax } or UsingDirectiveSyntax)
                    .OrderByDescending(n => n.FullSpan.Length)
                    .Select(n => current.Remove(n.FullSpan.Start, n.FullSpan.Length));
                var next = candidates.FirstOrDefault(c => RobustnessCheck.Run(new[] { c }.Concat(mutant.Support).ToArray()) is { Ok: false } o && Category(o) == category);
                if (next is null) return current;
                current = next;
            }

            return current;
        }
    }
}
