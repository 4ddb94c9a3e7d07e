using System;
using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;

namespace Prewired.Generator.Marks
{
    /// <summary>
    /// The existing methods a body-method name that names nothing (PW0003) most likely meant, best first: a method whose
    /// name is close to it (<see cref="NearMissNames.IsClose"/>) or whose signature is the marked method's. Pointing the attribute at
    /// one of them keeps every later problem a compile error (a wrong signature is PW0004, a method that is not async
    /// PW0005), where creating a body would turn a typo into a method that builds and fails when called.
    /// </summary>
    internal static class BodyCandidates
    {
        public static IReadOnlyList<string> For(IMethodSymbol marked, string bodyName)
        {
            return marked.ContainingType.GetMembers().OfType<IMethodSymbol>()
                .Where(m => m.MethodKind == MethodKind.Ordinary && !m.IsImplicitlyDeclared && !MethodMarks.IsSameMethod(m, marked) && !MethodMarks.IsMarked(m)
                            && m.PartialDefinitionPart is null && m.Name != bodyName)
                .Select(m => (m.Name, Close: NearMissNames.IsClose(m.Name, bodyName), Matches: SignatureMatches(m, marked), Distance: NearMissNames.EditDistance(m.Name, bodyName)))
                .Where(c => c.Close || c.Matches)
                .GroupBy(c => c.Name, StringComparer.Ordinal)
                .Select(g => g.OrderByDescending(c => c.Close && c.Matches).First())
                .OrderByDescending(c => c.Close && c.Matches)
                .ThenByDescending(c => c.Close)
                .ThenBy(c => c.Distance)
                .ThenBy(c => c.Name, StringComparer.Ordinal)
                .Select(c => c.Name)
                .ToList();
        }

        /// <summary>
        /// What the validator requires of a body: the same static-ness, return type and parameter types. Generic methods
        /// are left to the name: their type parameters would have to be mapped first.
        /// </summary>
        private static bool SignatureMatches(IMethodSymbol candidate, IMethodSymbol marked)
            => marked.Arity == 0 && candidate.Arity == 0 && candidate.IsStatic == marked.IsStatic && candidate.Parameters.Length == marked.Parameters.Length
               && SymbolEqualityComparer.Default.Equals(candidate.ReturnType, marked.ReturnType)
               && candidate.Parameters.Zip(marked.Parameters, (c, m) => c.RefKind == m.RefKind && SymbolEqualityComparer.Default.Equals(c.Type, m.Type)).All(x => x);
    }
}
