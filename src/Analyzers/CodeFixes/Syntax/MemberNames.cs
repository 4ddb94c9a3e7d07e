using System;
using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;

namespace Prewired.CodeFixes.Syntax
{
    /// <summary>Names the fixes choose: the body method's, and the existing method a misspelled name meant.</summary>
    internal static class MemberNames
    {
        private const string AsyncSuffix = "Async";

        /// <summary>
        /// <c>GetAsync</c> -> <c>GetCoreAsync</c>, <c>Load</c> -> <c>LoadCore</c>; then <c>GetCore2Async</c>, ... while the
        /// name is taken in <paramref name="reserved"/>.
        /// </summary>
        public static string CoreName(string name, ISet<string> reserved)
        {
            var hasSuffix = name.Length > AsyncSuffix.Length && name.EndsWith(AsyncSuffix, StringComparison.Ordinal);
            var stem = hasSuffix ? name.Substring(0, name.Length - AsyncSuffix.Length) : name;
            var suffix = hasSuffix ? AsyncSuffix : string.Empty;
            for (var i = 1; ; i++)
            {
                var candidate = stem + "Core" + (i == 1 ? string.Empty : i.ToString(System.Globalization.CultureInfo.InvariantCulture)) + suffix;
                if (!reserved.Contains(candidate)) return candidate;
            }
        }

        /// <summary>Names a new member of <paramref name="type"/> cannot take: its members' (all parts, inherited too) and its own.</summary>
        public static HashSet<string> Reserved(INamedTypeSymbol type)
        {
            var names = new HashSet<string>(StringComparer.Ordinal) { type.Name };
            for (var current = type; current is not null; current = current.BaseType)
            {
                names.UnionWith(current.MemberNames);
            }

            names.UnionWith(type.TypeParameters.Select(p => p.Name));
            return names;
        }

        public static bool IsValidIdentifier(string name)
            => SyntaxFacts.IsValidIdentifier(name) && SyntaxFacts.GetKeywordKind(name) == SyntaxKind.None;
    }
}
