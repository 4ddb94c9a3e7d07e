using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Prewired.Generator.MarkedMethods;
using Prewired.Generator.Marks;
using Prewired.Generator.TailAwait;

namespace Prewired.Generator.FastPath
{
    /// <summary>
    /// The parameters of a method's one continuation (issue 19) and what each hand-off passes in them: the resume point,
    /// one slot per awaiter type (the pending awaiter goes in its own type's slot, which the state machine's starter gives to
    /// the builder), and the union of the state that is live at any await. A hand-off passes <c>default!</c> for what is not live at its await: the continuation never
    /// reads it before writing it on that path (that is what "not live" means).
    /// </summary>
    internal sealed class ContinuationLayout
    {
        public const string StateParameter = "__state";

        private readonly Dictionary<string, string> _slotByType = new(System.StringComparer.Ordinal);
        private readonly Dictionary<ISymbol, string> _names = new(SymbolEqualityComparer.Default);
        private readonly List<(string Type, string Name)> _slots = new();
        private readonly List<(ISymbol Symbol, string Type)> _live = new();
        private readonly List<(string Type, string Name)> _synthetic = new();
        private readonly HashSet<ISymbol> _alwaysPassed = new(SymbolEqualityComparer.Default);

        // Per resume point, the generated variables of the written-out statements around it (in scope there on the
        // synchronous path, and set: the exception a catch block resumes with, an enumerator's position).
        private readonly Dictionary<int, HashSet<string>> _constructNames = new();

        private ContinuationLayout(string name) => Name = name;

        /// <summary>
        /// The type of what a hand-off at <paramref name="split"/> passes in its slot: a custom awaitable's awaiter as the
        /// synchronous path asked it (the starter gives it to the builder without asking it again), else the awaitable.
        /// </summary>
        private string SlotType(SplitPoint split) => split.Custom is { } custom ? custom.AwaiterType : split.AwaitableTypeName!;

        /// <summary>The continuation's name, e.g. "GetAsync__Resume".</summary>
        public string Name { get; }

        /// <summary>Null when the body has no split await (so nothing to continue).</summary>
        public static ContinuationLayout? Create(string name, IReadOnlyList<SplitPoint> splits, SyntaxNode bodyNode, SemanticModel model, Lowering lowering)
        {
            if (splits.Count == 0) return null;
            var layout = new ContinuationLayout(name);
            foreach (var split in splits)
            {
                var type = layout.SlotType(split);
                if (!layout._slotByType.ContainsKey(type))
                {
                    var slot = "__awaitable" + layout._slots.Count;
                    layout._slotByType.Add(type, slot);
                    layout._slots.Add((type, slot));
                }
            }

            var displays = new Dictionary<ISymbol, HashSet<string>>(SymbolEqualityComparer.Default);
            foreach (var split in splits)
            {
                foreach (var variable in split.LiveIn)
                {
                    if (!displays.TryGetValue(variable, out var seen)) displays.Add(variable, seen = new HashSet<string>(System.StringComparer.Ordinal));
                    seen.Add(HandOffNullability.Display(variable, split, bodyNode, model));
                }

                var construct = ConstructVariables(split, bodyNode, lowering).ToList();
                layout._constructNames[split.Index] = new HashSet<string>(construct.Select(c => c.Name), System.StringComparer.Ordinal);
                foreach (var synthetic in split.Synthetic.Concat(construct))
                {
                    if (!layout._synthetic.Any(s => s.Name == synthetic.Name)) layout._synthetic.Add(synthetic);
                }
            }

            // The body's parameters it names: the continuation prints code that runs only on paths other than the resumed
            // one (the rest of an iteration that began before the hand-off), which must still compile; the synchronous
            // path always has them.
            if (model.GetDeclaredSymbol(bodyNode.Parent!) is IMethodSymbol method && method.Parameters.Length > 0)
            {
                var names = new HashSet<string>(method.Parameters.Select(p => p.Name), System.StringComparer.Ordinal);
                foreach (var identifier in bodyNode.DescendantNodes().OfType<IdentifierNameSyntax>())
                {
                    if (!names.Contains(identifier.Identifier.ValueText) || model.GetSymbolInfo(identifier).Symbol is not IParameterSymbol parameter
                        || !SymbolEqualityComparer.Default.Equals(parameter.ContainingSymbol, method) || displays.ContainsKey(parameter))
                    {
                        continue;
                    }

                    displays.Add(parameter, new HashSet<string> { parameter.Type.ToDisplayString(SourceNames.TypeFormat) });
                    layout._alwaysPassed.Add(parameter);
                }
            }

            foreach (var pair in displays.OrderBy(p => p.Key.Locations.FirstOrDefault()?.SourceSpan.Start ?? 0))
            {
                // Non-null at one await and maybe-null at another: the declared type (the continuation reports no nullable
                // warnings, see ContinuationWriter; the annotation is for the reader).
                layout._live.Add((pair.Key, pair.Value.Count == 1 ? pair.Value.First() : VariableTypes.Display(pair.Key, model)));
            }

            layout.NameVariables(bodyNode, model);
            return layout;
        }

