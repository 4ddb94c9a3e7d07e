using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace Prewired.RoslynOracle.Extraction
{
    /// <summary>
    /// Finds the programs of a Roslyn test file: every <c>CompileAndVerify*(...)</c> call whose source (its first argument,
    /// directly, through a local, or through a <c>CreateCompilation*(source)</c> the argument names) is one constant string
    /// with an entry point, and whose expected output is the <c>expectedOutput:</c> argument or the second positional
    /// string argument. Calls that are not such a program are returned as skipped, with the reason.
    /// </summary>
    internal static class TestProgramExtractor
    {
        public static (List<TestProgram> Programs, List<SkippedCall> Skipped) Extract(string fileName, string text)
        {
            var programs = new List<TestProgram>();
            var skipped = new List<SkippedCall>();
            var root = CSharpSyntaxTree.ParseText(text).GetRoot();
            foreach (var method in root.DescendantNodes().OfType<MethodDeclarationSyntax>())
            {
                if (!method.AttributeLists.SelectMany(l => l.Attributes).Any(a => a.Name.ToString().Contains("Fact") || a.Name.ToString().Contains("Theory"))) continue;
                var ordinal = 0;
                foreach (var call in method.DescendantNodes().OfType<InvocationExpressionSyntax>().Where(IsCompileAndVerify))
                {
                    var test = method.Identifier.ValueText;
                    var (source, why) = SourceOf(call, root);
                    if (source is null)
                    {
                        skipped.Add(new SkippedCall(fileName, test, why!));
                        continue;
                    }

                    if (!source.Contains("Main("))
                    {
                        skipped.Add(new SkippedCall(fileName, test, "a library, not a program (no Main)"));
                        continue;
                    }

                    var expected = ExpectedOutputOf(call, root, out var expectedWhy);
                    if (expected is null)
                    {
                        skipped.Add(new SkippedCall(fileName, test, expectedWhy));
                        continue;
                    }

                    programs.Add(new TestProgram(fileName, test, ordinal++, source, expected));
                }
            }

            return (programs, skipped);
        }

        private static bool IsCompileAndVerify(InvocationExpressionSyntax call) => call.Expression switch
        {
            IdentifierNameSyntax name => name.Identifier.ValueText.StartsWith("CompileAndVerify"),
            MemberAccessExpressionSyntax { Name: var name } => name.Identifier.ValueText.StartsWith("CompileAndVerify"),
            _ => false,
        };

        private static (string? Source, string? Why) SourceOf(InvocationExpressionSyntax call, SyntaxNode root)
        {
            if (call.ArgumentList.Arguments.FirstOrDefault() is not { NameColon: null } first) return (null, "no positional source argument");
            var expression = first.Expression;
            for (var hops = 0; hops < 6; hops++)
            {
                switch (expression)
                {
                    case InvocationExpressionSyntax { Expression: MemberAccessExpressionSyntax { Name.Identifier.ValueText: var with } access } when with.StartsWith("With"):
                        expression = access.Expression; // c.WithOptions(...): the compilation c
                        continue;
                    case InvocationExpressionSyntax creation when creation.Expression.ToString().Contains("CreateCompilation") || creation.Expression.ToString().Contains("CreateStandardCompilation"):
                        if (creation.ArgumentList.Arguments.FirstOrDefault()?.Expression is not { } inner) return (null, "a compilation without a source");
                        expression = inner;
                        continue;
                    case IdentifierNameSyntax name when ConstantStrings.Initializer(name.Identifier.ValueText, name, root) is { } initializer
                                                       && ConstantStrings.Evaluate(name, root) is null:
                        expression = initializer;
                        continue;
                    case ArrayCreationExpressionSyntax or ImplicitArrayCreationExpressionSyntax or CollectionExpressionSyntax:
                        return (null, "several source files");
                }

                break;
            }

            var source = ConstantStrings.Evaluate(expression, root);
            return source is null ? (null, "its source is not a constant string (built at run time or from a helper)") : (source, null);
        }

        private static string? ExpectedOutputOf(InvocationExpressionSyntax call, SyntaxNode root, out string why)
        {
            why = "no expected output";
            var arguments = call.ArgumentList.Arguments;
            var named = arguments.FirstOrDefault(a => a.NameColon?.Name.Identifier.ValueText == "expectedOutput");
            var candidate = named ?? (arguments.Count > 1 && arguments[1].NameColon is null ? arguments[1] : null);
            if (candidate is null) return null;
            if (candidate.Expression is LiteralExpressionSyntax { RawKind: (int)SyntaxKind.NullLiteralExpression }) return null;
            var value = ConstantStrings.Evaluate(candidate.Expression, root);
            if (value is null) why = "its expected output is not a constant string";
            return value;
        }
    }
}
