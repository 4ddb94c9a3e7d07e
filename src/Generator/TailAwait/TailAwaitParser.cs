using System.Collections.Generic;
using System.Linq;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Prewired.Generator.Awaits;
using Prewired.Generator.ContextGuard;
using Prewired.Generator.Emit;
using Prewired.Generator.FastPath;
using Prewired.Generator.MarkedMethods;
using Prewired.Generator.Marks;
using Prewired.Generator.Model;

namespace Prewired.Generator.TailAwait
{
    /// <summary>
    /// [TailAwait]: the body's statements, each tail await replaced by returning the awaited task through
    /// Prewired.CompilerServices.TailAwait, every other return by the builder's completed task, and the whole wrapped
    /// so a synchronous exception becomes the faulted (or canceled) task the async method would have returned.
    /// </summary>
    internal static class TailAwaitParser
    {
        public static GeneratedMethodModel? Parse(GeneratorAttributeSyntaxContext context, CancellationToken cancellationToken)
        {
            var parsed = MarkedMethodContext.TryCreate(context, MarkKind.TailAwait, cancellationToken, out var stub);
            if (parsed is null) return stub;
            var (marked, validation, body, bodySyntax, bodyNode, bodyModel, shell) =
                (parsed.Marked, parsed.Validation, parsed.Body, parsed.BodySyntax, parsed.BodyNode, parsed.Model, parsed.Shell);
            var lines = new CodeLines();
            var sites = parsed.BodyHasErrors(cancellationToken)
                ? null
                : TailAwaitClassifier.Classify(bodySyntax, bodyModel, validation.ReturnKind);
            if (sites is null)
            {
                BodyPreamble.WriteForwarding(lines, marked, body, $"Forwarding to '{body.Name}': {MarkedMethodContext.DoesNotCompileReason}");
            }
            else if (sites.FirstOrDefault(s => s.NonTailReason is not null) is { } nonTail)
            {
                BodyPreamble.WriteForwarding(lines, marked, body, $"Forwarding to '{body.Name}': '{nonTail.Site.Display}' is not a tail await (PW0101).");
            }
            else
            {
                var guard = AssumedContextGuard.Decide(context.Attributes[0], MarkKind.TailAwait, bodyNode, bodyModel, cancellationToken);

                // A return inside try/finally, using or foreach runs the body's own code (finally, Dispose) after its value
                // is computed: there the guard restores in a finally of its own, after that code, as the builder does.
                var restoreAtExit = guard.Needed && ReturnRunsCodeAfterIt(bodyNode);
                var forms = new AsyncReturnForms(validation.ReturnKind, marked.ReturnType, guard.Needed && !restoreAtExit);
                BodyPreamble.Write(lines, guard, marked, body);
                if (restoreAtExit)
                {
                    lines.Line("try");
                    lines.OpenBrace();
                }

                WriteBody(lines, bodySyntax, bodyModel, sites, forms, ThrowAnalysis.CannotThrow(bodyNode, bodyModel, cancellationToken));
                if (restoreAtExit)
                {
                    lines.CloseBrace();
                    lines.Line("finally");
                    lines.OpenBrace();
                    lines.Line("__guard.Return(0); // restores the contexts after the body's own finally blocks and Dispose calls ran");
                    lines.CloseBrace();
                }
            }

            var members = new MemberWriter(shell.MemberIndent);
            var pragmas = PragmaWarningsInEffect.Of(parsed.BodyNode);
            members.DisableWarnings(pragmas);
            members.Method(null, shell.Signature, lines, suppressedWarning: MemberWriter.PartialSignatureWarning(shell));
            members.RestoreWarnings(pragmas);
            return new GeneratedMethodModel(MarkKind.TailAwait, shell, members.ToString());
        }

