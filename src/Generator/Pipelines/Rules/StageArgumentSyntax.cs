using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Prewired.Generator.FastPath;
using Prewired.Generator.Marks;

namespace Prewired.Generator.Pipelines.Rules
{
    /// <summary>
    /// The expressions a [Pipeline] or [PipelineDefaults] attribute lists its stage types with, one per stage, in order,
    /// so each finding can sit at its own <c>typeof</c>.
    /// </summary>
    internal static class StageArgumentSyntax
    {
        /// <summary>
        /// The stage expressions of <paramref name="attribute"/>: the <c>params</c> arguments, or the elements of a single
        /// explicit array (<c>new[] { ... }</c>, <c>new Type[] { ... }</c>, <c>[ ... ]</c>). Property assignments
        /// (<c>ApplyDefaults = false</c>, <c>NameEquals</c>) are not stages, whatever their position; a <c>stages:</c>
        /// argument (<c>NameColon</c>) is the constructor's own parameter, so it is one. Null when the written list cannot
        /// be matched to <paramref name="count"/> stages one to one (a spread, a count the compiler sees differently).
        /// </summary>
        public static List<ExpressionSyntax>? Of(AttributeSyntax? attribute, int count)
        {
            if (attribute?.ArgumentList is not { } list) return count == 0 ? new List<ExpressionSyntax>() : null;
            var constructorArguments = list.Arguments.Where(a => a.NameEquals is null).Select(a => a.Expression).ToList();
            var stages = constructorArguments.Count == 1 && IsExplicitArray(constructorArguments[0]) ? ArrayElements(constructorArguments[0]) : constructorArguments;
            return stages is not null && stages.Count == count ? stages : null;
        }

        /// <summary>The params parameter in its normal form: one array argument holding the stages.</summary>
        private static bool IsExplicitArray(ExpressionSyntax argument)
            => argument is ArrayCreationExpressionSyntax or ImplicitArrayCreationExpressionSyntax or CollectionExpressionSyntax;

        /// <summary>The elements of an explicit array argument; null when they are not written one by one.</summary>
        public static List<ExpressionSyntax>? ArrayElements(ExpressionSyntax argument) => argument switch
        {
            ArrayCreationExpressionSyntax { Initializer: { } initializer } => initializer.Expressions.ToList(),
            ImplicitArrayCreationExpressionSyntax creation => creation.Initializer.Expressions.ToList(),
            // A spread ([.. other]) has no element per stage to point at.
            CollectionExpressionSyntax collection when collection.Elements.All(e => e is ExpressionElementSyntax)
                => collection.Elements.Cast<ExpressionElementSyntax>().Select(e => e.Expression).ToList(),
            _ => null,
        };
    }
}
