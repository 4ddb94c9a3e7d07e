using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Runtime.CompilerServices;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace Prewired.Generator.MarkedMethods
{
    /// <summary>
    /// What a second thread does for one compilation ahead of the transforms, which the driver runs one after another on
    /// its own thread: for each tree that marks methods, in the order the transforms take them, the compiler's error check
    /// (<see cref="TreeCheck"/>: the compiler binding every body of the tree a second time, its own binding and not the
    /// semantic model's) and the first binding of the bodies its marks name, into the shared semantic model
    /// (<see cref="SemanticModels"/>). Together about half of a cold run over 1,000 marked methods, which the transforms
    /// otherwise did or waited for on one core. Only the compiler's own thread-safe work runs on that thread, never the
    /// generator's analysis, and what it computes is exactly what the transform would have computed (a tree's error spans,
    /// a method's bound tree), so the generated code does not depend on which thread got there first. It skips every tree
    /// the transforms have reached, and stops when the run is cancelled.
    /// </summary>
    internal sealed class WorkAhead
    {
        private static readonly ConditionalWeakTable<Compilation, WorkAhead> s_byCompilation = new();

        private readonly Compilation _compilation;
        private readonly ConcurrentDictionary<SyntaxTree, TreeCheck> _checks = new();
        private readonly Dictionary<SyntaxTree, int> _order;
        private readonly ImmutableArray<SyntaxTree> _trees;
        private int _reached = -1;
        private int _started;

        private WorkAhead(Compilation compilation)
        {
            _compilation = compilation;
            _trees = compilation.SyntaxTrees.ToImmutableArray();
            _order = new Dictionary<SyntaxTree, int>(_trees.Length);
            for (var i = 0; i < _trees.Length; i++) _order[_trees[i]] = i;
        }

        /// <summary>
        /// The error check of <paramref name="tree"/>, which a transform is working on: the thread ahead skips it and every tree
        /// before it from now on. The first call for a compilation starts that thread.
        /// </summary>
        public static TreeCheck CheckOf(Compilation compilation, SyntaxTree tree, CancellationToken cancellationToken)
        {
            var ahead = s_byCompilation.GetValue(compilation, c => new WorkAhead(c));
            if (ahead._order.TryGetValue(tree, out var index)) InterlockedMax(ref ahead._reached, index);
            ahead.Start(cancellationToken);
            return ahead.Check(tree);
        }

        private TreeCheck Check(SyntaxTree tree) => _checks.GetOrAdd(tree, t => new TreeCheck(_compilation, t));

        /// <summary>Once per compilation (again after a cancelled run); not where the compilation asks for no concurrency. A thread of its own, not the pool's,
        /// so the compiler's parallel tasks inside the error check are never queued behind it.</summary>
        private void Start(CancellationToken cancellationToken)
        {
            if (!_compilation.Options.ConcurrentBuild || Interlocked.Exchange(ref _started, 1) == 1) return;
            new Thread(() => Run(cancellationToken)) { IsBackground = true, Name = "Prewired work ahead" }.Start();
        }

        private void Run(CancellationToken cancellationToken)
        {
            try
            {
                for (var i = Volatile.Read(ref _reached) + 1; i < _trees.Length && !cancellationToken.IsCancellationRequested; i = Math.Max(i + 1, Volatile.Read(ref _reached) + 1))
                {
                    var bodies = MarkingTrees.MarkedBodies(_trees[i], cancellationToken).ToList();
                    if (bodies.Count == 0) continue;
                    Check(_trees[i]).ComputeUnlessTaken(cancellationToken);
                    var model = SemanticModels.For(_compilation, _trees[i]);
                    foreach (var body in bodies)
                    {
                        if (Volatile.Read(ref _reached) >= i || cancellationToken.IsCancellationRequested) break;
                        Bind(body, model, cancellationToken);
                    }
                }
            }
            catch (Exception)
            {
                // Whatever stopped it (cancellation included), the transforms do what it did not: an exception on this thread
                // would take the compiler's process down.
            }
            finally
            {
                // A run cancelled part-way may be run again on the same compilation: that run starts its own thread.
                if (cancellationToken.IsCancellationRequested) Volatile.Write(ref _started, 0);
            }
        }

        /// <summary>Any question about an expression of a body makes the model bind the whole body (and run its nullable analysis).</summary>
        private static void Bind(MethodDeclarationSyntax body, SemanticModel model, CancellationToken cancellationToken)
        {
            var expression = ((SyntaxNode?)body.Body ?? body.ExpressionBody)?.DescendantNodes().OfType<ExpressionSyntax>().FirstOrDefault();
            if (expression is not null) model.GetTypeInfo(expression, cancellationToken);
        }

        private static void InterlockedMax(ref int location, int value)
        {
            for (var current = Volatile.Read(ref location); value > current; current = Volatile.Read(ref location))
            {
                if (Interlocked.CompareExchange(ref location, value, current) == current) return;
            }
        }
    }
}