        /// <summary>
        /// The generated variables of the written-out statements around an await (a foreach's enumerator, a using's
        /// resource, a try's caught exceptions and recorded return): the continuation re-enters those statements past the
        /// code that sets them, so they are parameters, and the hand-off at an await inside such a statement passes them
        /// even where the await does not read them (a catch block's exception picks the block the continuation resumes in).
        /// </summary>
        private static IEnumerable<(string Type, string Name)> ConstructVariables(SplitPoint split, SyntaxNode bodyNode, Lowering lowering)
        {
            SyntaxNode child = split.Await;
            foreach (var ancestor in split.Await.Ancestors().TakeWhile(a => a != bodyNode))
            {
                // Only around the await, never in a header the await is part of: there the synchronous path has not
                // declared them yet (foreach (var x in await Load())).
                if (lowering.ForEach(ancestor) is { } forEach && child == forEach.Statement.Statement)
                {
                    foreach (var variable in forEach.Variables) yield return variable;
                }

                if (ancestor is UsingStatementSyntax { Declaration: null } usingStatement && child == usingStatement.Statement && lowering.Using(ancestor) is { } resource)
                {
                    yield return (resource.ResourceType, resource.ResourceVariable);
                }

                if (ancestor is TryStatementSyntax tryStatement)
                {
                    // The caught exceptions are declared before the try block and its catch clauses; a finally that awaits
                    // runs after the statement written out, where they are out of scope.
                    if (child is BlockSyntax or CatchClauseSyntax)
                    {
                        foreach (var clause in lowering.AwaitingCatches(tryStatement)) yield return ("global::System.Exception", lowering.Caught(clause)!);
                    }

                    if (lowering.Finally(tryStatement) is { } pending)
                    {
                        yield return ("global::System.Exception", pending.ErrorVariable);
                        if (pending.HasReturns)
                        {
                            yield return ("bool", pending.PendingVariable);
                            if (pending.ResultType is not null) yield return (pending.ResultType, pending.ReturnVariable);
                        }
                    }
                }

                child = ancestor;
            }
        }

        /// <summary>The name the continuation uses for a live variable (its own, unless another variable of the body has it).</summary>
        public string NameOf(ISymbol variable) => _names.TryGetValue(variable, out var name) ? name : MethodShellParser.EscapedName(variable.Name);

        /// <summary>The type a live variable's parameter (or state machine field) is declared with.</summary>
        public string TypeOf(ISymbol variable) => _live.First(l => SymbolEqualityComparer.Default.Equals(l.Symbol, variable)).Type;

        /// <summary>Whether the variable is a parameter of the continuation.</summary>
        public bool IsLive(ISymbol? variable) => variable is not null && _names.ContainsKey(variable);

        /// <summary>Whether a generated variable (spill temporary, enumerator, resource, caught exception) is a parameter.</summary>
        public bool IsSynthetic(string name) => _synthetic.Any(s => s.Name == name);

