using System.Collections.Generic;
using System.Linq;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Operations;

namespace Prewired.CodeFixes.Closures
{
    /// <summary>
    /// What one local function uses from outside itself, as written (nested lambdas and local functions included): the
    /// variables it captures directly, <c>this</c> and where it is used, and the local functions declared outside it that
    /// it calls (a static local function may not refer to one that is not static).
    /// </summary>
    internal sealed class LocalFunctionFacts
    {
        private LocalFunctionFacts(LocalFunctionStatementSyntax syntax, IMethodSymbol symbol)
        {
            Syntax = syntax;
            Symbol = symbol;
        }

        public LocalFunctionStatementSyntax Syntax { get; }

        public IMethodSymbol Symbol { get; }

        public bool IsAsyncOrIterator => Symbol.IsAsync || MemberReferences.IsIterator(Syntax);

        public HashSet<Capture> Direct { get; } = new();

        /// <summary>Local functions declared outside this one that it refers to (calls, or converts), not static.</summary>
        public HashSet<IMethodSymbol> Callees { get; } = new(SymbolEqualityComparer.Default);

        /// <summary><c>this</c> expressions and the names reached through an implicit <c>this</c>.</summary>
        public List<SyntaxNode> ThisReferences { get; } = new();

        /// <summary>Why it cannot be made static, or null.</summary>
        public string? Problem { get; private set; }

        public static LocalFunctionFacts Collect(MemberReferences references, LocalFunctionStatementSyntax syntax, IMethodSymbol symbol, CancellationToken cancellationToken)
        {
            var facts = new LocalFunctionFacts(syntax, symbol);
            if (syntax.Body is null && syntax.ExpressionBody is null) return facts.Fail("it has no body");
            foreach (var referenced in references.Symbols)
            {
                if (SymbolEqualityComparer.Default.Equals(referenced, symbol)) continue;
                if (MemberReferences.IsDeclaredIn(referenced, syntax)) continue;
                if (!references.Of(referenced).Any(n => syntax.Span.Contains(n.Span) && !references.IsInNameOf(n))) continue;
                switch (referenced)
                {
                    case IMethodSymbol { IsStatic: false } callee:
                        facts.Callees.Add(callee);
                        break;
                    case ILocalSymbol { IsConst: false } or IParameterSymbol:
                        // A primary constructor's parameter is state of the instance, not of the member.
                        if (!MemberReferences.IsDeclaredIn(referenced, references.Root)) return facts.Fail($"it uses '{referenced.Name}', which is not declared in the member");
                        facts.Direct.Add(Capture.Of(referenced));
                        break;
                }
            }

            var operation = references.Model.GetOperation(syntax, cancellationToken);
            foreach (var instance in operation?.Descendants().OfType<IInstanceReferenceOperation>() ?? Enumerable.Empty<IInstanceReferenceOperation>())
            {
                if (instance.ReferenceKind != InstanceReferenceKind.ContainingTypeInstance) continue;
                SyntaxNode? node = instance.Syntax switch
                {
                    ThisExpressionSyntax @this => @this,
                    BaseExpressionSyntax => null,
                    SimpleNameSyntax name when instance.IsImplicit => name,
                    InvocationExpressionSyntax { Expression: SimpleNameSyntax name } when instance.IsImplicit => name,
                    _ => null,
                };
                if (node is null) return facts.Fail("it uses 'base' or 'this' in a way the fix does not rewrite");
                facts.Direct.Add(Capture.This);
                facts.ThisReferences.Add(node);
            }

            return facts;
        }

        private LocalFunctionFacts Fail(string problem)
        {
            Problem = problem;
            return this;
        }
    }
}
