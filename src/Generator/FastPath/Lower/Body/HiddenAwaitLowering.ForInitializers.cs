using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Prewired.Generator.Marks;

namespace Prewired.Generator.FastPath
{
    /// <summary>
    /// A <c>for</c> loop whose initializer awaits: <c>{ T a = e1; T b = e2; s1; s2; for (; condition; incrementors) body }</c>.
    /// That is what C# runs: the declarators and the initializer expressions once, in order, before the first test, and
    /// their variables scoped to the loop (here to the block around it, which holds nothing else). The declarations and
    /// expressions are then ordinary statements, whose awaits split or spill like any other.
    /// </summary>
    internal sealed partial class HiddenAwaitLowering
    {
        public override SyntaxNode? VisitForStatement(ForStatementSyntax node)
        {
            // A ref local (for (ref var r = ref ...)) cannot live across an await anyway: its reason stands.
            if (_nested > 0 || _forcedReason is not null || !InitializerAwaits(node) || node.Declaration?.Type is RefTypeSyntax) return base.VisitForStatement(node);

            var template = new LoweringTemplate(Column(node));
            if (node.Declaration is { } declaration)
            {
                // One declaration per declarator (int i = 0, j = await x: two statements), so each splits on its own.
                foreach (var variable in declaration.Variables)
                {
                    var head = $"{declaration.Type.WithoutTrivia()} {variable.Identifier.Text}";
                    var line = variable.Initializer is { } initializer ? $"{head} = {template.Expression(initializer.Value, Visit(initializer.Value)!, 1)};" : head + ";";
                    template.Line(1, line, SourcePositions.SpanOf(variable.GetFirstToken(), variable.GetLastToken()));
                }
            }

            foreach (var initializer in node.Initializers)
            {
                // A statement of its own (a slot on a line of its own would stand for a statement).
                template.Statement(initializer, SyntaxFactory.ExpressionStatement((ExpressionSyntax)Visit(initializer)!), 1);
            }

            var loop = node.WithDeclaration(null).WithInitializers(default)
                .WithCondition((ExpressionSyntax?)Visit(node.Condition))
                .WithIncrementors(VisitList(node.Incrementors))
                .WithStatement((StatementSyntax)Visit(node.Statement)!);
            template.Statement(node, loop.WithoutLeadingTrivia(), 1);
            _loweredAny = true;
            return template.Build(LoweredBody.Origin(node.ForKeyword.Span)).WithTriviaFrom(node);
        }

        /// <summary>Whether a declarator or an initializer expression of <paramref name="loop"/> awaits.</summary>
        private static bool InitializerAwaits(ForStatementSyntax loop)
            => loop.Declaration?.Variables.Any(v => v.Initializer is { } initializer && HoldsAwait(initializer)) == true || loop.Initializers.Any(HoldsAwait);
    }
}
