using System;
using Microsoft.CodeAnalysis;

namespace Prewired.CodeFixes.Closures
{
    /// <summary>A captured variable: a local or a parameter, or <c>this</c> (no symbol).</summary>
    internal sealed class Capture : IEquatable<Capture>
    {
        public static readonly Capture This = new(null);

        private Capture(ISymbol? symbol) => Symbol = symbol;

        /// <summary>The local or parameter; null for <c>this</c>.</summary>
        public ISymbol? Symbol { get; }

        public bool IsThis => Symbol is null;

        public string Name => Symbol?.Name ?? "this";

        /// <summary>Where it is declared: the order the new parameters take (<c>this</c> first, as the receiver comes before the arguments).</summary>
        public int DeclarationPosition => Symbol is null ? -1 : Symbol.Locations[0].SourceSpan.Start;

        /// <summary>The variable's type; null for <c>this</c>.</summary>
        public ITypeSymbol? Type => Symbol switch
        {
            ILocalSymbol local => local.Type,
            IParameterSymbol parameter => parameter.Type,
            _ => null,
        };

        public static Capture Of(ISymbol symbol) => new(symbol);

        public bool Equals(Capture? other) => other is not null && SymbolEqualityComparer.Default.Equals(Symbol, other.Symbol);

        public override bool Equals(object? obj) => Equals(obj as Capture);

        public override int GetHashCode() => Symbol is null ? 0 : SymbolEqualityComparer.Default.GetHashCode(Symbol);
    }
}
