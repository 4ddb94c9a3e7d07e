using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Prewired.Generator.SharedRules;

namespace Prewired.Generator.FastPath
{
    /// <summary>
    /// Builds the async continuation that resumes at one await (the per-await shape, kept for the bodies the one
    /// continuation does not cover yet): the await itself on the handed-over awaitable, then everything around it the
    /// async method would still run, as <see cref="SplitAnalysis"/> found it.
    /// </summary>
    internal static class ContinuationBuilder
    {
        /// <summary>
        /// Writes the continuation of a split that <see cref="SplitAnalysis.TryAnalyze"/> accepted: the await on the
        /// handed-over awaitable, then the frames around it. Only for bodies the one continuation does not cover yet: its
        /// text repeats the rest of the body, so it is written only when it is used.
        /// </summary>
        public static void Render(SplitPoint split, SemanticModel model)
            => new ContinuationRenderer(split, split.Frames, split.Jumps, model).Render(AwaitStatement(split));

        private static string AwaitStatement(SplitPoint split)
        {
            const string awaited = "await __awaitable";
            switch (split.Form)
            {
                case SplitForm.Return:
                    return $"return {awaited};";
                case SplitForm.Declare:
                    var declaration = ((LocalDeclarationStatementSyntax)split.Statement!).Declaration;
                    return $"{declaration.Type} {declaration.Variables[0].Identifier.Text} = {awaited};";
                case SplitForm.Assign:
                    var assignment = (AssignmentExpressionSyntax)((ExpressionStatementSyntax)split.Statement!).Expression;
                    return $"{assignment.Left.WithoutTrivia()} = {awaited};";
                case SplitForm.Spill:
                    // A conditional's temporary has the conditional's type, which the await's own may only convert to.
                    return $"{split.ConditionalTypeName ?? "var"} {split.SpillVariable} = {awaited};";
                default:
                    return awaited + ";";
            }
        }
    }
}
