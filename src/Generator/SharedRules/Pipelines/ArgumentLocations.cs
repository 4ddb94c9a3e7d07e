using System.Collections.Generic;
using Microsoft.CodeAnalysis;

namespace Prewired.Generator.SharedRules.Pipelines
{
    /// <summary>Where each stage of a [Pipeline] attribute is written, so a finding lands on its own <c>typeof</c>.</summary>
    internal sealed class ArgumentLocations
    {
        private readonly List<Location> _stages;

        public ArgumentLocations(Location whole, List<Location> stages)
        {
            Whole = whole;
            _stages = stages;
        }

        /// <summary>The attribute (or its single array argument): for findings about the list as a whole.</summary>
        public Location Whole { get; }

        public Location At(int index) => _stages[index];
    }
}
