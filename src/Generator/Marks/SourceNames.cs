using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Prewired.Generator.FastPath;
using Prewired.Generator.TailAwait;

namespace Prewired.Generator.Marks
{
    /// <summary>How generated code spells types and names so they bind wherever it is placed (shared with the analyzers).</summary>
    internal static class SourceNames
    {
        /// <summary><c>global::</c>-qualified, with nullable annotations.</summary>
        public static readonly SymbolDisplayFormat TypeFormat = SymbolDisplayFormat.FullyQualifiedFormat
            .AddMiscellaneousOptions(SymbolDisplayMiscellaneousOptions.IncludeNullableReferenceTypeModifier);

        /// <summary>A name that is a keyword gets its '@'.</summary>
        public static string Escaped(string name) => SyntaxFacts.GetKeywordKind(name) != SyntaxKind.None ? "@" + name : name;
    }
}
