using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;

namespace Prewired.Generator.SharedRules.Pipelines
{
    /// <summary>The behaviors <c>[assembly: PipelineDefaults(...)]</c> puts in front of every pipeline that does not opt out.</summary>
    internal static class PipelineDefaults
    {
        public const string AttributeName = "Prewired.PipelineDefaultsAttribute";

        /// <summary>
        /// The default stage types for the pipeline of <paramref name="pipelineAttribute"/>, in order: none when it says
        /// <c>ApplyDefaults = false</c>, when the assembly declares none, or when the declaration does not compile (the compiler reports that).
        /// </summary>
        public static List<INamedTypeSymbol> For(AttributeData pipelineAttribute, Compilation compilation)
        {
            var none = new List<INamedTypeSymbol>();
            if (pipelineAttribute.NamedArguments.Any(a => a.Key == "ApplyDefaults" && a.Value.Value is false)) return none;
            var declaration = compilation.Assembly.GetAttributes().FirstOrDefault(a => KnownTypes.IsType(a.AttributeClass, AttributeName));
            if (declaration is null || declaration.ConstructorArguments.Length != 1 || declaration.ConstructorArguments[0].Kind != TypedConstantKind.Array
                || declaration.ConstructorArguments[0].IsNull)
            {
                return none;
            }

            var types = declaration.ConstructorArguments[0].Values.Select(v => v.Value as INamedTypeSymbol).ToList();
            return types.Any(t => t is null || t.TypeKind == TypeKind.Error) ? none : types!;
        }
    }
}
