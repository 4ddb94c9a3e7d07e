using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Prewired.Generator.FastPath;
using Prewired.Generator.Marks;

namespace Prewired.Generator.Pipelines.Rules
{
    /// <summary>
    /// Where each stage of a [Pipeline] attribute is written, so a finding lands on its own <c>typeof</c>. The assembly's
    /// default stages, which come first, have no <c>typeof</c> in this attribute: their findings sit at the attribute (so
    /// <c>#pragma</c> and .editorconfig act per pipeline) and point, as an additional location, at the default's own
    /// <c>typeof</c> in <c>[assembly: PipelineDefaults]</c>.
    /// </summary>
    internal sealed class ArgumentLocations
    {
        private static readonly Location[] None = new Location[0];

        private readonly List<Location> _stages;
        private readonly List<Location[]> _declared;
        private readonly int _defaults;

        private ArgumentLocations(Location whole, List<Location> stages, List<Location[]> declared, int defaults)
        {
            Whole = whole;
            _stages = stages;
            _declared = declared;
            _defaults = defaults;
        }

        /// <summary>
        /// The locations of the <paramref name="count"/> stages written in <paramref name="attribute"/>: each at its own
        /// argument when the written list matches the stages one to one, otherwise (nothing to point at) at the attribute.
        /// </summary>
        public static ArgumentLocations Of(AttributeSyntax? attribute, Location whole, int count)
        {
            var stages = StageArgumentSyntax.Of(attribute, count)?.Select(e => e.GetLocation()).ToList() ?? Enumerable.Repeat(whole, count).ToList();
            return new ArgumentLocations(whole, stages, Enumerable.Repeat(None, count).ToList(), defaults: 0);
        }

        /// <summary>The attribute: for findings about the list as a whole, and about the assembly's defaults.</summary>
        public Location Whole { get; }

        public Location At(int index) => _stages[index];

        /// <summary>Where else a finding at <paramref name="index"/> points: a default's <c>typeof</c> in [assembly: PipelineDefaults].</summary>
        public Location[] AdditionalAt(int index) => _declared[index];

        /// <summary>Whether the stage at <paramref name="index"/> is one of the assembly's defaults.</summary>
        public bool IsDefault(int index) => index < _defaults;

        /// <summary>The stage's name in a message; a default says where it comes from, since the finding is not at its typeof.</summary>
        public string Name(int index, ITypeSymbol type)
            => PipelineValidator.Display(type) + (IsDefault(index) ? " (from [assembly: PipelineDefaults])" : string.Empty);

        /// <summary>
        /// These locations with the assembly's default stages in front, each at this attribute and pointing at its
        /// <c>typeof</c> in the [PipelineDefaults] attribute (<paramref name="declaredAt"/>, one per default).
        /// </summary>
        public ArgumentLocations WithDefaults(List<Location> declaredAt)
        {
            var count = declaredAt.Count;
            if (count == 0) return this;
            var declared = declaredAt.Select(l => new[] { l }).Concat(_declared).ToList();
            return new ArgumentLocations(Whole, Enumerable.Repeat(Whole, count).Concat(_stages).ToList(), declared, count);
        }
    }
}
