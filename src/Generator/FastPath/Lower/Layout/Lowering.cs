using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Prewired.Generator.Awaits;
using Prewired.Generator.MarkedMethods;
using Prewired.Generator.Marks;
using Prewired.Generator.TailAwait;

namespace Prewired.Generator.FastPath
{
    /// <summary>
    /// The foreach and using statements and the awaiting catch blocks of one body that an await hands over, written out as the compiler lowers them
    /// so the enumerator (or array and index) and the resource are variables both the synchronous path and the
    /// continuation can name. Numbered in source order, so both sides agree on the names.
    /// </summary>
    internal sealed class Lowering
    {
        private readonly Dictionary<SyntaxNode, ForEachLowering> _forEach = new();
        private readonly Dictionary<SyntaxNode, UsingLowering> _using = new();
        private readonly Dictionary<SyntaxNode, string> _caught = new();
        private readonly HashSet<SyntaxNode> _onlyCaughtFallThrough = new();
        private readonly Dictionary<SyntaxNode, FinallyLowering> _finally = new();
        private readonly Dictionary<SyntaxNode, (string Type, string Name)> _filterOutVariables = new();
        private readonly HashSet<SyntaxNode> _assignedAcrossLoweredCatch = new();

        public Lowering(SyntaxNode body, SemanticModel model)
        {
            var id = 0;
            var caught = 0;
            var finallies = 0;
            string? ResultType() => body.Parent is MethodDeclarationSyntax method && model.GetDeclaredSymbol(method) is { } symbol
                ? KnownTypes.ResultType(symbol.ReturnType)?.ToDisplayString(MethodShellParser.TypeFormat)
                : null;
            var checkedFallThrough = new HashSet<SyntaxNode>();
            foreach (var node in body.DescendantNodes(n => !AwaitSites.IsNestedFunction(n)))
            {
                switch (node)
                {
                    case TryStatementSyntax { Finally: { } finallyClause } tryStatement when AwaitSites.Collect(finallyClause.Block).Count > 0:
                        _finally[tryStatement] = new FinallyLowering(finallies++, tryStatement, ResultType(), model);
                        AddAssignedAcrossLoweredCatch(tryStatement, model);
                        break;
                    case CatchClauseSyntax catchClause when AwaitSites.Collect(catchClause.Block).Count > 0:
                        _caught[catchClause] = "__caught" + caught++;
                        if (catchClause.Filter is { } filter)
                        {
                            foreach (var declaration in filter.FilterExpression.DescendantNodesAndSelf(n => !AwaitSites.IsNestedFunction(n)).OfType<DeclarationExpressionSyntax>())
                            {
                                if (declaration.Designation is SingleVariableDesignationSyntax single && model.GetDeclaredSymbol(single) is { } variable)
                                {
                                    _filterOutVariables.Add(declaration, (VariableTypes.Display(variable, model), MethodShellParser.EscapedName(variable.Name)));
                                }
                            }
                        }

                        var owner = (TryStatementSyntax)catchClause.Parent!;
                        if (!checkedFallThrough.Contains(owner)) AddAssignedAcrossLoweredCatch(owner, model);
                        if (checkedFallThrough.Add(owner) && !EndReachable(owner.Block, model)
                            && owner.Catches.All(c => AwaitSites.Collect(c.Block).Count > 0 || !EndReachable(c.Block, model)))
                        {
                            _onlyCaughtFallThrough.Add(owner);
                        }

                        break;
                    case ForEachStatementSyntax forEach when forEach.AwaitKeyword.RawKind == 0 && LoweringShapes.OfForEach(forEach, model, out _) is { } shape:
                        _forEach[forEach] = new ForEachLowering(id++, forEach, shape, model);
                        break;
                    case UsingStatementSyntax usingStatement when usingStatement.AwaitKeyword.RawKind == 0
                                                                  && LoweringShapes.UsingResource(usingStatement.Declaration, usingStatement.Expression, model, out _) is { } type:
                        _using[usingStatement] = new UsingLowering(id++, usingStatement.Declaration?.Variables[0], type, model);
                        break;
                    case LocalDeclarationStatementSyntax declaration when LoweringShapes.IsUsingDeclaration(declaration) && declaration.AwaitKeyword.RawKind == 0
                                                                          && LoweringShapes.UsingResource(declaration.Declaration, null, model, out _) is { } type:
                        _using[declaration] = new UsingLowering(id++, declaration.Declaration.Variables[0], type, model);
                        break;
                }
            }
        }

