using System.Collections.Concurrent;
using System.Runtime.CompilerServices;
using Microsoft.CodeAnalysis;

namespace Prewired.Generator.MarkedMethods
{
    /// <summary>
    /// One semantic model per syntax tree of a compilation, shared by every transform that runs on that compilation.
    /// <see cref="Compilation.GetSemanticModel"/> returns a new model, with nothing bound, on every call: the context-guard
    /// analysis of each marked method would otherwise bind the same helper methods (the ones every body calls) again, once
    /// per marked method. Nothing here reaches a pipeline model: the cache dies with its compilation.
    /// </summary>
    internal static class SemanticModels
    {
        private static readonly ConditionalWeakTable<Compilation, ConcurrentDictionary<SyntaxTree, SemanticModel>> s_byCompilation = new();

        /// <summary>The shared model of <paramref name="tree"/> in <paramref name="compilation"/>.</summary>
        public static SemanticModel For(Compilation compilation, SyntaxTree tree)
            => Of(compilation).GetOrAdd(tree, t => compilation.GetSemanticModel(t));

        /// <summary>Shares a model the driver already made (the one a transform receives), unless its tree has one.</summary>
        public static SemanticModel Share(SemanticModel model) => Of(model.Compilation).GetOrAdd(model.SyntaxTree, model);

        private static ConcurrentDictionary<SyntaxTree, SemanticModel> Of(Compilation compilation)
            => s_byCompilation.GetValue(compilation, _ => new ConcurrentDictionary<SyntaxTree, SemanticModel>());
    }
}
