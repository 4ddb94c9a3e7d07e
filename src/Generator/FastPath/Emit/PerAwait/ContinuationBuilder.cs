using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Prewired.Generator.SharedRules;

namespace Prewired.Generator.FastPath
{
    /// <summary>
    /// Builds the async continuation that resumes at one await: the await itself on the handed-over awaitable, then
    /// everything around it the async method would still run (<see cref="FrameCollector"/>, <see cref="ContinuationRenderer"/>),
    /// taking over exactly the live state (<see cref="LiveState"/>).
    /// </summary>
    internal static class ContinuationBuilder
    {
        /// <summary>False when the continuation cannot be built (an unexpected statement shape, or live state that an async
        /// method cannot take as a parameter); the caller then forwards.</summary>
        public static bool TryBuild(SplitPoint split, SyntaxNode body, SemanticModel model, Lowering lowering)
        {
            var awaitableType = model.GetTypeInfo(split.Await.Expression).Type;
            if (awaitableType is null || awaitableType.TypeKind == TypeKind.Error || awaitableType.IsRefLikeType) return false;
            split.AwaitableTypeName = awaitableType.ToDisplayString(MarkedMethods.MethodShellParser.TypeFormat);
            split.TaskKind = KnownTypes.ClassifyTaskType(awaitableType);
            if (!IsFrameworkAwaitable(awaitableType))
            {
                // Its generated pending-awaiter struct is not generic: an awaiter of a method's type parameter would need it to be.
                if (awaitableType.ContainingSymbol is IMethodSymbol || ContainsMethodTypeParameter(awaitableType)) return false;
                var info = model.GetAwaitExpressionInfo(split.Await);
                if (info.IsDynamic || info.GetAwaiterMethod is null || info.GetResultMethod is null) return false;
                var awaiter = info.GetAwaiterMethod.ReturnType;
                if (ContainsMethodTypeParameter(awaiter)) return false;
                var isCritical = awaiter.AllInterfaces.Any(i => i.ToDisplayString() == "System.Runtime.CompilerServices.ICriticalNotifyCompletion");
                var result = info.GetResultMethod.ReturnsVoid ? null : info.GetResultMethod.ReturnType.ToDisplayString(MarkedMethods.MethodShellParser.TypeFormat);
                split.Custom = new CustomAwaiter(split.WrapperName, awaiter.ToDisplayString(MarkedMethods.MethodShellParser.TypeFormat), result, isCritical);
                split.AwaitableTypeName = split.WrapperName;
            }

            var frames = split.Statement is null ? new List<ContinuationFrame>() : FrameCollector.Collect(split.Statement, body, lowering);
            if (frames is null) return false;

            // An await in a loop's condition resumes inside that loop: the rest of the iteration it tested, then the loop again.
            if (split.AwaitingLoop is { } loop) frames.Insert(0, new ContinuationFrame(FrameKind.Loop, loop, new List<StatementSyntax>(), isMethodBody: false));

            // A returned await needs nothing around it, unless a catch, a finally or a disposal still runs after it.
            if (split.Form == SplitForm.Return && !frames.Any(f => f.IsProtected || f.Kind == FrameKind.Try)) frames.Clear();
            var jumps = FrameReachability.Decide(split, frames, model);
            if (!LiveState.Find(split, frames, model)) return false;
            new ContinuationRenderer(split, frames, jumps, model).Render(AwaitStatement(split));
            return true;
        }

        private static bool ContainsMethodTypeParameter(ITypeSymbol type) => type switch
        {
            ITypeParameterSymbol parameter => parameter.TypeParameterKind == TypeParameterKind.Method,
            INamedTypeSymbol named => named.TypeArguments.Any(ContainsMethodTypeParameter),
            IArrayTypeSymbol array => ContainsMethodTypeParameter(array.ElementType),
            _ => false,
        };

        private static bool IsFrameworkAwaitable(ITypeSymbol type)
            => KnownTypes.ClassifyTaskType(type) is not null || KnownTypes.IsConfiguredAwaitable(type)
               || type is INamedTypeSymbol { Name: "YieldAwaitable", ContainingNamespace: { Name: "CompilerServices" } };

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