        public ForEachLowering? ForEach(SyntaxNode node) => _forEach.TryGetValue(node, out var lowering) ? lowering : null;

        /// <summary>For a catch clause whose block awaits: the variable the synchronous path catches its exception into,
        /// to run the block after the try statement (as the compiler does), and hands over for a <c>throw;</c>.</summary>
        public string? Caught(SyntaxNode catchClause) => _caught.TryGetValue(catchClause, out var name) ? name : null;

        /// <summary>
        /// The out variables (<c>out var d</c>) the filter of an awaiting catch clause declares: the clause's block runs
        /// after the try statement, out of the filter's scope, so the synchronous path declares them before the try (as
        /// the compiler hoists them) and the filter assigns them.
        /// </summary>
        public IEnumerable<(string Type, string Name)> FilterOutVariables(CatchClauseSyntax catchClause)
            => catchClause.Filter is null ? Enumerable.Empty<(string, string)>()
                : catchClause.Filter.DescendantNodes().Where(_filterOutVariables.ContainsKey).Select(n => _filterOutVariables[n]);

        /// <summary>A declaration of <see cref="FilterOutVariables"/>: the name it assigns instead, or null.</summary>
        public string? FilterOutVariable(SyntaxNode node) => _filterOutVariables.TryGetValue(node, out var variable) ? variable.Name : null;

        /// <summary>
        /// Whether control gets past the catch clauses of <paramref name="tryStatement"/> only when an awaiting one caught
        /// (its try block and other catch blocks never end normally): then the last of those blocks runs unconditionally,
        /// so the compiler sees what the original statement's flow was (it cannot know one of the variables is set).
        /// </summary>
        public bool OnlyCaughtFallThrough(TryStatementSyntax tryStatement) => _onlyCaughtFallThrough.Contains(tryStatement);

        /// <summary>
        /// A local declared without an initializer before <paramref name="tryStatement"/> and written in its try block (or
        /// a catch block): the lowered statement stores a caught exception and runs an awaiting catch block after the try
        /// (or the awaiting finally, then rethrows), so the compiler sees a path from the catch clause past the block's
        /// <c>if</c> (or the rethrow's) on which the try's assignment did not happen (the original catch block returns or
        /// throws, or assigns it itself), and a read after the statement is CS0165.
        /// Declared <c>= default!</c> instead: unobservable, since C# lets no code read it before its first assignment.
        /// </summary>
        private void AddAssignedAcrossLoweredCatch(TryStatementSyntax tryStatement, SemanticModel model)
        {
            var written = new List<ISymbol>();
            foreach (var block in new[] { tryStatement.Block }.Concat(tryStatement.Catches.Select(c => c.Block)))
            {
                if (RegionFlow.DataFlow(model, block) is { Succeeded: true } flow) written.AddRange(flow.WrittenInside);
            }

            foreach (var symbol in written)
            {
                if (symbol is not ILocalSymbol { IsRef: false, IsConst: false } local) continue;
                foreach (var reference in local.DeclaringSyntaxReferences)
                {
                    if (reference.SyntaxTree == tryStatement.SyntaxTree && reference.GetSyntax() is VariableDeclaratorSyntax { Initializer: null } declarator
                        && !tryStatement.Span.Contains(declarator.Span))
                    {
                        _assignedAcrossLoweredCatch.Add(declarator);
                    }
                }
            }
        }

        /// <summary>Whether the synchronous path declares <paramref name="declarator"/> <c>= default!</c> (<see cref="AddAssignedAcrossLoweredCatch"/>).</summary>
        public bool AssignedAcrossLoweredCatch(SyntaxNode declarator) => _assignedAcrossLoweredCatch.Contains(declarator);

        private static bool EndReachable(BlockSyntax block, SemanticModel model) => RegionFlow.ControlFlow(model, block)?.EndPointIsReachable ?? true;