        private static void WriteBody(CodeLines lines, MethodDeclarationSyntax method, SemanticModel model, List<TailAwaitSite> sites, AsyncReturnForms forms, bool cannotThrow)
        {
            var replaced = sites.ToDictionary(s => s.Replaced!, s => s);
            var absorbed = new HashSet<SyntaxNode>(sites.Where(s => s.Absorbed is not null).Select(s => (SyntaxNode)s.Absorbed!));
            var tailStatements = new HashSet<SyntaxNode>(sites.Select(s => s.Replaced!));
            if (method.Body is { } block) AbsorbUnreachableJumps(block, tailStatements, absorbed, model);

            bool Replace(SyntaxNode node, SyntaxPrinter printer)
            {
                if (AwaitSites.IsNestedFunction(node))
                {
                    printer.Unchanged(node);
                    return true;
                }

                if (replaced.TryGetValue(node, out var site))
                {
                    printer.Write("return " + (forms.Guarded ? "__guard.Return(" : string.Empty) + "global::Prewired.CompilerServices.TailAwait." + site.Helper
                                  + (site.DiffersInNullability ? "<" + forms.ResultTypeName + ">" : string.Empty) + "(");
                    if (site.DiffersInNullability) printer.Write("(");
                    printer.Node(site.Task!);
                    if (site.DiffersInNullability) printer.Write(")!");
                    printer.Write(forms.Guarded ? "));" : ");");
                    return true;
                }

                if (absorbed.Contains(node)) return true;
                return ReturnRewriter.TryRewrite(node, printer, forms);
            }

            if (cannotThrow)
            {
                lines.Comment("No exception handler: nothing in the synchronous part can throw (only async or Prewired-generated methods called on this, reads and literals).");
            }
            else
            {
                lines.Line("try");
                lines.OpenBrace();
            }

            if (method.ExpressionBody is { } arrow)
            {
                if (replaced.ContainsKey(arrow))
                {
                    lines.MappedLine(SyntaxPrinter.PrintExpression(arrow, Replace), arrow.Expression);
                }
                else
                {
                    ReturnRewriter.WriteArrowBody(lines, arrow, forms, Replace);
                }
            }
            else
            {
                foreach (var statement in method.Body!.Statements)
                {
                    SyntaxPrinter.PrintStatement(statement, lines, Replace);
                }

                if (forms.Kind is ReturnKind.Task or ReturnKind.ValueTask && Completion.CompletesNormally(method.Body!, tailStatements, absorbed, model))
                {
                    lines.Line(forms.CompletedReturn);
                }
            }

            if (cannotThrow) return;
            lines.CloseBrace();
            lines.Line(ExceptionCapture.Clause);
            lines.OpenBrace();
            lines.Line(forms.FaultedReturn(ExceptionCapture.Variable));
            lines.CloseBrace();
        }

        /// <summary>A return statement inside a construct that runs code after the returned value is computed.</summary>
        private static bool ReturnRunsCodeAfterIt(SyntaxNode body)
            => body.DescendantNodes(n => !AwaitSites.IsNestedFunction(n)).OfType<ReturnStatementSyntax>()
                .Any(r => EnclosingConstructs.Find(r, body, returnExitsLoops: true).Kind != EnclosingKind.None);

        /// <summary>
        /// A <c>return;</c> or <c>break;</c> after a statement whose every path now ends in a tail call (an if/else or a
        /// switch with a final await in each branch) would be unreachable code in the generated method (CS0162): it is
        /// left out, like the one right after a final await. Innermost statement lists first, so an outer statement's
        /// completion sees the breaks already left out inside it.
        /// </summary>
        private static void AbsorbUnreachableJumps(BlockSyntax body, HashSet<SyntaxNode> tailStatements, HashSet<SyntaxNode> absorbed, SemanticModel model)
        {
            foreach (var node in body.DescendantNodesAndSelf(n => !AwaitSites.IsNestedFunction(n)).Reverse())
            {
                var statements = node switch
                {
                    BlockSyntax block => block.Statements,
                    SwitchSectionSyntax section => section.Statements,
                    _ => default,
                };
                StatementSyntax? previous = null;
                foreach (var statement in statements)
                {
                    if (absorbed.Contains(statement)) continue;
                    if (previous is not null
                        && statement is ReturnStatementSyntax { Expression: null } or BreakStatementSyntax
                        && previous.DescendantNodesAndSelf().Any(tailStatements.Contains)
                        && !Completion.CompletesNormally(previous, tailStatements, absorbed, model))
                    {
                        absorbed.Add(statement);
                        continue;
                    }

                    previous = statement;
                }
            }
        }
    }
}