        /// <summary>Live variables whose continuation name differs from their own (another variable of the body has it).</summary>
        public IEnumerable<KeyValuePair<ISymbol, string>> Renamed => _names.Where(n => n.Value != MethodShellParser.EscapedName(n.Key.Name));

        /// <summary>The slot (a parameter of the starter) a split's pending awaitable travels in.</summary>
        private string SlotOf(SplitPoint split) => _slotByType[SlotType(split)];

        /// <summary>
        /// The state from the dispatch's jump to a resume label until that await takes its slot: below zero, so every
        /// "resuming?" test on the way reads false, and not -1, so the await knows it is arriving.
        /// </summary>
        public const int ArrivingState = -2;

        // The live variables the continuation's text never names: not passed (see KeepOnlyRead).
        private readonly HashSet<string> _unread = new(System.StringComparer.Ordinal);

        /// <summary>
        /// Drops the parameters the written continuation never names (issue 19): the body's parameters, passed so that code
        /// the continuation prints may use them, and live state only code it does not print reads. Generated variables stay
        /// (the synchronous path declares some with a constant only the hand-off reads: CS0219 without it). Each would be a field
        /// of the continuation's boxed state machine, copied at every hand-off. <paramref name="named"/> are the identifiers
        /// of the continuation's code (tokens, so comments and strings do not count; a name that only looks like one, a
        /// member's, keeps its parameter, which is harmless).
        /// </summary>
        public void KeepOnlyRead(ISet<string> named)
        {
            _named = named;
            foreach (var (symbol, _) in _live)
            {
                if (!named.Contains(NameOf(symbol).TrimStart('@'))) _unread.Add(NameOf(symbol));
            }
        }

        /// <summary>"GetAsync__" for "GetAsync__Resume": the prefix every generated member of one method's fast path shares.</summary>
        public static string PrefixOf(string resumeName) => resumeName.Substring(0, resumeName.Length - "Resume".Length);

        // Per thing only the type can name (a primary constructor parameter, a base method), its accessor: keyed by the
        // symbol's display string, in the order the continuation first uses it.
        private readonly List<(string Key, string Name, string Declaration, bool CallsBase, bool IsMethod)> _accessors = new();

        /// <summary>
        /// The members a state-machine continuation reaches through an accessor of the type, because a nested struct cannot
        /// name them: a primary constructor parameter (CS9105; <c>private T X__p => p;</c>, which captures nothing the body
        /// did not capture already) and a base method (<c>private R X__base0_M(int a) => base.M(a);</c>, the base's
        /// implementation, which only a member of the type can call). A written parameter's accessor has a setter.
        /// </summary>
        // A base property's accessor is a property (no DebuggerStepThrough or StackTraceHidden there): its frame shows in a stack trace.
        public IEnumerable<(string Declaration, bool CallsBase)> Accessors => _accessors.Select(a => (a.Declaration, a.CallsBase && a.IsMethod));

        /// <summary>The accessor that reads <paramref name="parameter"/>, a primary constructor parameter, and writes it when
        /// the body does (<paramref name="writable"/>).</summary>
        public string PrimaryConstructorAccessor(IParameterSymbol parameter, bool writable)
        {
            var variable = MethodShellParser.EscapedName(parameter.Name);
            var body = writable ? $"{{ get => {variable}; set => {variable} = value; }}" : $"=> {variable};";
            return Accessor(parameter, PrefixOf(Name) + parameter.Name, name => $"private {parameter.Type.ToDisplayString(MethodShellParser.TypeFormat)} {name} {body}", callsBase: false);
        }

