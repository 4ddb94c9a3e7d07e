using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace Prewired.Generator.Emit
{
    /// <summary>
    /// The <c>#pragma warning disable</c> directives in effect anywhere in a body (those before it in its file included).
    /// Generated code copies the body's statements into another file, where the user's directives do not reach: without
    /// them a warning the user silenced (CS0618 around an obsolete call, say) reappears in generated code. The generated
    /// methods that copy the body are wrapped in the same disables; silencing a warning in a statement of the body that
    /// the user did not silence only hides a warning the user's own build reports at that statement anyway.
    /// </summary>
    internal static class PragmaWarningsInEffect
    {
        /// <summary>The ids disabled somewhere in <paramref name="body"/> (empty when none); null: every warning (a bare disable).</summary>
        public static IReadOnlyList<string>? Of(SyntaxNode body)
        {
            var disabled = new List<string>();
            var all = false;
            var result = new List<string>();
            var resultAll = false;
            void Record()
            {
                resultAll |= all;
                foreach (var id in disabled.Where(id => !result.Contains(id))) result.Add(id);
            }

            var root = body.SyntaxTree.GetRoot();
            foreach (var trivia in root.DescendantTrivia(descendIntoTrivia: true))
            {
                if (trivia.SpanStart >= body.Span.End) break;
                if (trivia.GetStructure() is not PragmaWarningDirectiveTriviaSyntax pragma || !pragma.IsActive) continue;
                if (trivia.SpanStart >= body.SpanStart && trivia.SpanStart < body.Span.End) Record();
                var ids = pragma.ErrorCodes.Select(c => c.ToString().Trim()).Where(c => c.Length > 0).ToList();
                var disable = pragma.DisableOrRestoreKeyword.IsKind(SyntaxKind.DisableKeyword);
                if (ids.Count == 0)
                {
                    all = disable;
                    if (!disable) disabled.Clear();
                    continue;
                }

                foreach (var id in ids)
                {
                    disabled.Remove(id);
                    if (disable) disabled.Add(id);
                }
            }

            Record();
            return resultAll ? null : result;
        }
    }
}
