using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Prewired.Generator.Awaits;
using Prewired.Generator.Emit;
using Prewired.Generator.MarkedMethods;
using Prewired.Generator.Marks;
using Prewired.Generator.TailAwait;

namespace Prewired.Generator.FastPath
{
    /// <summary>
    /// Lambdas, local functions and queries that Run prints and that read the state machine's fields (live state, the body's
    /// parameters, <c>__this</c>): a struct's method cannot capture its fields (CS1673). The compiler's state machine hoists
    /// the display class such a variable lives in; here no field a closure reads ever changes once set, so the closure
    /// takes it by value, exactly:
    /// <list type="bullet">
    /// <item>a variable that a lambda shares and that is written after its declaration lives in a <c>StrongBox</c> the
    /// synchronous path made (<see cref="SharedVariables"/>): both paths and every closure share that one object, and the field
    /// holding it is set once;</item>
    /// <item>any other field a closure reads is set by its declaration, or written only before the closure exists
    /// (checked: a closure reading one the body may write once it exists is not covered), so its value at the closure's
    /// creation is the value at every later read.</item>
    /// </list>
    /// A lambda or query becomes a call of a local function declared just before the statement that holds it, which takes
    /// those fields as parameters of the same names and returns the lambda as written (<c>read = __Capture0(a__shared);</c>):
    /// Run's own locals it names stay captured the compiler's way. A local function takes them as its first parameters, and
    /// every call of it passes them.
    /// </summary>
    internal sealed partial class ContinuationWriter
    {
        // The body's outermost local functions that read fields, each with the fields it reads (those of the local functions
        // it calls included), by their symbols' original definitions.
        private Dictionary<ISymbol, IReadOnlyList<(string Name, string Type)>>? _lifted;
        private int _captureFactories;

        // The method the continuation is written for (its body, its instance's type).
        private MethodDeclarationSyntax? _method;

        private SyntaxNode BodyNode => (SyntaxNode?)_method!.Body ?? _method!.ExpressionBody!;

        private const string NotCoveredClosure = "a lambda, local function or query in a state-machine continuation that reads";

        /// <summary>
        /// A lambda or query Run prints that reads fields: a call of the local function that makes it, which is written
        /// to the current lines, before the statement being printed. Null when it reads none (printed as written).
        /// </summary>
        private string? CaptureFactoryCall(SyntaxNode function)
        {
            if (!IsOutermostFunction(function) || IsStatic(function)) return null;
            var captures = ClosureCaptures(function);
            if (captures.Count == 0) return null;

            var typeInfo = _model.GetTypeInfo(function);
            var type = typeInfo.ConvertedType is { TypeKind: TypeKind.Delegate } or INamedTypeSymbol { Name: "Expression", Arity: 1 } ? typeInfo.ConvertedType : typeInfo.Type;
            if (type is null || !LoweringShapes.IsNameable(type))
            {
                NotCovered($"{NotCoveredClosure} live state, a parameter or this, of a type that cannot be named");
                return "default";
            }

            // Run's locals declared inside the statement being printed, outside the lambda, are not in scope before it: they
            // are taken by value too, when nothing writes them after their declaration.
            var host = HostStatement(function);
            var byValue = captures.ToList();
            foreach (var local in CapturedLocals(function).Where(l => host is not null && host.Span.Contains(l.Locations[0].SourceSpan) && !function.Span.Contains(l.Locations[0].SourceSpan)))
            {
                if (IsWrittenAfterDeclaration(local) || !LoweringShapes.IsNameable(local.Type))
                {
                    NotCovered($"{NotCoveredClosure} a variable its statement declares and writes");
                    return "default";
                }

                byValue.Add((MethodShellParser.EscapedName(local.Name), local.Type.ToDisplayString(MethodShellParser.TypeFormat)));
            }

            if (DeclaredNames(function).Overlaps(byValue.Select(c => c.Name)))
            {
                NotCovered($"{NotCoveredClosure} live state it also declares a variable of the same name as");
                return "default";
            }

            var name = "__Capture" + _captureFactories++;
            _lines.Comment("A struct's method cannot capture its fields (CS1673): the closure takes them by value.");
            _lines.BrokenLine($"{type.ToDisplayString(MethodShellParser.TypeFormat)} {name}({string.Join(", ", byValue.Select(c => c.Type + " " + c.Name))})", LineBreaker.Items.OnePerLine);
            SyntaxPrinter.PrintWrapped("    => ", function, ";", _lines, (node, printer) => node != function && ReplaceInFunction(node, printer));
            return $"{name}({string.Join(", ", byValue.Select(c => c.Name))})";
        }

        /// <summary>The fields <paramref name="function"/>, a lifted local function, takes first, or null when it reads none.</summary>
        private IReadOnlyList<(string Name, string Type)>? LiftedCaptures(ISymbol? function)
            => function is not null && Lifted().TryGetValue(function.OriginalDefinition, out var captures) ? captures : null;

