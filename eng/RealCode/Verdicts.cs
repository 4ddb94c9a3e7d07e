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

        /// <summary>The comment the generated implementation starts with.</summary>
        public static string FirstComment(MethodDeclarationSyntax implementation)
            => implementation.Body?.Statements.FirstOrDefault()?.GetLeadingTrivia()
                .FirstOrDefault(t => t.IsKind(SyntaxKind.SingleLineCommentTrivia)).ToString() ?? string.Empty;

        public static (string Verdict, string Category) Read(MethodDeclarationSyntax implementation)
        {
            var first = FirstComment(implementation);
            if (first.StartsWith("// Not generated: see ", System.StringComparison.Ordinal))
            {
                return ("error", "marked method rejected: " + first.Substring("// Not generated: see ".Length).Split('.')[0]);
            }

            var forwarding = Forwarding.Match(first);
            if (!forwarding.Success) return ("split", "split");

            var reason = forwarding.Groups["reason"].Value;
            var cannotSplit = CannotSplit.Match(reason);
            if (cannotSplit.Success) return ("forward", Quoted.Replace(cannotSplit.Groups["reason"].Value, "'…'"));
            var exception = Exception.Match(reason);
            if (exception.Success) return ("forward", "generator exception (" + exception.Groups["type"].Value + ")");
            return ("forward", Quoted.Replace(reason, "'…'").TrimEnd('.'));
        }
    }
}