        /// <summary>
        /// Whether a catch or finally block awaits, so the synchronous path runs it after its try statement: the compiler's
        /// flow analysis then follows paths the body does not have (past a moved catch block that returns, the stored
        /// exception being null to it), and nullable state there is not the body's (<see cref="NullableWarningsReason"/>).
        /// </summary>
        public bool MovesHandlerBlocks => _caught.Count > 0 || _finally.Count > 0;

        /// <summary>Why such a synchronous path is compiled without nullable warnings.</summary>
        public const string NullableWarningsReason = "a catch or finally block that awaits runs after its try statement here, on paths the compiler counts but the body does not have; the body method is checked as written";

        /// <summary>For a try statement whose finally awaits: how the synchronous path writes it out.</summary>
        public FinallyLowering? Finally(SyntaxNode tryStatement) => _finally.TryGetValue(tryStatement, out var lowering) ? lowering : null;

        /// <summary>The try statement with an awaiting finally whose try block or catch clauses hold <paramref name="node"/>
        /// (the nearest): a return there only leaves after that finally has run.</summary>
        public FinallyLowering? FinallyAround(SyntaxNode node)
        {
            if (_finally.Count == 0) return null;
            foreach (var ancestor in node.Ancestors())
            {
                if (AwaitSites.IsNestedFunction(ancestor)) return null;
                if (ancestor is FinallyClauseSyntax) return null;
                if (ancestor is TryStatementSyntax tryStatement && _finally.TryGetValue(tryStatement, out var lowering)) return lowering;
            }

            return null;
        }

        /// <summary>For a using statement or a using declaration statement.</summary>
        public UsingLowering? Using(SyntaxNode node) => _using.TryGetValue(node, out var lowering) ? lowering : null;

        /// <summary>The catch clauses of <paramref name="tryStatement"/> the synchronous path runs after the statement.</summary>
        public IEnumerable<CatchClauseSyntax> AwaitingCatches(TryStatementSyntax tryStatement) => tryStatement.Catches.Where(c => _caught.ContainsKey(c));

        /// <summary>The catch clause a <c>throw;</c> rethrows from: the nearest one around it.</summary>
        public static CatchClauseSyntax? CatchOf(ThrowStatementSyntax rethrow)
            => rethrow.Ancestors().TakeWhile(a => !AwaitSites.IsNestedFunction(a)).OfType<CatchClauseSyntax>().FirstOrDefault();

        /// <summary>A rethrow of an exception caught into <paramref name="caught"/>, outside its catch clause, as the compiler
        /// writes it: the same exception, its stack trace kept.</summary>
        public static string Rethrow(string caught) => $"throw global::Prewired.CompilerServices.CaughtException.Rethrow({caught}!);";
    }

    /// <summary>A foreach written out: an index loop over an array or string, or an explicit enumerator.</summary>
    internal sealed class ForEachLowering
    {
        public ForEachLowering(int id, ForEachStatementSyntax forEach, ForEachShape shape, SemanticModel model)
        {
            Shape = shape;
            Statement = forEach;
            var info = model.GetForEachStatementInfo(forEach);
            var collectionType = model.GetTypeInfo(forEach.Expression).Type!;
            Disposal = shape == ForEachShape.Enumerator ? LoweringShapes.EnumeratorDisposal(forEach, model) : DisposalShape.None;
            if (shape == ForEachShape.Enumerator)
            {
                var getEnumerator = info.GetEnumeratorMethod!;
                EnumeratorVariable = "__enumerator" + id;
                // Named as the collection's own type declares it (AnnotatedEnumerator: else CS8620).
                var enumeratorType = AnnotatedEnumerator.Of(getEnumerator, collectionType).ReturnType;
                Variables.Add((enumeratorType.ToDisplayString(MethodShellParser.TypeFormat), EnumeratorVariable));

                // A collection of a nullable value type is unwrapped first, as C# does (LoweringShapes.NullableValue).
                UnwrapsNullable = LoweringShapes.IsNullableValueType(collectionType) && !(getEnumerator.ReducedFrom ?? getEnumerator).IsExtensionMethod;

                // An interface's GetEnumerator implemented explicitly is reached through the interface, as the compiler does.
                CastToInterface = getEnumerator.ContainingType.TypeKind == TypeKind.Interface && collectionType.TypeKind != TypeKind.Interface && !getEnumerator.IsExtensionMethod
                    ? getEnumerator.ContainingType.ToDisplayString(MethodShellParser.TypeFormat)
                    : null;
            }
            else
            {
                CollectionVariable = "__collection" + id;
                IndexVariable = "__index" + id;
                Variables.Add((collectionType.ToDisplayString(MethodShellParser.TypeFormat), CollectionVariable));
                Variables.Add(("int", IndexVariable));
            }

            IterationType = forEach.Type.IsVar ? "var" : forEach.Type.WithoutTrivia().ToString();
            var cast = forEach.Type.IsVar ? string.Empty : $"({forEach.Type.WithoutTrivia()})";
            var current = shape == ForEachShape.Enumerator ? $"{EnumeratorVariable}.Current" : $"{CollectionVariable}[{IndexVariable}]";
            CurrentValue = cast + current;
            IterationDeclaration = $"{IterationType} {forEach.Identifier.Text} = {CurrentValue};";
        }