        /// <summary>The fields a call of a lifted local function passes first, or null for any other invocation.</summary>
        private IReadOnlyList<(string Name, string Type)>? LiftedCallCaptures(InvocationExpressionSyntax invocation)
            => invocation.Expression is IdentifierNameSyntax or GenericNameSyntax && _model.GetSymbolInfo(invocation.Expression).Symbol is IMethodSymbol { MethodKind: MethodKind.LocalFunction } target
                ? LiftedCaptures(target)
                : null;

        /// <summary>
        /// Prints the parameter list of a lifted local function (the fields first) or the argument list of a call of one
        /// (the fields first, by name: at the call they are Run's fields, or the enclosing closure's parameters of the same
        /// names). Returns false for any other node.
        /// </summary>
        private bool ReplaceInClosure(SyntaxNode node, SyntaxPrinter printer)
        {
            switch (node)
            {
                case ParameterListSyntax { Parent: LocalFunctionStatementSyntax function } parameters when LiftedCaptures(_model.GetDeclaredSymbol(function)) is { } captures:
                    printer.Write("(" + string.Join(", ", captures.Select(c => c.Type + " " + c.Name)));
                    foreach (var parameter in parameters.Parameters)
                    {
                        printer.Write(", ");
                        printer.Node(parameter);
                    }

                    printer.Write(")");
                    return true;
                case ArgumentListSyntax { Parent: InvocationExpressionSyntax invocation } arguments when LiftedCallCaptures(invocation) is { } passed:
                    printer.Write("(" + string.Join(", ", passed.Select(c => c.Name)));
                    foreach (var argument in arguments.Arguments)
                    {
                        printer.Write(", ");
                        printer.Node(argument);
                    }

                    printer.Write(")");
                    return true;
                case IdentifierNameSyntax identifier when _model.GetSymbolInfo(identifier).Symbol is IMethodSymbol { MethodKind: MethodKind.LocalFunction } function
                                                         && LiftedCaptures(function) is not null && !IsCalledName(identifier):
                    NotCovered($"{NotCoveredClosure} live state, a parameter or this, used as a delegate");
                    return false;
                default:
                    return false;
            }
        }

        private static bool IsCalledName(SimpleNameSyntax name)
            => name.Parent is InvocationExpressionSyntax invocation && invocation.Expression == name
               || name.Ancestors().OfType<InvocationExpressionSyntax>().Any(i => i.Expression is IdentifierNameSyntax { Identifier.ValueText: "nameof" });

        /// <summary>The body's outermost local functions that read fields, directly or through the ones they call (a fixpoint).</summary>
        private Dictionary<ISymbol, IReadOnlyList<(string Name, string Type)>> Lifted()
        {
            if (_lifted is not null) return _lifted;
            _lifted = new Dictionary<ISymbol, IReadOnlyList<(string Name, string Type)>>(SymbolEqualityComparer.Default);
            var functions = OutermostFunctions().OfType<LocalFunctionStatementSyntax>().Where(f => !IsStatic(f))
                .Select(f => (Syntax: f, Symbol: _model.GetDeclaredSymbol(f)))
                .Where(f => f.Symbol is not null)
                .ToList();
            var reads = functions.ToDictionary(f => (ISymbol)f.Symbol!, f => DirectCaptures(f.Syntax), SymbolEqualityComparer.Default);
            for (var changed = true; changed;)
            {
                changed = false;
                foreach (var (syntax, symbol) in functions)
                {
                    foreach (var called in CalledLocalFunctions(syntax))
                    {
                        if (!reads.TryGetValue(called, out var theirs)) continue;
                        foreach (var capture in theirs)
                        {
                            if (!reads[symbol!].ContainsKey(capture.Key))
                            {
                                reads[symbol!].Add(capture.Key, capture.Value);
                                changed = true;
                            }
                        }
                    }
                }
            }

            foreach (var (syntax, symbol) in functions)
            {
                var captures = Ordered(reads[symbol!]);
                if (captures.Count == 0) continue;
                if (DeclaredNames(syntax).Overlaps(captures.Select(c => c.Name))) NotCovered($"{NotCoveredClosure} live state it also declares a variable of the same name as");
                _lifted.Add(symbol!, captures);
            }

            return _lifted;
        }

        /// <summary>The fields a lambda or query reads, those of the lifted local functions it calls included.</summary>
        private IReadOnlyList<(string Name, string Type)> ClosureCaptures(SyntaxNode function)
        {
            var reads = DirectCaptures(function);
            foreach (var called in CalledLocalFunctions(function))
            {
                if (LiftedCaptures(called) is not { } theirs) continue;
                foreach (var (name, type) in theirs) reads[name] = type;
            }

            return Ordered(reads);
        }

