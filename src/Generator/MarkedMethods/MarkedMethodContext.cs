using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Prewired.Generator.FastPath;
using Prewired.Generator.Marks;
using Prewired.Generator.Model;
using Prewired.Generator.TailAwait;

namespace Prewired.Generator.MarkedMethods
{
    /// <summary>
    /// What both transforms start from: a validated marked method, its async body with the semantic model of the body's
    /// own file (it may be another part of the partial type), and the shell of the file to generate.
    /// </summary>
    internal sealed class MarkedMethodContext
    {
        public const string DoesNotCompileReason = "it does not compile yet, so its statements are not copied.";

        private MarkedMethodContext(IMethodSymbol marked, MarkedMethodValidation validation, SemanticModel model, MethodShell shell)
        {
            Marked = marked;
            Validation = validation;
            Body = validation.BodyMethod!;
            BodySyntax = validation.BodySyntax!;
            BodyNode = (SyntaxNode?)BodySyntax.Body ?? BodySyntax.ExpressionBody!;
            Model = model;
            Shell = shell;
        }

        public IMethodSymbol Marked { get; }

        public MarkedMethodValidation Validation { get; }

        public IMethodSymbol Body { get; }

        public MethodDeclarationSyntax BodySyntax { get; }

        /// <summary>The block or expression body of the async body method.</summary>
        public SyntaxNode BodyNode { get; }

        public SemanticModel Model { get; }

        public MethodShell Shell { get; }

        /// <summary>
        /// The context of a valid marked method; otherwise null, with <paramref name="stub"/> set to the throwing stub
        /// that lets the usage diagnostic show (or null where no stub can be declared).
        /// </summary>
        public static MarkedMethodContext? TryCreate(GeneratorAttributeSyntaxContext context, MarkKind kind, CancellationToken cancellationToken, out GeneratedMethodModel? stub)
        {
            stub = null;
            if (context.TargetSymbol is not IMethodSymbol marked || context.TargetNode is not MethodDeclarationSyntax declaration) return null;
            var validation = MarkedMethodValidator.Validate(marked, context.Attributes[0], kind, cancellationToken);
            if (!validation.IsValid)
            {
                stub = InvalidUsageStub.TryCreate(marked, declaration, validation, kind, cancellationToken);
                return null;
            }

            var bodySyntax = validation.BodySyntax!;
            var model = SemanticModels.Share(context.SemanticModel).SyntaxTree == bodySyntax.SyntaxTree
                ? SemanticModels.Share(context.SemanticModel)
                : SemanticModels.For(context.SemanticModel.Compilation, bodySyntax.SyntaxTree);
            var shell = MethodShellParser.Parse(marked, declaration, validation.BodyMethod!, bodySyntax, model, kind);
            return new MarkedMethodContext(marked, validation, model, shell);
        }

        /// <summary>True when the body does not compile cleanly: its statements are not copied anywhere.</summary>
        public bool BodyHasErrors(CancellationToken cancellationToken) => CompileErrors.In(BodyNode, Model, cancellationToken);
    }
}
