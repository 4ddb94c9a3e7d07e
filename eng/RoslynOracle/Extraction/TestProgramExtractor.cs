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
                var test = method.Identifier.ValueText;
                foreach (var call in method.DescendantNodes().OfType<InvocationExpressionSyntax>().Where(IsCompileAndVerify))
                {
                    // A [Theory] whose program is built from its parameters: one program for each [InlineData] or
                    // [CombinatorialValues] value; any other test, or a program that does not depend on them, once.
                    var (source, why, context) = SourceOf(call, new ConstantStrings.Context(root));
                    var contexts = new List<ConstantStrings.Context>();
                    if (source is not null) contexts.Add(context);
                    else foreach (var bindings in TheoryBindings(method)) if (SourceOf(call, new ConstantStrings.Context(root, bindings)) is { Source: not null } bound) contexts.Add(bound.Context);
                    if (contexts.Count == 0)
                    {
                        skipped.Add(new SkippedCall(fileName, test, why!));
                        continue;
                    }

                    foreach (var variant in contexts)
                    {
                        var (program, _, notes) = SourceOf(call, variant);
                        if (!program!.Contains("Main("))
                        {
                            skipped.Add(new SkippedCall(fileName, test, "a library, not a program (no Main)"));
                            continue;
                        }

                        var expected = ExpectedOutputOf(call, notes, out var expectedWhy);
                        if (expected is null)
                        {
                            skipped.Add(new SkippedCall(fileName, test, expectedWhy));
                            continue;
                        }

                        programs.Add(new TestProgram(fileName, test, ordinal++, program, expected) { Notes = notes.Notes.ToList() });
                    }
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

        private static (string? Source, string? Why, ConstantStrings.Context Context) SourceOf(InvocationExpressionSyntax call, ConstantStrings.Context context)
        {
            if (call.ArgumentList.Arguments.FirstOrDefault() is not { NameColon: null } first) return (null, "no positional source argument", context);
            var expression = first.Expression;
            for (var hops = 0; hops < 6; hops++)
            {
                switch (expression)
                {
                    case InvocationExpressionSyntax { Expression: MemberAccessExpressionSyntax { Name.Identifier.ValueText: var with } access } when with.StartsWith("With"):
                        expression = access.Expression; // c.WithOptions(...): the compilation c
                        continue;
                    case InvocationExpressionSyntax { Expression: MemberAccessExpressionSyntax { Name.Identifier.ValueText: "VerifyDiagnostics" or "VerifyEmitDiagnostics" } verified }:
                        expression = verified.Expression; // CreateCompilation(...).VerifyDiagnostics(...) returns the compilation
                        continue;
                    case InvocationExpressionSyntax creation when creation.Expression.ToString().Contains("CreateCompilation") || creation.Expression.ToString().Contains("CreateStandardCompilation"):
                        if (creation.ArgumentList.Arguments.FirstOrDefault()?.Expression is not { } inner) return (null, "a compilation without a source", context);
                        expression = inner;
                        continue;
                    case IdentifierNameSyntax name when ConstantStrings.Initializer(name.Identifier.ValueText, name, context.Root) is { } initializer
                                                       && !context.Bindings.ContainsKey(name.Identifier.ValueText)
                                                       && ConstantStrings.Evaluate(name, new ConstantStrings.Context(context.Root, context.Bindings)) is null:
                        expression = initializer;
                        continue;
                    case ArrayCreationExpressionSyntax or ImplicitArrayCreationExpressionSyntax or CollectionExpressionSyntax:
                        // new[] { source, s_IAsyncEnumerable }: Roslyn's helper sources that declare what .NET 10 has are
                        // left out; a program of one source then remains.
                        var elements = expression.DescendantNodes(n => n == expression || n is InitializerExpressionSyntax)
                            .OfType<ExpressionSyntax>().Where(e => e.Parent is InitializerExpressionSyntax || e.Parent is ExpressionElementSyntax).ToList();
                        var own = elements.Where(e => !ConstantStrings.IsBclHelper(e)).ToList();
                        if (own.Count != 1) return (null, "several source files", context);
                        foreach (var helper in elements.Where(ConstantStrings.IsBclHelper)) context.Notes.Add(ConstantStrings.HelperNote(helper));
                        expression = own[0];
                        continue;
                }

                break;
            }

            var source = ConstantStrings.Evaluate(expression, context);
            return source is null ? (null, "its source is not a constant string (built at run time or from a helper)", context) : (source, null, context);
        }

        /// <summary>
        /// The parameter values of each run of a [Theory]: one set for each [InlineData(...)], or every combination of the
        /// [CombinatorialValues(...)] of its parameters. The values' text: a string's value, any other argument as written.
        /// </summary>
        private static IEnumerable<IReadOnlyDictionary<string, string>> TheoryBindings(MethodDeclarationSyntax method)
        {
            var parameters = method.ParameterList.Parameters;
            if (parameters.Count == 0) yield break;
            foreach (var inline in method.AttributeLists.SelectMany(l => l.Attributes).Where(a => a.Name.ToString() == "InlineData"))
            {
                var arguments = inline.ArgumentList?.Arguments ?? default;
                if (arguments.Count != parameters.Count) continue;
                yield return parameters.Select((p, i) => (p.Identifier.ValueText, Text(arguments[i].Expression))).ToDictionary(b => b.Item1, b => b.Item2);
            }

            var combinations = new List<Dictionary<string, string>> { new() };
            foreach (var parameter in parameters)
            {
                var values = parameter.AttributeLists.SelectMany(l => l.Attributes).FirstOrDefault(a => a.Name.ToString() == "CombinatorialValues")?.ArgumentList?.Arguments;
                if (values is null) yield break;
                combinations = combinations.SelectMany(c => values.Value.Select(v => new Dictionary<string, string>(c) { [parameter.Identifier.ValueText] = Text(v.Expression) })).ToList();
            }

            foreach (var combination in combinations) yield return combination;

            static string Text(ExpressionSyntax value) => value is LiteralExpressionSyntax { RawKind: (int)SyntaxKind.StringLiteralExpression } literal ? literal.Token.ValueText : value.ToString();
        }

        private static string? ExpectedOutputOf(InvocationExpressionSyntax call, ConstantStrings.Context context, out string why)
        {
            why = "no expected output";
            var arguments = call.ArgumentList.Arguments;
            var named = arguments.FirstOrDefault(a => a.NameColon?.Name.Identifier.ValueText == "expectedOutput");
            var candidate = named ?? (arguments.Count > 1 && arguments[1].NameColon is null ? arguments[1] : null);
            if (candidate is null) return null;
            if (candidate.Expression is LiteralExpressionSyntax { RawKind: (int)SyntaxKind.NullLiteralExpression }) return null;
            var value = ConstantStrings.Evaluate(candidate.Expression, context);
            if (value is null) why = "its expected output is not a constant string";
            return value;
        }
    }
}
