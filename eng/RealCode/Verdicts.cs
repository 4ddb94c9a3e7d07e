using System.Linq;
using System.Text.RegularExpressions;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace Prewired.RealCode
{
    /// <summary>
    /// Reads the generator's decision from the implementation it wrote: the forwarding implementation starts with
    /// <c>// Forwarding to 'Body': reason</c> (BodyPreamble.WriteForwarding), an invalid usage with
    /// <c>// Not generated: see PWxxxx</c> (InvalidUsageStub); anything else is a split body.
    /// </summary>
    internal static class Verdicts
    {
        private static readonly Regex Forwarding = new(@"^// Forwarding to '[^']*': (?<reason>.*)$", RegexOptions.Compiled);
        private static readonly Regex CannotSplit = new(@"^'.*' cannot be split yet: (?<reason>.*) \(PW0201\)\.$", RegexOptions.Compiled);
        private static readonly Regex Exception = new(@"^the generator could not split this body \((?<type>[A-Za-z0-9_.]+):", RegexOptions.Compiled);
        private static readonly Regex Quoted = new("'[^']*'", RegexOptions.Compiled);
        private static readonly Regex Guarded = new(@"^// Context guard: the synchronous part calls (?<culprit>.*), which may change ExecutionContext or SynchronizationContext", RegexOptions.Compiled);
        private static readonly string[] Nesting = { " (which calls ", " (which runs ", " (which chains to " };

        /// <summary>The comment the generated implementation starts with, its wrapped lines joined (the generator wraps a
        /// long reason at word boundaries: LineBreaker.Comment).</summary>
        public static string FirstComment(MethodDeclarationSyntax implementation)
        {
            var trivia = implementation.Body?.Statements.FirstOrDefault()?.GetLeadingTrivia();
            if (trivia is null) return string.Empty;
            var lines = trivia.Value
                .SkipWhile(t => !t.IsKind(SyntaxKind.SingleLineCommentTrivia))
                .Where(t => !t.IsKind(SyntaxKind.WhitespaceTrivia))
                .TakeWhile(t => t.IsKind(SyntaxKind.SingleLineCommentTrivia) || t.IsKind(SyntaxKind.EndOfLineTrivia))
                .Where(t => t.IsKind(SyntaxKind.SingleLineCommentTrivia))
                .Select((t, i) => i == 0 ? t.ToString() : t.ToString().Substring(2).TrimStart());
            return string.Join(" ", lines);
        }

        public static (string Verdict, string Category) Read(MethodDeclarationSyntax implementation)
        {
            var first = FirstComment(implementation);
            if (first.StartsWith("// Not generated: see ", System.StringComparison.Ordinal))
            {
                return ("error", "marked method rejected: " + first.Substring("// Not generated: see ".Length).Split('.')[0]);
            }

            var forwarding = Forwarding.Match(first);
            if (!forwarding.Success) return ("split", GuardCategory(first));

            var reason = forwarding.Groups["reason"].Value;
            var cannotSplit = CannotSplit.Match(reason);
            if (cannotSplit.Success) return ("forward", Quoted.Replace(cannotSplit.Groups["reason"].Value, "'…'"));
            var exception = Exception.Match(reason);
            if (exception.Success) return ("forward", "generator exception (" + exception.Groups["type"].Value + ")");
            return ("forward", Quoted.Replace(reason, "'…'").TrimEnd('.'));
        }

        /// <summary>
        /// A split body starts with the context-guard decision (BodyPreamble.Write): <c>unguarded</c>, or <c>guarded: </c>
        /// and the member that kept the guard. A same-compilation callee is reported with the chain that leads to the
        /// culprit (<c>'A.B()' (which calls 'C.D()' (which calls 'X.Y')))</c>); the innermost member is the one a wider
        /// proof would have to cover, so it is the category, keeping member names (they are what groups).
        /// </summary>
        public static string GuardCategory(string firstComment)
        {
            var guarded = Guarded.Match(firstComment);
            if (!guarded.Success) return "unguarded";
            var culprit = guarded.Groups["culprit"].Value;
            var depth = 0;
            while (true)
            {
                var (index, length) = Nesting.Select(n => (culprit.IndexOf(n, System.StringComparison.Ordinal), n.Length)).Where(i => i.Item1 >= 0).DefaultIfEmpty((-1, 0)).Min();
                if (index < 0) break;
                culprit = culprit.Substring(index + length);
                depth++;
            }

            for (var i = 0; i < depth && culprit.EndsWith(")", System.StringComparison.Ordinal); i++) culprit = culprit.Substring(0, culprit.Length - 1);
            return "guarded: " + culprit;
        }
    }
}
