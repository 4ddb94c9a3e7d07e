using System.Collections.Generic;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.FlowAnalysis;

namespace Prewired.Analyzers.Closures
{
    /// <summary>
    /// A captured variable: a local, a parameter, or <c>this</c> (which the compiler treats as a parameter of the
    /// top-level method). One instance per symbol, so sets of variables compare by reference.
    /// </summary>
    internal sealed class Variable
    {
        private Variable(ISymbol? symbol, string name)
        {
            Symbol = symbol;
            Name = name;
        }

        /// <summary>Null for <c>this</c>.</summary>
        public ISymbol? Symbol { get; }

        public string Name { get; }

        public bool IsThis => Symbol is null;

        public static Variable This() => new(null, "this");

        public static Variable For(ISymbol symbol) => new(symbol, symbol.Name);

        /// <summary>Parameters first, then locals, each in declaration order, then <c>this</c>: how the message lists them.</summary>
        public (int Kind, int Ordinal, int Position) SortKey => Symbol switch
        {
            null => (2, 0, 0),
            IParameterSymbol parameter => (0, parameter.Ordinal, 0),
            _ => (1, 0, Symbol.Locations.Length > 0 ? Symbol.Locations[0].SourceSpan.Start : 0),
        };
    }

    /// <summary>
    /// The top-level method, or one lambda or local function in it: the compiler's <c>NestedFunction</c>, plus the control
    /// flow graph of its body.
    /// </summary>
    internal sealed class Function
    {
        public Function(IMethodSymbol symbol, ControlFlowGraph graph, Function? parent, ControlFlowRegion? declaringRegion, bool isLambda, int position)
        {
            Symbol = symbol;
            Graph = graph;
            Parent = parent;
            DeclaringRegion = declaringRegion;
            IsLambda = isLambda;
            Position = position;
            // Every lambda is a delegate (the compiler's MethodsConvertedToDelegates holds them all).
            ConvertedToDelegate = isLambda;
        }

        public IMethodSymbol Symbol { get; }

        public ControlFlowGraph Graph { get; }

        /// <summary>The function whose body declares this one; null for the top-level method.</summary>
        public Function? Parent { get; }

        /// <summary>The region of <see cref="Parent"/>'s graph this function is declared (a local function) or created (a lambda) in.</summary>
        public ControlFlowRegion? DeclaringRegion { get; }

        public bool IsLambda { get; }

        /// <summary>Start of its syntax: source order.</summary>
        public int Position { get; }

        public bool IsIterator { get; set; }

        /// <summary>A lambda, or a local function used as a method group somewhere (not only called).</summary>
        public bool ConvertedToDelegate { get; set; }

        /// <summary>Locals, parameters and <c>this</c> declared outside this function and used in it (or in a function nested in it).</summary>
        public HashSet<Variable> CapturedVariables { get; } = new();

        /// <summary>Local functions declared outside this function and called or referenced in it (or in a function nested in it).</summary>
        public HashSet<Function> CapturedFunctions { get; } = new();

        /// <summary>The class or struct environments this function reaches; computed by <see cref="EnvironmentRules"/>.</summary>
        public List<ClosureEnvironment> CapturedEnvironments { get; } = new();

        /// <summary>Per basic block of <see cref="Graph"/>: the nested functions instantiated (lambdas), called or converted there.</summary>
        public Dictionary<int, HashSet<Function>> UsesByBlock { get; } = new();

        public Scope Root { get; set; } = null!;

        /// <summary>The scope of <see cref="Parent"/> this function is declared in; null for the top-level method.</summary>
        public Scope? DeclaringScope { get; set; }

        /// <summary>
        /// The compiler's <c>CanTakeRefParameters</c>: only such functions can share a struct environment (passed by ref).
        /// </summary>
        public bool CanTakeRefParameters => !Symbol.IsAsync && !IsIterator && !ConvertedToDelegate;
    }

    /// <summary>
    /// The compiler's <c>Scope</c>: the function root (parameters and the body block's locals; <c>this</c> too for the
    /// top-level method) or a region of the control flow graph that declares locals (a nested block, a loop iteration, a
    /// catch, a using, a switch). Only scopes declaring a captured variable are modelled: the others have no environment.
    /// </summary>
    internal sealed class Scope
    {
        public Scope(Function function, ControlFlowRegion? region)
        {
            Function = function;
            Region = region;
        }

        public Function Function { get; }

        /// <summary>Null for the function root.</summary>
        public ControlFlowRegion? Region { get; }

        public bool IsRoot => Region is null;

        /// <summary>The nearest enclosing modelled scope; for a function root, the scope its function is declared in.</summary>
        public Scope? Parent { get; set; }

        public List<Scope> Children { get; } = new();

        /// <summary>The captured variables declared in this scope.</summary>
        public List<Variable> Declared { get; } = new();

        public ClosureEnvironment? Environment { get; set; }

        /// <summary>The compiler's closuresCapturingScopeVariables: functions that reach this scope's environment, also through a child environment.</summary>
        public HashSet<Function> CapturingFunctions { get; } = new();

        public int FirstBlock => Region?.FirstBlockOrdinal ?? 0;

        public int LastBlock => Region?.LastBlockOrdinal ?? Function.Graph.Blocks.Length - 1;
    }

    /// <summary>The compiler's <c>ClosureEnvironment</c>: a display class (or struct) holding a scope's captured variables.</summary>
    internal sealed class ClosureEnvironment
    {
        public ClosureEnvironment(IEnumerable<Variable> variables, bool isStruct)
        {
            Variables = new List<Variable>(variables);
            IsStruct = isStruct;
        }

        public List<Variable> Variables { get; }

        public bool IsStruct { get; }

        /// <summary>The class environment of an outer scope that this one points to (the compiler's CapturesParent).</summary>
        public ClosureEnvironment? ParentEnvironment { get; set; }

        /// <summary>
        /// Set when the only variable is <c>this</c> and the compiler drops the environment (InlineThisOnlyEnvironments):
        /// the closures become instance methods of the containing type.
        /// </summary>
        public bool InlinedAsThis { get; set; }
    }
}