        /// <summary>
        /// The fields <paramref name="function"/> names itself: live variables and the body's parameters, by the names Run
        /// gives them, and the instance (<c>__this</c>) for <c>this</c>, <c>base</c>, an instance member named without a
        /// receiver or a primary constructor parameter (read through an accessor of the instance).
        /// </summary>
        private Dictionary<string, string> DirectCaptures(SyntaxNode function)
        {
            var reads = new Dictionary<string, string>(System.StringComparer.Ordinal);
            foreach (var node in function.DescendantNodes())
            {
                if (node is ThisExpressionSyntax or BaseExpressionSyntax)
                {
                    AddInstance(reads);
                    continue;
                }

                if (node is not SimpleNameSyntax name || _model.GetSymbolInfo(name).Symbol is not { } symbol) continue;
                if (symbol is ILocalSymbol or IParameterSymbol { IsThis: false } && _layout.IsLive(symbol) && !IsDeclaredInside(symbol, function))
                {
                    var field = _layout.NameOf(symbol);
                    if (!reads.ContainsKey(field))
                    {
                        if (IsWrittenOnceItExists(symbol, function) || MayMutateInPlace(symbol)) NotCovered($"{NotCoveredClosure} a variable written again after its declaration");
                        reads.Add(field, _layout.TypeOf(symbol));
                    }
                }
                else if (symbol is IParameterSymbol { ContainingSymbol: IMethodSymbol { MethodKind: MethodKind.Constructor } })
                {
                    AddInstance(reads);
                }
                else if (!symbol.IsStatic && IsUnqualified(name) && IsMember(symbol))
                {
                    AddInstance(reads);
                }
            }

            return reads;
        }

        private void AddInstance(Dictionary<string, string> reads)
        {
            if (reads.ContainsKey(ThisField)) return;
            var type = _model.GetDeclaredSymbol(_method!)?.ContainingType;
            if (type is null || type.IsValueType) NotCovered($"{NotCoveredClosure} this in a struct");
            reads.Add(ThisField, type?.ToDisplayString(MethodShellParser.TypeFormat) ?? "object");
        }

        private static bool IsDeclaredInside(ISymbol symbol, SyntaxNode node)
            => symbol.Locations.FirstOrDefault() is { IsInSource: true } location && location.SourceTree == node.SyntaxTree && node.Span.Contains(location.SourceSpan);

        // The instance first, then by name: the order of a lifted function's first parameters and of every call's arguments.
        private static IReadOnlyList<(string Name, string Type)> Ordered(Dictionary<string, string> reads)
            => reads.OrderBy(r => r.Key == ThisField ? 0 : 1).ThenBy(r => r.Key, System.StringComparer.Ordinal).Select(r => (r.Key, r.Value)).ToList();

        /// <summary>The local functions <paramref name="node"/> calls (their original definitions).</summary>
        private IEnumerable<ISymbol> CalledLocalFunctions(SyntaxNode node)
            => node.DescendantNodes().OfType<InvocationExpressionSyntax>()
                .Select(i => i.Expression is IdentifierNameSyntax or GenericNameSyntax ? _model.GetSymbolInfo(i.Expression).Symbol : null)
                .OfType<IMethodSymbol>().Where(m => m.MethodKind == MethodKind.LocalFunction).Select(m => m.OriginalDefinition);

        /// <summary>Run's locals (not fields) <paramref name="function"/> names that are declared outside it.</summary>
        private IEnumerable<ILocalSymbol> CapturedLocals(SyntaxNode function)
            => function.DescendantNodes().OfType<IdentifierNameSyntax>().Select(i => _model.GetSymbolInfo(i).Symbol).OfType<ILocalSymbol>()
                .Where(l => !_layout.IsLive(l) && !IsDeclaredInside(l, function) && l.Locations.Length > 0).Distinct(SymbolEqualityComparer.Default).Cast<ILocalSymbol>();

        /// <summary>
        /// The statement the writer prints whole that holds <paramref name="function"/> (the outermost enclosing statement
        /// with no resume point), or the statement whose header holds it: the factory is declared before it.
        /// </summary>
        private StatementSyntax? HostStatement(SyntaxNode function)
        {
            // From the nearest out: the statements with no resume point come first (each holds the one before it).
            var statements = function.Ancestors().TakeWhile(a => a != BodyNode).OfType<StatementSyntax>().ToList();
            return statements.TakeWhile(s => !HoldsResumePoint(s)).LastOrDefault() ?? statements.FirstOrDefault();
        }