        /// <summary>The accessor that calls <paramref name="method"/> on the base.</summary>
        public string BaseCallAccessor(IMethodSymbol method)
        {
            var parameters = string.Join(", ", method.Parameters.Select(p => (p.IsParams ? "params " : string.Empty) + MethodShellParser.RefKindPrefix(p.RefKind) + p.Type.ToDisplayString(MethodShellParser.TypeFormat) + " " + MethodShellParser.EscapedName(p.Name)));
            // A ref readonly parameter is passed with 'in' (both are accepted; 'in' also by C# 12's older readers).
            var forwarded = string.Join(", ", method.Parameters.Select(p => MethodShellParser.RefKindPrefix(p.RefKind == RefKind.RefReadOnlyParameter ? RefKind.In : p.RefKind) + MethodShellParser.EscapedName(p.Name)));
            var returns = method.ReturnsVoid ? "void" : method.ReturnType.ToDisplayString(MethodShellParser.TypeFormat);
            return Accessor(method, $"{PrefixOf(Name)}base{_accessors.Count(a => a.CallsBase)}_{method.Name}",
                name => $"private {returns} {name}({parameters}) => base.{MethodShellParser.EscapedName(method.Name)}({forwarded});", callsBase: true);
        }

        /// <summary>The accessor property that reads <paramref name="property"/> on the base (and writes it when the body
        /// does, <paramref name="writable"/>: a write anywhere makes the one accessor writable).</summary>
        public string BasePropertyAccessor(IPropertySymbol property, bool writable)
        {
            var name = MethodShellParser.EscapedName(property.Name);
            var type = property.Type.ToDisplayString(MethodShellParser.TypeFormat);
            var key = property.ToDisplayString();
            for (var i = 0; i < _accessors.Count; i++)
            {
                var existing = _accessors[i];
                if (existing.Key != key) continue;
                // Written after an earlier read: the same accessor, now with its setter.
                if (writable && !existing.Declaration.Contains(" set => ")) _accessors[i] = (existing.Key, existing.Name, $"private {type} {existing.Name} {{ get => base.{name}; set => base.{name} = value; }}", existing.CallsBase, existing.IsMethod);
                return existing.Name;
            }

            return Accessor(property, $"{PrefixOf(Name)}base{_accessors.Count(a => a.CallsBase)}_{property.Name}",
                accessor => writable ? $"private {type} {accessor} {{ get => base.{name}; set => base.{name} = value; }}" : $"private {type} {accessor} => base.{name};", callsBase: true, isMethod: false);
        }

        private string Accessor(ISymbol symbol, string name, System.Func<string, string> declaration, bool callsBase, bool isMethod = true)
        {
            var key = symbol.ToDisplayString();
            foreach (var accessor in _accessors)
            {
                if (accessor.Key == key) return accessor.Name;
            }

            _accessors.Add((key, name, declaration(name), callsBase, isMethod));
            return name;
        }

        // The identifiers of the written continuation's code (KeepOnlyRead).
        private ISet<string> _named = new HashSet<string>(System.StringComparer.Ordinal);

        /// <summary>Whether the written continuation's code names <paramref name="identifier"/> (e.g. the instance's field:
        /// the state machine keeps <c>this</c> only then, as the compiler's does).</summary>
        public bool Names(string identifier) => _named.Contains(identifier);

        /// <summary>The field of a state-machine continuation that holds <paramref name="split"/>'s pending awaiter.</summary>
        public string AwaiterField(SplitPoint split) => "__pendingAwaiter" + SlotOf(split).Substring("__awaitable".Length);

        /// <summary>Whether <paramref name="name"/> is a field of a state-machine continuation: a name printed code cannot
        /// use for anything else there (a static member of that name is qualified by its type).</summary>
        public bool NamesStateField(string name)
            => name.StartsWith("__", System.StringComparison.Ordinal) || _names.ContainsValue(name) || _synthetic.Any(s => s.Name == name);

        /// <summary>The parameter of a slot's awaitable, as the state-machine continuation's starter names it.</summary>
        public string SlotName(SplitPoint split) => SlotOf(split);

        /// <summary>The state a state-machine continuation keeps in its fields: the live variables the continuation names
        /// and the generated ones (<see cref="Parameters"/> without the resume point and the slots).</summary>
        public IEnumerable<(string Type, string Name)> StateFields()
            => _live.Where(l => !_unread.Contains(NameOf(l.Symbol))).Select(l => (l.Type, NameOf(l.Symbol))).Concat(_synthetic);

