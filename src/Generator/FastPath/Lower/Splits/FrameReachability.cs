using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Prewired.Generator.Awaits;
using Prewired.Generator.Marks;

namespace Prewired.Generator.FastPath
{
    /// <summary>
    /// Decides which parts of each frame run after the await (code no path reaches would be a warning in the
    /// continuation), and which break and continue statements leave the part being resumed: they become gotos to labels
    /// just after it (a switch or loop's break) or before the rest of the loop (a continue).
    /// </summary>
    internal static class FrameReachability
    {
        /// <summary>Returns the jumps to rewrite: break or continue statement to the label it goes to.</summary>
        public static Dictionary<SyntaxNode, string> Decide(SplitPoint split, List<ContinuationFrame> frames, SemanticModel model)
        {
            var targets = new Dictionary<SyntaxNode, ContinuationFrame>();
            foreach (var frame in frames)
            {
                if (frame.Switch is { } switchStatement) targets[switchStatement] = frame;
                else if (frame.Kind is FrameKind.Loop or FrameKind.ForEach) targets[frame.Container] = frame;
            }

            var jumps = new Dictionary<SyntaxNode, (ContinuationFrame Frame, bool IsContinue)>();
            void Collect(IEnumerable<SyntaxNode> regions)
            {
                foreach (var node in regions.SelectMany(r => r.DescendantNodesAndSelf(n => !AwaitSites.IsNestedFunction(n))))
                {
                    if (node is BreakStatementSyntax && Target(node, continues: false) is { } breakTarget && targets.TryGetValue(breakTarget, out var broken)) jumps[node] = (broken, false);
                    if (node is ContinueStatementSyntax && Target(node, continues: true) is { } continueTarget && targets.TryGetValue(continueTarget, out var continued)) jumps[node] = (continued, true);
                }
            }

            var reachable = split.Form != SplitForm.Return;
            if (split.Form == SplitForm.Spill)
            {
                // The spilled await's statement runs first in the continuation.
                Collect(new[] { split.Statement! });
                reachable = RegionFlow.ControlFlow(model, split.Statement!)?.EndPointIsReachable ?? false;

                // In a loop's condition: what runs next is the body of the iteration it tested.
                if (split.AwaitingLoop is { } loop) reachable = RegionFlow.ControlFlow(model, FrameCollector.LoopBody(loop))?.EndPointIsReachable ?? false;
            }

            var labelCount = 0;
            string Label(string what) => $"__resume{split.Index}_{what}{labelCount++}";
            foreach (var frame in frames)
            {
                switch (frame.Kind)
                {
                    case FrameKind.Block:
                    case FrameKind.SwitchSection:
                        frame.RestReached = reachable;
                        if (reachable && frame.Rest.Count > 0)
                        {
                            Collect(frame.Rest);
                            reachable = RegionFlow.ControlFlow(model, frame.Rest[0], frame.Rest[frame.Rest.Count - 1])?.EndPointIsReachable ?? false;
                        }

                        if (frame.Switch is not null)
                        {
                            // The end of a switch section is never reachable; control leaves it only by a break (or return/throw).
                            var leftByBreak = jumps.Values.Any(j => j.Frame == frame);
                            if (leftByBreak) frame.BreakLabel = Label("afterSwitch");
                            reachable = leftByBreak;
                        }

                        break;
                    case FrameKind.Loop:
                    case FrameKind.ForEach:
                        var continued = jumps.Values.Any(j => j.Frame == frame && j.IsContinue);
                        frame.TailReached = reachable || continued;
                        if (continued) frame.ContinueLabel = Label("continue");
                        // A condition the continuation tests leaves the loop when it is false.
                        var broken = frame.Container == split.AwaitingLoop || jumps.Values.Any(j => j.Frame == frame && !j.IsContinue);
                        if (broken) frame.BreakLabel = Label("break");
                        reachable = broken || (frame.TailReached && LoopEndReachable(frame, model));
                        break;
                    case FrameKind.Finally:
                        // After the rest of the finally: the rethrow or the recorded return, or on after the statement.
                        frame.TailReached = reachable;
                        reachable = reachable && frame.Finally!.EndReachable;
                        break;
                    case FrameKind.Catch:
                        // After the rest of the catch block: the try statement's finally, then what follows the statement.
                        var owner = (TryStatementSyntax)frame.Container.Parent!;
                        reachable = reachable && (owner.Finally is null || (RegionFlow.ControlFlow(model, owner.Finally.Block)?.EndPointIsReachable ?? true));
                        break;
                    case FrameKind.Try:
                        var tryStatement = (TryStatementSyntax)frame.Container;
                        Collect(tryStatement.Catches);
                        var catchEnds = tryStatement.Catches.Any(c => RegionFlow.ControlFlow(model, c.Block)?.EndPointIsReachable ?? true);
                        var finallyEnds = tryStatement.Finally is null || (RegionFlow.ControlFlow(model, tryStatement.Finally.Block)?.EndPointIsReachable ?? true);
                        reachable = (reachable || catchEnds) && finallyEnds;
                        break;
                }
            }

            return jumps.ToDictionary(j => j.Key, j => j.Value.IsContinue ? j.Value.Frame.ContinueLabel! : j.Value.Frame.BreakLabel!);
        }

        /// <summary>Whether the loop exits normally once it runs on from the next iteration, as the original loop does.</summary>
        private static bool LoopEndReachable(ContinuationFrame frame, SemanticModel model)
        {
            if (frame.Kind == FrameKind.ForEach || IsConstantFalseDo(frame.Container, model)) return true;
            return RegionFlow.ControlFlow(model, (StatementSyntax)frame.Container)?.EndPointIsReachable ?? true;
        }

        /// <summary><c>do { } while (false)</c>: there is no next iteration, so the rest of the loop is nothing.</summary>
        public static bool IsConstantFalseDo(SyntaxNode loop, SemanticModel model)
            => loop is DoStatementSyntax doStatement && model.GetConstantValue(doStatement.Condition) is { HasValue: true, Value: false };

        /// <summary>The statement a break (a loop or switch) or a continue (a loop) leaves: the nearest enclosing one.</summary>
        private static SyntaxNode? Target(SyntaxNode jump, bool continues)
            => jump.Ancestors().TakeWhile(a => !AwaitSites.IsNestedFunction(a))
                .FirstOrDefault(a => a is ForStatementSyntax or CommonForEachStatementSyntax or WhileStatementSyntax or DoStatementSyntax
                                     || (!continues && a is SwitchStatementSyntax));
    }
}
