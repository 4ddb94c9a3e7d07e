using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Prewired.Generator.Analysis;
using Prewired.Generator.Emit;

namespace Prewired.Generator.FastPath
{
    /// <summary>
    /// Builds the async continuation that resumes at one await: the await itself on the handed-over awaitable, then the
    /// rest of every enclosing statement list, innermost first, each inner part in its own braces so its locals keep
    /// their scope. A switch section's breaks become a goto to just after its part. It also finds exactly the live
    /// state: the variables whose values flow into those statements.
    /// </summary>
    internal static class ContinuationBuilder
    {
        /// <summary>False when the continuation cannot be built (an unexpected statement shape, or live state that an async
        /// method cannot take as a parameter); the caller then forwards.</summary>
        public static bool TryBuild(SplitPoint split, SyntaxNode body, SemanticModel model)
        {
            var awaitableType = model.GetTypeInfo(split.Await.Expression).Type;
            if (awaitableType is null || awaitableType.TypeKind == TypeKind.Error || awaitableType.IsRefLikeType) return false;
            split.AwaitableTypeName = awaitableType.ToDisplayString(Parsing.MethodShellParser.TypeFormat);
            var inner = new CodeLines();
            inner.Line(AwaitStatement(split));
            var segments = new List<IReadOnlyList<StatementSyntax>>();
            var reachable = split.Form != SplitForm.Return;
            SyntaxNode? node = split.Statement;
            var labelCount = 0;
            while (node is not null && node != body && reachable)
            {
                switch (node.Parent)
                {
                    case BlockSyntax block:
                    {
                        var rest = After(block.Statements, node);
                        foreach (var statement in rest) SyntaxPrinter.PrintStatement(statement, inner);
                        segments.Add(rest);
                        if (rest.Count > 0) reachable = model.AnalyzeControlFlow(rest[0], rest[rest.Count - 1])?.EndPointIsReachable ?? false;
                        if (block != body) inner = Braced(inner);
                        node = block;
                        break;
                    }

                    case SwitchSectionSyntax section:
                    {
                        var rest = After(section.Statements, node);
                        var label = $"__resume{split.Index}_afterSwitch{labelCount++}";
                        var breaks = new HashSet<SyntaxNode>(rest.SelectMany(BreaksLeavingSwitch));
                        foreach (var statement in rest)
                        {
                            SyntaxPrinter.PrintStatement(statement, inner, (n, p) =>
                            {
                                if (!breaks.Contains(n)) return false;
                                p.Write($"goto {label};");
                                return true;
                            });
                        }

                        segments.Add(rest);
                        inner = Braced(inner);
                        reachable = breaks.Count > 0;
                        if (reachable) inner.Line(label + ": ;");
                        node = section.Parent;
                        break;
                    }

                    case IfStatementSyntax ifStatement:
                        node = ifStatement;
                        break;
                    case ElseClauseSyntax elseClause:
                        node = elseClause.Parent;
                        break;
                    default:
                        return false;
                }
            }

            split.Continuation.Append(inner);
            return FindLiveState(split, segments, model);
        }

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
                default:
                    return awaited + ";";
            }
        }

        private static bool FindLiveState(SplitPoint split, List<IReadOnlyList<StatementSyntax>> segments, SemanticModel model)
        {
            var assigned = new HashSet<ISymbol>(SymbolEqualityComparer.Default);
            var declared = new HashSet<ISymbol>(SymbolEqualityComparer.Default);
            var referenced = new List<ISymbol>();
            var live = new List<ISymbol>();
            if (split.Form == SplitForm.Assign && model.GetSymbolInfo(((AssignmentExpressionSyntax)((ExpressionStatementSyntax)split.Statement!).Expression).Left).Symbol is ILocalSymbol or IParameterSymbol)
            {
                var target = model.GetSymbolInfo(((AssignmentExpressionSyntax)((ExpressionStatementSyntax)split.Statement!).Expression).Left).Symbol!;
                assigned.Add(target);
                referenced.Add(target);
            }

            if (split.Form == SplitForm.Declare)
            {
                var variable = ((LocalDeclarationStatementSyntax)split.Statement!).Declaration.Variables[0];
                if (model.GetDeclaredSymbol(variable) is { } symbol) declared.Add(symbol);
            }

            foreach (var segment in segments.Where(s => s.Count > 0))
            {
                var flow = model.AnalyzeDataFlow(segment[0], segment[segment.Count - 1]);
                if (flow is null || !flow.Succeeded) return false;
                foreach (var variable in flow.DataFlowsIn)
                {
                    if (!assigned.Contains(variable) && !declared.Contains(variable) && IsMethodVariable(variable) && !live.Contains(variable, SymbolEqualityComparer.Default)) live.Add(variable);
                }

                assigned.UnionWith(flow.AlwaysAssigned);
                declared.UnionWith(flow.VariablesDeclared);
                referenced.AddRange(flow.ReadInside.Concat(flow.WrittenInside));
            }

            foreach (var variable in referenced)
            {
                if (IsMethodVariable(variable) && !declared.Contains(variable) && !live.Contains(variable, SymbolEqualityComparer.Default)
                    && !split.DeclaredInContinuation.Contains(variable, SymbolEqualityComparer.Default))
                {
                    split.DeclaredInContinuation.Add(variable);
                }
            }

            split.LiveIn.AddRange(live.OrderBy(v => v.Locations.FirstOrDefault()?.SourceSpan.Start ?? 0));
            return split.LiveIn.Concat(split.DeclaredInContinuation).All(CanBeParameter);
        }

        private static bool IsMethodVariable(ISymbol symbol) => symbol is ILocalSymbol || symbol is IParameterSymbol { IsThis: false };

        /// <summary>An async method parameter cannot be by-ref, ref-like, or of a type that cannot be named.</summary>
        private static bool CanBeParameter(ISymbol symbol)
        {
            var type = symbol switch { ILocalSymbol l => l.Type, IParameterSymbol p => p.Type, _ => null };
            if (type is null || type.IsAnonymousType || type.IsRefLikeType || type.TypeKind == TypeKind.Error) return false;
            return symbol is not ILocalSymbol { IsRef: true };
        }

        private static IReadOnlyList<StatementSyntax> After(SyntaxList<StatementSyntax> statements, SyntaxNode node)
        {
            var index = statements.IndexOf((StatementSyntax)node);
            return statements.Skip(index + 1).ToList();
        }

        private static IEnumerable<SyntaxNode> BreaksLeavingSwitch(StatementSyntax statement)
            => statement.DescendantNodesAndSelf(n => n == statement || n is not (SwitchStatementSyntax or ForStatementSyntax or CommonForEachStatementSyntax or WhileStatementSyntax or DoStatementSyntax) && !AwaitSites.IsNestedFunction(n))
                .OfType<BreakStatementSyntax>();

        private static CodeLines Braced(CodeLines inner)
        {
            var braced = new CodeLines();
            braced.OpenBrace();
            braced.Append(inner);
            braced.CloseBrace();
            return braced;
        }
    }
}
