using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace Prewired.RoslynOracle.Extraction
{
    /// <summary>
    /// Evaluates the string a test passes as a program or an expected output, from syntax alone (the test files do not bind
    /// without Roslyn's test framework): literals of every kind, '+' of such strings, names of locals or const fields
    /// initialized with one, <c>s.Replace("a", "b")</c> of such strings, interpolations whose holes name a parameter of a
    /// [Theory] bound to an [InlineData] or [CombinatorialValues] value, and the CoreCLR branch of
    /// <c>ExecutionConditionUtil.IsMonoOrCoreClr ? x : y</c> (the programs run on .NET 10). A name of one of Roslyn's test
    /// helper sources that declares types .NET 10 already has (<see cref="BclHelperSources"/>) evaluates to nothing, and is
    /// noted. Null for anything else (an interpolation with other holes, another call): that program is skipped, saying so.
    /// </summary>
    internal static class ConstantStrings
    {
        /// <summary>
        /// Roslyn's shared test sources that declare, for target frameworks without them, types .NET 10 has:
        /// IAsyncEnumerable&lt;T&gt;, IAsyncEnumerator&lt;T&gt;, IAsyncDisposable, the async-iterator builder types, Index and
        /// Range. On .NET 10 they would be duplicates of the BCL's (CS0436 at best), so they are left out of the program.
        /// </summary>
        public static readonly IReadOnlyCollection<string> BclHelperSources = new HashSet<string>
        {
            "s_IAsyncEnumerable", "AsyncStreamsTypes", "TestSources.Index", "TestSources.Range", "s_asyncStreamsTypes",
            "IAsyncDisposableDefinition", "s_IAsyncDisposable", "CommonAsyncStreamsTypes",
        };

        /// <summary>What the evaluation of one string needs besides its syntax.</summary>
        public sealed class Context
        {
            public Context(SyntaxNode root, IReadOnlyDictionary<string, string>? bindings = null)
            {
                Root = root;
                Bindings = bindings ?? new Dictionary<string, string>();
            }

            public SyntaxNode Root { get; }

            /// <summary>The [Theory] parameters bound for this run of the test, as their values' text.</summary>
            public IReadOnlyDictionary<string, string> Bindings { get; }

            /// <summary>How the evaluated text differs from what the test compiles (a helper source left out, a branch taken).</summary>
            public SortedSet<string> Notes { get; } = new();
        }

        public static string? Evaluate(ExpressionSyntax expression, SyntaxNode scope, int depth = 0)
            => Evaluate(expression, new Context(scope), depth);

        public static string? Evaluate(ExpressionSyntax expression, Context context, int depth = 0)
        {
            if (depth > 8) return null;
            switch (expression)
            {
                case LiteralExpressionSyntax { RawKind: (int)SyntaxKind.StringLiteralExpression } literal:
                    return literal.Token.ValueText;
                case InterpolatedStringExpressionSyntax interpolated:
                    var parts = new List<string>();
                    foreach (var content in interpolated.Contents)
                    {
                        switch (content)
                        {
                            case InterpolatedStringTextSyntax text:
                                parts.Add(text.TextToken.ValueText);
                                break;
                            case InterpolationSyntax { Expression: IdentifierNameSyntax hole, AlignmentClause: null, FormatClause: null }
                                when context.Bindings.TryGetValue(hole.Identifier.ValueText, out var bound):
                                parts.Add(bound);
                                break;
                            default:
                                return null;
                        }
                    }

                    return string.Concat(parts);
                case ParenthesizedExpressionSyntax parenthesized:
                    return Evaluate(parenthesized.Expression, context, depth + 1);
                case BinaryExpressionSyntax { RawKind: (int)SyntaxKind.AddExpression } add:
                    if (IsBclHelper(add.Right))
                    {
                        context.Notes.Add(HelperNote(add.Right));
                        return Evaluate(add.Left, context, depth + 1);
                    }

                    var left = Evaluate(add.Left, context, depth + 1);
                    var right = left is null ? null : Evaluate(add.Right, context, depth + 1);
                    return right is null ? null : left + right;
                case IdentifierNameSyntax name when context.Bindings.TryGetValue(name.Identifier.ValueText, out var value):
                    return value;
                case IdentifierNameSyntax name:
                    return Initializer(name.Identifier.ValueText, name, context.Root) is { } initializer ? Evaluate(initializer, context, depth + 1) : null;
                case InvocationExpressionSyntax { Expression: MemberAccessExpressionSyntax { Name.Identifier.ValueText: "Replace" } replace, ArgumentList.Arguments: { Count: 2 } arguments }:
                    var target = Evaluate(replace.Expression, context, depth + 1);
                    var oldValue = target is null ? null : Evaluate(arguments[0].Expression, context, depth + 1);
                    var newValue = oldValue is null ? null : Evaluate(arguments[1].Expression, context, depth + 1);
                    return newValue is null || oldValue!.Length == 0 ? null : target!.Replace(oldValue, newValue);
                case ConditionalExpressionSyntax conditional when conditional.Condition.ToString() is "ExecutionConditionUtil.IsMonoOrCoreClr" or "ExecutionConditionUtil.IsCoreClr":
                    context.Notes.Add("the expected output its test gives on CoreCLR (`" + conditional.Condition + " ? … : …`)");
                    return Evaluate(conditional.WhenTrue, context, depth + 1);
                default:
                    return null;
            }
        }

        /// <summary>Whether <paramref name="expression"/> names one of <see cref="BclHelperSources"/>.</summary>
        public static bool IsBclHelper(ExpressionSyntax expression) => BclHelperSources.Contains(expression.ToString());

        public static string HelperNote(ExpressionSyntax helper)
            => $"Roslyn's helper source `{helper}` left out (it declares types .NET 10 has)";

        /// <summary>The initializer of the local (declared before <paramref name="use"/> in its method) or field named <paramref name="name"/>.</summary>
        public static ExpressionSyntax? Initializer(string name, SyntaxNode use, SyntaxNode scope)
        {
            var method = use.Ancestors().OfType<BaseMethodDeclarationSyntax>().FirstOrDefault();
            var local = method?.DescendantNodes().OfType<VariableDeclaratorSyntax>()
                .LastOrDefault(v => v.Identifier.ValueText == name && v.SpanStart < use.SpanStart && v.Initializer is not null);
            if (local is not null) return local.Initializer!.Value;

            // A later assignment 'source = ...' before the use wins over the declaration's value.
            var field = use.Ancestors().OfType<TypeDeclarationSyntax>().LastOrDefault()?.DescendantNodes().OfType<FieldDeclarationSyntax>()
                .SelectMany(f => f.Declaration.Variables).FirstOrDefault(v => v.Identifier.ValueText == name && v.Initializer is not null);
            return field?.Initializer!.Value;
        }

        /// <summary>Every string a collection of expressions evaluates to, or null when one does not.</summary>
        public static List<string>? EvaluateAll(IEnumerable<ExpressionSyntax> expressions, SyntaxNode scope)
        {
            var values = new List<string>();
            foreach (var expression in expressions)
            {
                if (Evaluate(expression, scope) is not { } value) return null;
                values.Add(value);
            }

            return values;
        }
    }
}
