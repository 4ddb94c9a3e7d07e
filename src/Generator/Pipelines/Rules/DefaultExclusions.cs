using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Prewired.Generator.FastPath;
using Prewired.Generator.Marks;
using Prewired.Generator.TailAwait;

namespace Prewired.Generator.Pipelines.Rules
{
    /// <summary>
    /// The assembly defaults a [Pipeline] leaves out on purpose (<c>ExcludeDefaults = new[] { typeof(Validation&lt;,&gt;) }</c>),
    /// each with the location of its <c>typeof</c>, so one that names no declared default can be reported there (PW0313).
    /// </summary>
    internal sealed class DefaultExclusions
    {
        public const string PropertyName = "ExcludeDefaults";

        private DefaultExclusions(List<INamedTypeSymbol> types, List<Location> locations)
        {
            Types = types;
            Locations = locations;
        }

        /// <summary>The excluded types as written; types the compiler rejects are left to it.</summary>
        public List<INamedTypeSymbol> Types { get; }

        /// <summary>Each excluded type's <c>typeof</c> (the attribute when the elements are not written one by one).</summary>
        public List<Location> Locations { get; }

        /// <summary>No exclusions: a discovered handler's pipeline, which has no attribute to write them on.</summary>
        public static DefaultExclusions None => new(new List<INamedTypeSymbol>(), new List<Location>());

        public static DefaultExclusions Of(AttributeData attribute, AttributeSyntax? syntax, Location whole)
        {
            var argument = attribute.NamedArguments.FirstOrDefault(a => a.Key == PropertyName).Value;
            if (argument.Kind != TypedConstantKind.Array || argument.IsNull) return None;
            var written = syntax?.ArgumentList?.Arguments.FirstOrDefault(a => a.NameEquals?.Name.Identifier.ValueText == PropertyName)?.Expression;
            var elements = written is null ? null : StageArgumentSyntax.ArrayElements(written);
            var types = new List<INamedTypeSymbol>();
            var locations = new List<Location>();
            for (var i = 0; i < argument.Values.Length; i++)
            {
                if (argument.Values[i].Value is not INamedTypeSymbol { TypeKind: not TypeKind.Error } type) continue;
                types.Add(type);
                locations.Add(elements is not null && elements.Count == argument.Values.Length ? elements[i].GetLocation() : whole);
            }

            return new DefaultExclusions(types, locations);
        }

        /// <summary>Whether <paramref name="declared"/>, a default as [PipelineDefaults] lists it, is excluded.</summary>
        public bool Excludes(INamedTypeSymbol declared) => Types.Any(t => SameListedType(t, declared));

        /// <summary>
        /// Two <c>typeof</c>s name the same type: an open generic (<c>typeof(Validation&lt;,&gt;)</c>) by its definition, so the
        /// exclusion is written exactly as the declaration is.
        /// </summary>
        public static bool SameListedType(INamedTypeSymbol a, INamedTypeSymbol b)
            => a.IsUnboundGenericType || b.IsUnboundGenericType
                ? a.IsUnboundGenericType && b.IsUnboundGenericType && SymbolEqualityComparer.Default.Equals(a.OriginalDefinition, b.OriginalDefinition)
                : SymbolEqualityComparer.Default.Equals(a, b);
    }
}
