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
    /// their scope. A break that leaves a switch whose section the continuation resumes in becomes a goto to just after
    /// that part. It also finds exactly the live state: the variables whose values flow into those statements.
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
            if (!IsFrameworkAwaitable(awaitableType))
            {
                var info = model.GetAwaitExpressionInfo(split.Await);
                if (info.IsDynamic || info.GetAwaiterMethod is null || info.GetResultMethod is null) return false;
                var awaiter = info.GetAwaiterMethod.ReturnType;
                var isCritical = awaiter.AllInterfaces.Any(i => i.ToDisplayString() == "System.Runtime.CompilerServices.ICriticalNotifyCompletion");
                var result = info.GetResultMethod.ReturnsVoid ? null : info.GetResultMethod.ReturnType.ToDisplayString(Parsing.MethodShellParser.TypeFormat);
                split.Custom = new CustomAwaiter(split.WrapperName, awaiter.ToDisplayString(Parsing.MethodShellParser.TypeFormat), result, isCritical);
                split.AwaitableTypeName = split.WrapperName;
            }

            // A returned await needs nothing around it: the continuation is the await alone.
            var frames = split.Statement is null || split.Form == SplitForm.Return ? new List<ContinuationFrame>() : CollectFrames(split.Statement, body);
            if (frames is null) return false;
            var breaks = DecideReachability(split, frames, model);
            if (!FindLiveState(split, frames, model)) return false;
            Render(split, frames, breaks, model);
            return true;
        }

        private static bool IsFrameworkAwaitable(ITypeSymbol type)
            => KnownTypes.ClassifyTaskType(type) is not null || KnownTypes.IsConfiguredAwaitable(type)
               || type is INamedTypeSymbol { Name: "YieldAwaitable", ContainingNamespace: { Name: "CompilerServices" } };

        private static List<ContinuationFrame>? CollectFrames(StatementSyntax statement, SyntaxNode body)
        {
            var frames = new List<ContinuationFrame>();
            SyntaxNode node = statement;
            while (node != body)
            {
                switch (node.Parent)
                {
                    case BlockSyntax block:
                        frames.Add(new ContinuationFrame(block, After(block.Statements, node), block == body));
                        node = block;
                        break;
                    case SwitchSectionSyntax section:
                        frames.Add(new ContinuationFrame(section, After(section.Statements, node), isMethodBody: false));
                        node = section.Parent!;
                        break;
                    case IfStatementSyntax ifStatement:
                        node = ifStatement;
                        break;
                    case ElseClauseSyntax elseClause:
                        node = elseClause.Parent!;
                        break;
                    default:
                        return null;
                }
            }

            return frames;
        }

        /// <summary>
        /// Marks which frames' rests run after the await, and which breaks leave a switch the continuation resumes in.
        /// A frame's rest runs when the inner part can complete normally, or, for a switch section, when a break leaves it.
        /// </summary>
        private static Dictionary<SyntaxNode, ContinuationFrame> DecideReachability(SplitPoint split, List<ContinuationFrame> frames, SemanticModel model)
        {
            var switches = frames.Where(f => f.Switch is not null).ToDictionary(f => (SyntaxNode)f.Switch!, f => f);
            var breaks = new Dictionary<SyntaxNode, ContinuationFrame>();
            var reachable = split.Form != SplitForm.Return;
            var labelCount = 0;
            foreach (var frame in frames)
            {
                frame.RestReached = reachable;
                if (reachable && frame.Rest.Count > 0)
                {
                    foreach (var breakStatement in frame.Rest.SelectMany(s => s.DescendantNodesAndSelf(n => !AwaitSites.IsNestedFunction(n)).OfType<BreakStatementSyntax>()))
                    {
                        if (BreakTarget(breakStatement) is { } target && switches.TryGetValue(target, out var targetFrame)) breaks[breakStatement] = targetFrame;
                    }

                    reachable = model.AnalyzeControlFlow(frame.Rest[0], frame.Rest[frame.Rest.Count - 1])?.EndPointIsReachable ?? false;
                }

                if (frame.Switch is not null)
                {
                    // The end of a switch section is never reachable; control leaves it only by a break (or return/throw).
                    var leftByBreak = breaks.Values.Contains(frame);
                    if (leftByBreak) frame.BreakLabel = $"__resume{split.Index}_afterSwitch{labelCount++}";
                    reachable = leftByBreak;
                }
            }

            return breaks;
        }

        /// <summary>The loop or switch a break leaves: its nearest enclosing one.</summary>
        private static SyntaxNode? BreakTarget(BreakStatementSyntax breakStatement)
            => breakStatement.Ancestors().TakeWhile(a => !AwaitSites.IsNestedFunction(a))
                .FirstOrDefault(a => a is SwitchStatementSyntax or ForStatementSyntax or CommonForEachStatementSyntax or WhileStatementSyntax or DoStatementSyntax);

        private static void Render(SplitPoint split, List<ContinuationFrame> frames, Dictionary<SyntaxNode, ContinuationFrame> breaks, SemanticModel model)
        {
            bool ReplaceBreaks(SyntaxNode node, SyntaxPrinter printer)
            {
                if (!breaks.TryGetValue(node, out var target)) return false;
                printer.Write($"goto {target.BreakLabel};");
                return true;
            }

            var inner = new CodeLines();
            if (frames.Count > 0 && !frames[0].IsMethodBody) WriteDeclarations(inner, split, frames[0].Container, model);
            inner.Line(AwaitStatement(split));
            for (var i = 0; i < frames.Count; i++)
            {
                var frame = frames[i];
                if (frame.RestReached)
                {
                    foreach (var statement in frame.Rest) SyntaxPrinter.PrintStatement(statement, inner, ReplaceBreaks);
                }

                if (frame.IsMethodBody) break;
                var braced = new CodeLines();
                if (i + 1 < frames.Count && !frames[i + 1].IsMethodBody) WriteDeclarations(braced, split, frames[i + 1].Container, model);
                braced.OpenBrace();
                braced.Append(inner);
                braced.CloseBrace();
                if (frame.BreakLabel is not null) braced.Line(frame.BreakLabel + ": ;");
                inner = braced;
            }

            WriteDeclarations(split.Continuation, split, scope: null, model);
            split.Continuation.Append(inner);
        }

        /// <summary>
        /// Declares, at the start of the part for <paramref name="scope"/>, the variables of its scope the continuation needs:
        /// those it writes before reading (plain locals) and live ones renamed to avoid a clash with a sibling scope.
        /// Variables of the method's own scope (or of none of the frames) go at the top of the continuation.
        /// </summary>
        private static void WriteDeclarations(CodeLines lines, SplitPoint split, SyntaxNode? scope, SemanticModel model)
        {
            foreach (var variable in split.DeclaredInContinuation.Where(v => split.ScopeOf(v) == scope))
            {
                // Only constants stored and never read here (the method reads it on another path): CS0219 would be the copy's
                // warning, not the user's.
                var writeOnly = split.WriteOnlyInContinuation.Contains(variable, SymbolEqualityComparer.Default);
                if (writeOnly) lines.Line("#pragma warning disable CS0219 // assigned here, read only on other paths of the method");
                lines.Line($"{VariableTypes.Display(variable, model)} {Parsing.MethodShellParser.EscapedName(variable.Name)};");
                if (writeOnly) lines.Line("#pragma warning restore CS0219");
            }

            foreach (var variable in split.LiveIn.Where(v => split.ParameterName(v) != v.Name && split.ScopeOf(v) == scope))
            {
                lines.Line($"var {Parsing.MethodShellParser.EscapedName(variable.Name)} = {split.ParameterName(variable)};");
            }
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

        private static bool FindLiveState(SplitPoint split, List<ContinuationFrame> frames, SemanticModel model)
        {
            var assigned = new HashSet<ISymbol>(SymbolEqualityComparer.Default);
            var declared = new HashSet<ISymbol>(SymbolEqualityComparer.Default);
            var referenced = new List<ISymbol>();
            var read = new HashSet<ISymbol>(SymbolEqualityComparer.Default);
            ISymbol? awaitTarget = null;
            var live = new List<ISymbol>();
            if (split.Form == SplitForm.Assign
                && model.GetSymbolInfo(((AssignmentExpressionSyntax)((ExpressionStatementSyntax)split.Statement!).Expression).Left).Symbol is { } target
                && target is ILocalSymbol or IParameterSymbol)
            {
                assigned.Add(target);
                referenced.Add(target);
                awaitTarget = target;
            }

            if (split.Form == SplitForm.Declare
                && model.GetDeclaredSymbol(((LocalDeclarationStatementSyntax)split.Statement!).Declaration.Variables[0]) is { } declaredByAwait)
            {
                declared.Add(declaredByAwait);
            }

            foreach (var frame in frames.Where(f => f.RestReached && f.Rest.Count > 0))
            {
                var flow = model.AnalyzeDataFlow(frame.Rest[0], frame.Rest[frame.Rest.Count - 1]);
                if (flow is null || !flow.Succeeded) return false;
                foreach (var variable in flow.DataFlowsIn)
                {
                    if (!assigned.Contains(variable) && !declared.Contains(variable) && IsMethodVariable(variable) && !live.Contains(variable, SymbolEqualityComparer.Default)) live.Add(variable);
                }

                assigned.UnionWith(flow.AlwaysAssigned);
                declared.UnionWith(flow.VariablesDeclared);
                referenced.AddRange(flow.ReadInside.Concat(flow.WrittenInside));
                read.UnionWith(flow.ReadInside);
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
            split.WriteOnlyInContinuation.AddRange(split.DeclaredInContinuation.Where(v => !read.Contains(v) && !SymbolEqualityComparer.Default.Equals(v, awaitTarget) && OnlyConstantsStored(v, frames, model)));
            if (!split.LiveIn.Concat(split.DeclaredInContinuation).All(CanBeParameter)) return false;

            // Each variable is declared in the frame whose statement list declares it, so its scope is the original one.
            var containers = new HashSet<SyntaxNode>(frames.Select(f => f.Container));
            var declaredNames = new HashSet<string>(declared.Select(v => v.Name));
            foreach (var variable in split.LiveIn.Concat(split.DeclaredInContinuation))
            {
                var scope = variable is ILocalSymbol
                    ? variable.DeclaringSyntaxReferences.FirstOrDefault()?.GetSyntax().Ancestors().FirstOrDefault(containers.Contains)
                    : null;
                if (scope is not null && frames.Any(f => f.IsMethodBody && f.Container == scope)) scope = null;
                split.SetScope(variable, scope);

                // A live local of an inner scope whose name a sibling scope reuses cannot be a parameter under its own name.
                if (scope is not null && split.LiveIn.Contains(variable, SymbolEqualityComparer.Default) && declaredNames.Contains(variable.Name))
                {
                    split.RenameParameter(variable, variable.Name + "__live");
                }
            }

            return true;
        }

        /// <summary>Every write to <paramref name="variable"/> in the continuation stores a constant (what makes CS0219 fire for a local nobody reads).</summary>
        private static bool OnlyConstantsStored(ISymbol variable, List<ContinuationFrame> frames, SemanticModel model)
        {
            foreach (var identifier in frames.Where(f => f.RestReached).SelectMany(f => f.Rest).SelectMany(s => s.DescendantNodes()).OfType<IdentifierNameSyntax>())
            {
                if (identifier.Identifier.ValueText != variable.Name || !SymbolEqualityComparer.Default.Equals(model.GetSymbolInfo(identifier).Symbol, variable)) continue;
                if (identifier.Parent is not AssignmentExpressionSyntax { RawKind: (int)SyntaxKind.SimpleAssignmentExpression } assignment
                    || assignment.Left != identifier
                    || !model.GetConstantValue(assignment.Right).HasValue)
                {
                    return false;
                }
            }

            return true;
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
    }
}
