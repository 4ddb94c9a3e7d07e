using System.Text.RegularExpressions;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace Prewired.Analyzers.ConcurrentNext
{
    internal enum NextUseKind
    {
        /// <summary><c>next(ctx)</c>, <c>next.Invoke(ctx)</c>: starts the rest of the pipeline and returns its task.</summary>
        Call,

        /// <summary>A call of a local function that calls next and returns a task: the same as calling next, one level removed.</summary>
        ProxyCall,

        /// <summary><c>next</c> or <c>next.Invoke</c> (or a proxy local function) handed over as a delegate, to be called by someone else.</summary>
        DelegateReference,
    }

    /// <summary>
    /// One place that starts (or hands over the power to start) the rest of the pipeline. A use is identified by its syntax:
    /// the same call seen in the operation tree and in the control flow graph is the same use, and the same call reached
    /// again on a loop's next iteration is too, which is how a call that overlaps itself is found.
    /// </summary>
    internal sealed class NextUse
    {
        private static readonly Regex s_lineBreaks = new(@"\s*(\r\n|\r|\n)\s*", RegexOptions.CultureInvariant);

        public NextUse(IOperation operation, NextUseKind kind, bool freshContext)
        {
            Operation = operation;
            Kind = kind;
            FreshContext = freshContext;

            // In 'next?.Invoke(c)' the invocation's own syntax is '.Invoke(c)'; the message and squiggle take the whole access.
            Shown = operation.Syntax.Parent is ConditionalAccessExpressionSyntax access && access.WhenNotNull == operation.Syntax ? access : operation.Syntax;
            Text = s_lineBreaks.Replace(Shown.ToString(), " ");
        }

        /// <summary>The operation in the method's operation tree (not a control flow graph's copy).</summary>
        public IOperation Operation { get; }

        /// <summary>Identifies the use: the control flow graph's copy of the operation has the same syntax node.</summary>
        public SyntaxNode Syntax => Operation.Syntax;

        /// <summary>What the diagnostic points at and quotes.</summary>
        public SyntaxNode Shown { get; }

        public NextUseKind Kind { get; }

        public bool IsCall => Kind != NextUseKind.DelegateReference;

        /// <summary>
        /// Every context argument is an object created right there (<c>next(new Context())</c>, <c>next(context with { })</c>),
        /// so no other call can be running on the same object: see <see cref="ConcurrencyPolicy"/>.
        /// </summary>
        public bool FreshContext { get; }

        /// <summary>The source text, on one line, for the message.</summary>
        public string Text { get; }

        public Location Location => Shown.GetLocation();

        public int Position => Syntax.SpanStart;

        /// <summary>Whether the argument expressions all create a new object (looked through parentheses and casts).</summary>
        public static bool CreatesFreshObjects(SyntaxNode invocation)
        {
            var arguments = invocation switch
            {
                InvocationExpressionSyntax call => call.ArgumentList.Arguments,
                _ => default,
            };
            if (arguments.Count == 0) return false;
            foreach (var argument in arguments)
            {
                if (!IsFresh(argument.Expression)) return false;
            }

            return true;
        }

        private static bool IsFresh(ExpressionSyntax expression)
        {
            while (true)
            {
                switch (expression)
                {
                    case ParenthesizedExpressionSyntax parenthesized:
                        expression = parenthesized.Expression;
                        continue;
                    case CastExpressionSyntax cast:
                        expression = cast.Expression;
                        continue;
                    case BinaryExpressionSyntax binary when binary.IsKind(SyntaxKind.AsExpression):
                        expression = binary.Left;
                        continue;
                    default:
                        return expression is BaseObjectCreationExpressionSyntax or AnonymousObjectCreationExpressionSyntax or WithExpressionSyntax;
                }
            }
        }
    }
}
