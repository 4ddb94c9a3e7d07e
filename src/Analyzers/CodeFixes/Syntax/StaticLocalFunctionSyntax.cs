using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Prewired.CodeFixes.Closures;

namespace Prewired.CodeFixes.Syntax
{
    /// <summary>
    /// Applies a <see cref="StaticConversion"/>: <c>static</c> before the function's other modifiers, the new parameters
    /// in its parameter list, <c>self.</c> where it used <c>this</c>, and the new arguments at every call. Each edit is
    /// claimed in the session, so a Fix All whose diagnostics plan the same function (several scopes it captures from)
    /// makes it once. Edits change only the nodes they touch (a function's header, an argument list, a name), so edits
    /// nested in one another compose.
    /// </summary>
    internal static class StaticLocalFunctionSyntax
    {
        public static void Apply(FixSession session, StaticConversion conversion)
        {
            foreach (var function in conversion.Functions)
            {
                if (!session.Claim(function.Syntax)) continue;
                session.Editor.ReplaceNode(function.Syntax, (current, _) => MakeStatic((LocalFunctionStatementSyntax)current, function));
                foreach (var node in function.ThisReferences)
                {
                    session.Editor.ReplaceNode(node, (current, _) => QualifyWithSelf(current, function.SelfName!));
                }
            }

            foreach (var call in conversion.Calls)
            {
                if (!session.Claim(call.Invocation)) continue;
                session.Editor.ReplaceNode(call.Invocation.ArgumentList, (current, _) => AddArguments((ArgumentListSyntax)current, call));
            }
        }

        private static LocalFunctionStatementSyntax MakeStatic(LocalFunctionStatementSyntax function, StaticLocalFunction plan)
        {
            var first = function.Modifiers.Count > 0 ? function.Modifiers[0] : function.ReturnType.GetFirstToken();
            var @static = SyntaxFactory.Token(first.LeadingTrivia, SyntaxKind.StaticKeyword, SyntaxFactory.TriviaList(SyntaxFactory.Space));
            function = function.Modifiers.Count > 0
                ? function.WithModifiers(function.Modifiers.Replace(first, first.WithLeadingTrivia()).Insert(0, @static))
                : function.WithReturnType(function.ReturnType.ReplaceToken(first, first.WithLeadingTrivia())).WithModifiers(SyntaxFactory.TokenList(@static));

            if (plan.Parameters.Count == 0) return function;
            var text = string.Join(", ", plan.Parameters.Select(p => (p.ByRef ? "ref " : "") + p.Type + " " + p.Name));
            var added = SyntaxFactory.ParseParameterList("(" + text + ")").Parameters;
            var list = function.ParameterList;
            return function.WithParameterList(list.WithParameters(Insert(list.Parameters, plan.InsertAt, added)));
        }

        private static SyntaxNode QualifyWithSelf(SyntaxNode node, string self) => node switch
        {
            ThisExpressionSyntax => SyntaxFactory.IdentifierName(self).WithTriviaFrom(node),
            SimpleNameSyntax name => SyntaxFactory.MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, SyntaxFactory.IdentifierName(self), name.WithoutTrivia()).WithTriviaFrom(name),
            _ => node,
        };

        /// <summary>
        /// The captures, positionally where the parameters were inserted; as named arguments after the others when the
        /// call already names an argument (a positional one may not follow it out of place).
        /// </summary>
        private static ArgumentListSyntax AddArguments(ArgumentListSyntax list, CallSite call)
        {
            bool named = list.Arguments.Any(a => a.NameColon is not null);
            var text = string.Join(", ", call.Target.Parameters.Select(p =>
                (named ? p.Name + ": " : "") + (p.ByRef ? "ref " : "") + (p.IsThis ? call.Caller?.SelfName ?? "this" : p.Name)));
            var added = SyntaxFactory.ParseArgumentList("(" + text + ")").Arguments;
            int index = named ? list.Arguments.Count : System.Math.Min(call.Target.InsertAt, list.Arguments.Count);
            return list.WithArguments(Insert(list.Arguments, index, added));
        }

        /// <summary>Inserts <paramref name="items"/> at <paramref name="index"/>, keeping the list's own separators and trivia.</summary>
        private static SeparatedSyntaxList<T> Insert<T>(SeparatedSyntaxList<T> list, int index, SeparatedSyntaxList<T> items)
            where T : SyntaxNode
        {
            var parts = new List<SyntaxNodeOrToken>();
            var existing = list.GetWithSeparators();
            // Elements and separators alternate: element i is at 2i.
            int split = index == list.Count ? existing.Count : 2 * index;
            parts.AddRange(existing.Take(split));
            if (split > 0 && index == list.Count) parts.Add(Comma());
            for (int i = 0; i < items.Count; i++)
            {
                if (i > 0) parts.Add(Comma());
                parts.Add(items[i]);
            }

            if (index < list.Count) parts.Add(Comma());
            parts.AddRange(existing.Skip(split));
            return SyntaxFactory.SeparatedList<T>(parts);
        }

        private static SyntaxToken Comma() => SyntaxFactory.Token(SyntaxFactory.TriviaList(), SyntaxKind.CommaToken, SyntaxFactory.TriviaList(SyntaxFactory.Space));
    }
}