        public ForEachStatementSyntax Statement { get; }

        public ForEachShape Shape { get; }

        public DisposalShape Disposal { get; }

        public string? EnumeratorVariable { get; }

        public string? CollectionVariable { get; }

        public string? IndexVariable { get; }

        public string? CastToInterface { get; }

        /// <summary>Whether the collection is a nullable value type whose value the loop enumerates (read with <c>.Value</c>).</summary>
        public bool UnwrapsNullable { get; }

        /// <summary>The generated variables the continuation takes over, in order: the enumerator, or the collection and index.</summary>
        public List<(string Type, string Name)> Variables { get; } = new();

        /// <summary><c>var x = e.Current;</c> (with the explicit conversion an explicit iteration type asks for).</summary>
        public string IterationDeclaration { get; }

        /// <summary>The iteration variable's type as written (<c>var</c> included).</summary>
        public string IterationType { get; }

        /// <summary><c>e.Current</c> or <c>a[i]</c>, with the explicit conversion an explicit iteration type asks for.</summary>
        public string CurrentValue { get; }

        /// <summary>The statement that starts iterating <paramref name="collection"/> (already printed).</summary>
        public string Start(string collection) => $"var {StartAssignment(collection)}";

        /// <summary>The start as an assignment to the generated variable (the continuation's parameter).</summary>
        public string StartAssignment(string collection)
        {
            if (Shape != ForEachShape.Enumerator) return $"{CollectionVariable} = {collection};";
            var source = UnwrapsNullable ? LoweringShapes.NullableValue(collection) : collection;
            return $"{EnumeratorVariable} = {(CastToInterface is null ? $"({source})" : $"(({CastToInterface})({source}))")}.GetEnumerator();";
        }

        /// <summary>The loop header for the remaining iterations (<paramref name="first"/>: from the start).</summary>
        public string Header(bool first) => Shape == ForEachShape.Enumerator
            ? $"while ({EnumeratorVariable}.MoveNext())"
            : $"for ({(first ? $"var {IndexVariable} = 0" : $"{IndexVariable}++")}; {IndexVariable} < {CollectionVariable}.Length; {IndexVariable}++)";

        public string? DisposeStatement => Disposal switch
        {
            DisposalShape.Disposable => $"global::Prewired.CompilerServices.Disposal.Dispose(ref {EnumeratorVariable});",
            DisposalShape.IfDisposable => $"({EnumeratorVariable} as global::System.IDisposable)?.Dispose();",
            _ => null,
        };
    }

    /// <summary>A using statement or declaration written out as a try/finally disposing its resource.</summary>
    internal sealed class UsingLowering
    {
        public UsingLowering(int id, VariableDeclaratorSyntax? declarator, ITypeSymbol type, SemanticModel model)
        {
            Resource = declarator is not null ? model.GetDeclaredSymbol(declarator) as ILocalSymbol : null;
            ResourceVariable = declarator is not null ? MethodShellParser.EscapedName(declarator.Identifier.ValueText) : "__resource" + id;
            ResourceType = type.ToDisplayString(MethodShellParser.TypeFormat);
        }

        /// <summary>The declared resource; null for <c>using (expression)</c>, whose resource is a generated variable.</summary>
        public ILocalSymbol? Resource { get; }