        public string Parameters()
        {
            var parameters = new List<string> { "int " + StateParameter };
            parameters.AddRange(_slots.Select(s => $"{s.Type} {s.Name}"));
            parameters.AddRange(_live.Where(l => !_unread.Contains(NameOf(l.Symbol))).Select(l => $"{l.Type} {NameOf(l.Symbol)}"));
            parameters.AddRange(_synthetic.Select(s => $"{s.Type} {s.Name}"));
            return string.Join(", ", parameters);
        }

        /// <summary>The arguments of the hand-off at <paramref name="split"/>: <paramref name="awaitable"/> in its slot, the
        /// synchronous path's own variables where they are live there.</summary>
        public string Arguments(SplitPoint split, string awaitable)
        {
            var arguments = new List<string> { split.Index.ToString(System.Globalization.CultureInfo.InvariantCulture) };
            var slot = SlotOf(split);
            arguments.AddRange(_slots.Select(s => s.Name == slot ? awaitable : "default!"));
            arguments.AddRange(_live.Where(l => !_unread.Contains(NameOf(l.Symbol))).Select(l => _alwaysPassed.Contains(l.Symbol) || split.LiveIn.Contains(l.Symbol, SymbolEqualityComparer.Default) ? MethodShellParser.EscapedName(l.Symbol.Name) : "default!"));
            arguments.AddRange(_synthetic.Select(s => split.Synthetic.Any(own => own.Name == s.Name) || _constructNames[split.Index].Contains(s.Name) ? Passed(s) : "default!"));
            return string.Join(", ", arguments);
        }

        /// <summary>
        /// A generated variable as the hand-off passes it. A caught exception (or a finally's recorded one) is null until
        /// its clause catches, and the compiler's flow analysis may know it null at the hand-off (in a later catch block,
        /// after the earlier one's 'is not null' test failed), while its parameter is not annotated (the file may not
        /// enable nullable, CS8669): passed with '!', as its declaration is initialized with 'null!'.
        /// </summary>
        private static string Passed((string Type, string Name) synthetic) => synthetic.Type == ExceptionType ? synthetic.Name + "!" : synthetic.Name;

        private const string ExceptionType = "global::System.Exception";

        /// <summary>
        /// A live local keeps its name unless some other variable of the body (a sibling scope's, a lambda's) has the same
        /// one: as a parameter it is in scope in the whole continuation, where that other declaration would clash (CS0136).
        /// </summary>
        private void NameVariables(SyntaxNode bodyNode, SemanticModel model)
        {
            var declared = new List<ISymbol>();
            foreach (var node in bodyNode.DescendantNodes())
            {
                var symbol = node switch
                {
                    VariableDeclaratorSyntax or SingleVariableDesignationSyntax or ForEachStatementSyntax or CatchDeclarationSyntax
                        or ParameterSyntax or LocalFunctionStatementSyntax or FromClauseSyntax or LetClauseSyntax or JoinClauseSyntax
                        or QueryContinuationSyntax => model.GetDeclaredSymbol(node),
                    _ => null,
                };
                if (symbol is not null) declared.Add(symbol);
            }

            var taken = new HashSet<string>(declared.Select(d => d.Name), System.StringComparer.Ordinal);
            foreach (var (symbol, _) in _live)
            {
                var name = MethodShellParser.EscapedName(symbol.Name);
                // A catch variable is declared again by its catch clause, which the continuation keeps (to catch into the
                // generated variable); the parameter carrying it needs a name of its own.
                var caught = symbol.DeclaringSyntaxReferences.FirstOrDefault()?.GetSyntax() is CatchDeclarationSyntax;
                if (symbol is ILocalSymbol && (caught || declared.Any(d => d.Name == symbol.Name && !SymbolEqualityComparer.Default.Equals(d, symbol))))
                {
                    var suffix = 1;
                    while (taken.Contains(symbol.Name + "__" + suffix)) suffix++;
                    name = symbol.Name + "__" + suffix;
                    taken.Add(name);
                }

                _names.Add(symbol, name);
            }
        }
    }
}
