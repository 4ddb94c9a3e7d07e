using System.Linq;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace Prewired.Generator.SharedRules.Pipelines
{
    /// <summary>The behaviors <c>[assembly: PipelineDefaults(...)]</c> puts in front of every pipeline that does not opt out.</summary>
    internal static class PipelineDefaults
    {
        public const string AttributeName = "Prewired.PipelineDefaultsAttribute";

        /// <summary>
        /// The default stages for the pipeline of <paramref name="pipelineAttribute"/>, in order: none when it says
        /// <c>ApplyDefaults = false</c>, when the assembly declares none, or when the declaration does not compile (the compiler reports that).
        /// </summary>
        public static DeclaredDefaults For(AttributeData pipelineAttribute, Compilation compilation, CancellationToken cancellationToken)
        {
            if (pipelineAttribute.NamedArguments.Any(a => a.Key == "ApplyDefaults" && a.Value.Value is false)) return DeclaredDefaults.None;
            var declaration = compilation.Assembly.GetAttributes().FirstOrDefault(a => KnownTypes.IsType(a.AttributeClass, AttributeName));
            if (declaration is null || declaration.ConstructorArguments.Length != 1 || declaration.ConstructorArguments[0].Kind != TypedConstantKind.Array
                || declaration.ConstructorArguments[0].IsNull)
            {
                return DeclaredDefaults.None;
            }

            var types = declaration.ConstructorArguments[0].Values.Select(v => v.Value as INamedTypeSymbol).ToList();
            if (types.Any(t => t is null || t.TypeKind == TypeKind.Error)) return DeclaredDefaults.None;
            var syntax = declaration.ApplicationSyntaxReference?.GetSyntax(cancellationToken) as AttributeSyntax;
            return new DeclaredDefaults(types!, ArgumentLocations.Of(syntax, syntax?.GetLocation() ?? Location.None, types.Count));
        }
    }
}
