using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;

namespace Prewired.Generator.SharedRules.Pipelines
{
    /// <summary>
    /// Where each stage of a [Pipeline] attribute is written, so a finding lands on its own <c>typeof</c>. The assembly's
    /// default stages, which come first, have no <c>typeof</c> in this attribute: their findings sit at the attribute.
    /// </summary>
    internal sealed class ArgumentLocations
    {
        private readonly List<Location> _stages;
        private readonly int _defaults;

        public ArgumentLocations(Location whole, List<Location> stages)
            : this(whole, stages, defaults: 0)
        {
        }

        private ArgumentLocations(Location whole, List<Location> stages, int defaults)
        {
            Whole = whole;
            _stages = stages;
            _defaults = defaults;
        }

        /// <summary>The attribute (or its single array argument): for findings about the list as a whole.</summary>
        public Location Whole { get; }

        public Location At(int index) => _stages[index];

        /// <summary>Whether the stage at <paramref name="index"/> is one of the assembly's defaults.</summary>
        public bool IsDefault(int index) => index < _defaults;

        /// <summary>The stage's name in a message; a default says where it comes from, since the finding is not at its typeof.</summary>
        public string Name(int index, ITypeSymbol type)
            => PipelineValidator.Display(type) + (IsDefault(index) ? " (from [assembly: PipelineDefaults])" : string.Empty);

        /// <summary>These locations with <paramref name="count"/> default stages in front, each located at the attribute.</summary>
        public ArgumentLocations WithDefaults(int count)
            => count == 0 ? this : new ArgumentLocations(Whole, Enumerable.Repeat(Whole, count).Concat(_stages).ToList(), count);
    }
}