        /// <summary>The names declared inside <paramref name="node"/> (parameters, locals, pattern and range variables).</summary>
        private HashSet<string> DeclaredNames(SyntaxNode node)
            => new(node.DescendantNodesAndSelf().Select(n => n switch
            {
                ParameterSyntax p => p.Identifier.ValueText,
                VariableDeclaratorSyntax v => v.Identifier.ValueText,
                SingleVariableDesignationSyntax d => d.Identifier.ValueText,
                ForEachStatementSyntax f => f.Identifier.ValueText,
                CatchDeclarationSyntax c => c.Identifier.ValueText,
                FromClauseSyntax q => q.Identifier.ValueText,
                LetClauseSyntax q => q.Identifier.ValueText,
                JoinClauseSyntax q => q.Identifier.ValueText,
                QueryContinuationSyntax q => q.Identifier.ValueText,
                _ => null,
            }).Where(n => n is not null).Select(n => n!), System.StringComparer.Ordinal);

        /// <summary>Whether the body writes <paramref name="variable"/> anywhere but in its declaration.</summary>
        private bool IsWrittenAfterDeclaration(ISymbol variable)
            => BodyNode.DescendantNodes().OfType<IdentifierNameSyntax>()
                .Where(i => i.Identifier.ValueText == variable.Name && SymbolEqualityComparer.Default.Equals(_model.GetSymbolInfo(i).Symbol, variable))
                .Any(LocalFunctions.IsWritten);

        /// <summary>
        /// Whether the body may write <paramref name="variable"/> once <paramref name="function"/> exists: any write but an
        /// assignment, increment or decrement before it in the text that is outside every lambda and local function (which
        /// may run later) and every loop around it (a later iteration writes again), and any write of a body with a goto
        /// (which may jump back). A variable written only before the closure exists has one value for it.
        /// </summary>
        private bool IsWrittenOnceItExists(ISymbol variable, SyntaxNode function)
        {
            var writes = BodyNode.DescendantNodes().OfType<IdentifierNameSyntax>()
                .Where(i => i.Identifier.ValueText == variable.Name && SymbolEqualityComparer.Default.Equals(_model.GetSymbolInfo(i).Symbol, variable))
                .Where(LocalFunctions.IsWritten).ToList();
            if (writes.Count == 0) return false;
            if (BodyNode.DescendantNodes().OfType<GotoStatementSyntax>().Any()) return true;
            var loops = function.Ancestors().TakeWhile(a => a != BodyNode)
                .Where(a => a is ForStatementSyntax or WhileStatementSyntax or DoStatementSyntax or CommonForEachStatementSyntax).ToList();
            return writes.Any(w => w.SpanStart >= function.SpanStart
                                   || w.Ancestors().SkipWhile(a => a is ParenthesizedExpressionSyntax or TupleExpressionSyntax or ArgumentSyntax { Parent: TupleExpressionSyntax }).FirstOrDefault() is not (AssignmentExpressionSyntax or PrefixUnaryExpressionSyntax or PostfixUnaryExpressionSyntax)
                                   || w.Ancestors().TakeWhile(a => a != BodyNode).Any(IsFunction)
                                   || loops.Any(l => l.Span.Contains(w.Span)));
        }

        /// <summary>
        /// Whether a use of <paramref name="variable"/>, of a mutable struct type, may change it in place (a member written or
        /// called on it): a closure's copy would not see that.
        /// </summary>
        private bool MayMutateInPlace(ISymbol variable)
        {
            var type = variable switch { ILocalSymbol l => l.Type, IParameterSymbol p => p.Type, _ => null };
            if (type is null || !type.IsValueType || type.IsReadOnly || type.SpecialType != SpecialType.None || type.TypeKind == TypeKind.Enum) return false;
            return BodyNode.DescendantNodes().OfType<IdentifierNameSyntax>()
                .Where(i => i.Identifier.ValueText == variable.Name && SymbolEqualityComparer.Default.Equals(_model.GetSymbolInfo(i).Symbol, variable))
                .Any(i => i.Parent is MemberAccessExpressionSyntax access && access.Expression == i && (access.Parent is InvocationExpressionSyntax || LocalFunctions.IsWritten(access)));
        }

        /// <summary>The body's lambdas, local functions and queries not inside another.</summary>
        private IEnumerable<SyntaxNode> OutermostFunctions()
            => BodyNode.DescendantNodes(n => n == BodyNode || !IsFunction(n)).Where(IsFunction);

        private bool IsOutermostFunction(SyntaxNode function) => !function.Ancestors().TakeWhile(a => a != BodyNode).Any(IsFunction);

        private static bool IsFunction(SyntaxNode node) => AwaitSites.IsNestedFunction(node) || node is QueryExpressionSyntax;

        private static bool IsStatic(SyntaxNode function) => function switch
        {
            AnonymousFunctionExpressionSyntax lambda => lambda.Modifiers.Any(SyntaxKind.StaticKeyword),
            LocalFunctionStatementSyntax local => local.Modifiers.Any(SyntaxKind.StaticKeyword),
            _ => false,
        };
    }
}
