using System.Collections.Generic;
using System.Linq;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Prewired.Generator.FastPath;
using Prewired.Generator.Marks;
using Prewired.Generator.TailAwait;

namespace Prewired.Generator.Pipelines.Rules
{
    /// <summary>The behaviors <c>[assembly: PipelineDefaults(...)]</c> puts in front of every pipeline that does not opt out.</summary>
    internal static class PipelineDefaults
    {
        public const string AttributeName = "Prewired.PipelineDefaultsAttribute";

        /// <summary>
        /// The assembly's defaults for the pipeline of <paramref name="pipelineAttribute"/>: none applied when it says
        /// <c>ApplyDefaults = false</c>, none declared when the assembly declares none or the declaration does not compile (the
        /// compiler reports that); a default listed in <paramref name="exclusions"/> is left out.
        /// </summary>
        public static DeclaredDefaults For(AttributeData pipelineAttribute, DefaultExclusions exclusions, Compilation compilation, CancellationToken cancellationToken)
            => For(!pipelineAttribute.NamedArguments.Any(a => a.Key == "ApplyDefaults" && a.Value.Value is false), exclusions, compilation, cancellationToken);

        /// <summary>
        /// The assembly's defaults, applied (<paramref name="apply"/>) or only declared: a discovered handler's pipeline applies
        /// them all, having no attribute to opt out or exclude with.
        /// </summary>
        public static DeclaredDefaults For(bool apply, DefaultExclusions exclusions, Compilation compilation, CancellationToken cancellationToken)
        {
            var declaration = compilation.Assembly.GetAttributes().FirstOrDefault(a => KnownTypes.IsType(a.AttributeClass, AttributeName));
            if (declaration is null || declaration.ConstructorArguments.Length != 1 || declaration.ConstructorArguments[0].Kind != TypedConstantKind.Array
                || declaration.ConstructorArguments[0].IsNull)
            {
                return DeclaredDefaults.None;
            }

            var types = declaration.ConstructorArguments[0].Values.Select(v => v.Value as INamedTypeSymbol).ToList();
            if (types.Any(t => t is null || t.TypeKind == TypeKind.Error)) return DeclaredDefaults.None;
            var declared = types.Select(t => t!).ToList();
            if (!apply)
            {
                return new DeclaredDefaults(declared, new List<INamedTypeSymbol>(), new List<Location>());
            }

            var syntax = declaration.ApplicationSyntaxReference?.GetSyntax(cancellationToken) as AttributeSyntax;
            var whole = syntax?.GetLocation() ?? Location.None;
            var written = StageArgumentSyntax.Of(syntax, declared.Count);
            var applied = new List<INamedTypeSymbol>();
            var locations = new List<Location>();
            for (var i = 0; i < declared.Count; i++)
            {
                if (exclusions.Excludes(declared[i])) continue;
                applied.Add(declared[i]);
                locations.Add(written?[i].GetLocation() ?? whole);
            }

            return new DeclaredDefaults(declared, applied, locations);
        }
    }
}
