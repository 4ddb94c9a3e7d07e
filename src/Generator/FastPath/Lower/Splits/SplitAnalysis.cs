using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Prewired.Generator.Marks;
using Prewired.Generator.TailAwait;

namespace Prewired.Generator.FastPath
{
    /// <summary>
    /// What one split await's continuation needs: the awaitable's type (and, for a custom awaitable, the awaiter wrapper),
    /// the frames the async method would still run around it (<see cref="FrameCollector"/>), how each jump out of them
    /// leaves (<see cref="FrameReachability"/>) and exactly the live state (<see cref="LiveState"/>). Both emitters read it;
    /// nothing here writes code.
    /// </summary>
    internal static class SplitAnalysis
    {
        /// <summary>False when the await cannot be handed to a continuation (an unexpected statement shape, or live state
        /// that an async method cannot take as a parameter); the caller then forwards.</summary>
        public static bool TryAnalyze(SplitPoint split, SyntaxNode body, SemanticModel model, Lowering lowering)
        {
            var awaitableType = model.GetTypeInfo(split.Await.Expression).Type;
            // The pending awaitable travels as a parameter of the continuation: the rule the analyzers apply too.
            if (awaitableType is null || awaitableType.TypeKind == TypeKind.Error || AwaitableHandOff.Blocker(split.Await, model) is not null) return false;
            split.AwaitableTypeName = awaitableType.ToDisplayString(MarkedMethods.MethodShellParser.TypeFormat);
            split.TaskKind = KnownTypes.ClassifyTaskType(awaitableType);
            if (AwaitableHandOff.IsFrameworkAwaitable(awaitableType) && model.GetAwaitExpressionInfo(split.Await).GetAwaiterMethod?.ReturnType is { } frameworkAwaiter
                && LoweringShapes.IsNameable(frameworkAwaiter))
            {
                split.AwaiterTypeName = frameworkAwaiter.ToDisplayString(MarkedMethods.MethodShellParser.TypeFormat);
            }

            if (!AwaitableHandOff.IsFrameworkAwaitable(awaitableType))
            {
                var info = model.GetAwaitExpressionInfo(split.Await);
                if (info.IsDynamic || info.GetAwaiterMethod is null || info.GetResultMethod is null) return false;
                var awaiter = info.GetAwaiterMethod.ReturnType;
                var isCritical = awaiter.AllInterfaces.Any(i => i.ToDisplayString() == "System.Runtime.CompilerServices.ICriticalNotifyCompletion");
                var result = info.GetResultMethod.ReturnsVoid ? null : info.GetResultMethod.ReturnType.ToDisplayString(MarkedMethods.MethodShellParser.TypeFormat);
                split.Custom = new CustomAwaiter(awaiter.ToDisplayString(MarkedMethods.MethodShellParser.TypeFormat), result, isCritical);
                // The state machine keeps the awaiter the synchronous path asked in its field, as the compiler's does.
                if (LoweringShapes.IsNameable(awaiter)) split.AwaiterTypeName = split.Custom.AwaiterType;
            }

            var frames = split.Statement is null ? new List<ContinuationFrame>() : FrameCollector.Collect(split.Statement, body, lowering);
            if (frames is null) return false;

            // An await in a loop's condition resumes inside that loop: the rest of the iteration it tested, then the loop again.
            if (split.AwaitingLoop is { } loop) frames.Insert(0, new ContinuationFrame(FrameKind.Loop, loop, new List<StatementSyntax>(), isMethodBody: false));

            // A returned await needs nothing around it, unless a catch, a finally or a disposal still runs after it: a try
            // block's catches and finally, or the finally of a catch block's try (also when the synchronous path runs that
            // finally after the statement, FinallyWrittenOut: seed 20261201 body 6503).
            if (split.Form == SplitForm.Return && !frames.Any(f => f.IsProtected || f.Kind == FrameKind.Try
                    || (f.Kind == FrameKind.Catch && ((TryStatementSyntax)f.Container.Parent!).Finally is not null))) frames.Clear();
            FrameReachability.Decide(split, frames, model);
            return LiveState.Find(split, frames, model);
        }

    }
}
