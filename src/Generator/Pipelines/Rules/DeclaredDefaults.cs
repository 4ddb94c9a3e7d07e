using System.Collections.Generic;
using Microsoft.CodeAnalysis;
using Prewired.Generator.FastPath;
using Prewired.Generator.Marks;

namespace Prewired.Generator.Pipelines.Rules
{
    /// <summary>
    /// What [assembly: PipelineDefaults] means for one pipeline: every declared default, and the ones it applies (not
    /// opted out of, not excluded) with where each is written in the declaration.
    /// </summary>
    internal sealed class DeclaredDefaults
    {
        public DeclaredDefaults(List<INamedTypeSymbol> declared, List<INamedTypeSymbol> applied, List<Location> appliedLocations)
        {
            Declared = declared;
            Applied = applied;
            AppliedLocations = appliedLocations;
        }

        public static DeclaredDefaults None => new(new List<INamedTypeSymbol>(), new List<INamedTypeSymbol>(), new List<Location>());

        /// <summary>Every default the assembly declares, in order (what an exclusion is checked against).</summary>
        public List<INamedTypeSymbol> Declared { get; }

        /// <summary>The defaults this pipeline starts with, in the order they run.</summary>
        public List<INamedTypeSymbol> Applied { get; }

        /// <summary>Each applied default's <c>typeof</c> in the [PipelineDefaults] attribute.</summary>
        public List<Location> AppliedLocations { get; }
    }
}