        public string ResourceVariable { get; }

        public string ResourceType { get; }

        public string DisposeStatement => DisposeOf(ResourceVariable);

        /// <summary>The disposal of the resource under the name <paramref name="variable"/> (a continuation may rename it).</summary>
        public static string DisposeOf(string variable) => $"global::Prewired.CompilerServices.Disposal.Dispose(ref {variable});";
    }

    /// <summary>
    /// A try statement whose finally awaits, as the compiler lowers it: the try (with its catch clauses) only catches the
    /// exception into <see cref="ErrorVariable"/>, a return in it records its value in <see cref="ReturnVariable"/> and
    /// jumps to the end of the try; then the finally runs as ordinary statements (where its awaits can hand over), then the
    /// exception is rethrown or the recorded return made.
    /// </summary>
    internal sealed class FinallyLowering
    {
        public FinallyLowering(int id, TryStatementSyntax tryStatement, string? resultType, SemanticModel model)
        {
            ErrorVariable = "__finallyError" + id;
            PendingVariable = "__pendingReturn" + id;
            ReturnVariable = "__returnValue" + id;
            EndLabel = "__endOfTry" + id;
            ResultType = resultType;
            HasReturns = new SyntaxNode[] { tryStatement.Block }.Concat(tryStatement.Catches)
                .SelectMany(r => r.DescendantNodesAndSelf(n => !AwaitSites.IsNestedFunction(n))).OfType<ReturnStatementSyntax>().Any();
            EndReachable = RegionFlow.ControlFlow(model, tryStatement)?.EndPointIsReachable ?? true;
        }

        /// <summary>
        /// The finally block's statements as the written-out try runs them, after its catch-all: in a block of their own when
        /// one of them is a using declaration, whose resource the original disposes at the end of the finally, not of the
        /// block holding the try, and past which a resume jump could not go (CS8648). Otherwise its statements join the
        /// enclosing list, as a finally without such a declaration has nothing scoped to its block that runs at its end.
        /// </summary>
        public static IReadOnlyList<StatementSyntax> Statements(FinallyClauseSyntax finallyClause)
            => finallyClause.Block.Statements.Any(s => s is LocalDeclarationStatementSyntax declaration && declaration.UsingKeyword.IsKind(SyntaxKind.UsingKeyword))
                ? new StatementSyntax[] { finallyClause.Block }
                : finallyClause.Block.Statements;

        public string ErrorVariable { get; }

        public string PendingVariable { get; }

        public string ReturnVariable { get; }

        public string EndLabel { get; }

        /// <summary>The method's result type (null for Task and ValueTask): the type of <see cref="ReturnVariable"/>.</summary>
        public string? ResultType { get; }

        /// <summary>Whether the try block or a catch clause returns, so a return has to wait for the finally.</summary>
        public bool HasReturns { get; }

        /// <summary>Whether the original statement can end normally (else what follows the finally is a return or a rethrow).</summary>
        public bool EndReachable { get; }

        /// <summary>A return in the try block or a catch clause: record it and leave the try.</summary>
        public string RecordReturn(string? value)
            => value is null || ResultType is null
                ? $"{{ {PendingVariable} = true; goto {EndLabel}; }}"
                : $"{{ {ReturnVariable} = {value}; {PendingVariable} = true; goto {EndLabel}; }}";

        /// <summary>
        /// What follows the finally: the caught exception rethrown, then the recorded return (<paramref name="returnValue"/>
        /// spells it for the synchronous path or a continuation). When the statement cannot end normally, the last of these
        /// is unconditional, so the compiler sees the same flow as in the original statement.
        /// </summary>
        public void WriteAfterFinally(Emit.CodeLines lines, System.Func<string, string> returnValue, string returnNothing)
        {
            var rethrow = Lowering.Rethrow(ErrorVariable);
            var recordedReturn = ResultType is null ? returnNothing : returnValue(ReturnVariable);
            if (!EndReachable && !HasReturns)
            {
                lines.Line(rethrow);
                return;
            }

            lines.Line($"if ({ErrorVariable} is not null) {rethrow}");
            if (!HasReturns) return;
            lines.Line(EndReachable ? $"if ({PendingVariable}) {recordedReturn}" : recordedReturn);
        }
    }
}
