using System.Collections.Generic;
using System.Collections.Immutable;
using System.Composition;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.CodeFixes;
using Prewired.CodeFixes.Closures;
using Prewired.CodeFixes.Syntax;
using Prewired.Generator.Marks;

namespace Prewired.CodeFixes
{
    /// <summary>
    /// PW0401 and PW0402 (the same finding outside a fast path): makes the capturing local functions the diagnostic names
    /// <c>static</c> and passes what they captured as parameters (same names; <c>ref</c> for what they write; <c>this</c>
    /// as <c>self</c>), updating every call, so the scope has nothing left to put in a display class. Offered when every
    /// function named is a local function (a lambda made static would need another delegate shape: there is no fix for
    /// it) and the planner finds the change safe (<see cref="StaticConversionPlanner"/>); needs C# 8 (static local
    /// functions).
    /// </summary>
    [ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(ClosureCodeFixProvider)), Shared]
    public sealed class ClosureCodeFixProvider : PrewiredCodeFixProvider
    {
        public const string Key = "Prewired.MakeLocalFunctionStatic";

        public override ImmutableArray<string> FixableDiagnosticIds { get; } = ImmutableArray.Create(DiagnosticIds.ClosureOnFastPath, DiagnosticIds.ClosureInOrdinaryCode);

        internal override IEnumerable<FixOffer> GetOffers(FixSession session, Diagnostic diagnostic)
        {
            if (session.Root.SyntaxTree.Options is CSharpParseOptions { LanguageVersion: < LanguageVersion.CSharp8 }) yield break;

            // The analyzer puts each capturing function's location in the additional locations: a local function's name,
            // a lambda's '=>' or an anonymous method's 'delegate'.
            var named = new List<LocalFunctionStatementSyntax>();
            foreach (var location in diagnostic.AdditionalLocations)
            {
                if (location.SourceTree != session.Root.SyntaxTree) yield break;
                var token = session.Root.FindToken(location.SourceSpan.Start);
                if (token.Parent is not LocalFunctionStatementSyntax function || function.Identifier != token) yield break;
                named.Add(function);
            }

            var plan = StaticConversionPlanner.Plan(session.Model, named, session.CancellationToken);
            if (plan is null) yield break;
            yield return new FixOffer(Title(plan.Functions.Select(f => f.Syntax)), Key, s => StaticLocalFunctionSyntax.Apply(s, plan));
        }

        /// <summary>Names every function the fix changes, those it drags along included.</summary>
        private static string Title(IEnumerable<LocalFunctionStatementSyntax> functions)
        {
            var names = functions.Select(f => "'" + f.Identifier.ValueText + "'").ToList();
            var list = names.Count == 1 ? names[0] : string.Join(", ", names.Take(names.Count - 1)) + " and " + names[names.Count - 1];
            return $"Make {list} static and pass {(names.Count == 1 ? "its" : "their")} captured variables as parameters";
        }
    }
}
