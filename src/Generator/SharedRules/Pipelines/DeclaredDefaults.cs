using System.Collections.Generic;
using Microsoft.CodeAnalysis;

namespace Prewired.Generator.SharedRules.Pipelines
{
    /// <summary>The default stages one pipeline gets from [assembly: PipelineDefaults], and where each is written there.</summary>
    internal sealed class DeclaredDefaults
    {
        public DeclaredDefaults(List<INamedTypeSymbol> types, ArgumentLocations locations)
        {
            Types = types;
            Locations = locations;
        }

        public static DeclaredDefaults None => new(new List<INamedTypeSymbol>(), ArgumentLocations.Of(null, Location.None, 0));

        /// <summary>The default stage types, in the order they run.</summary>
        public List<INamedTypeSymbol> Types { get; }

        /// <summary>Each default's <c>typeof</c> in the [PipelineDefaults] attribute.</summary>
        public ArgumentLocations Locations { get; }
    }
}
