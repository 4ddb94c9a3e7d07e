using System.Collections.Generic;
using System.Linq;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Operations;
using Prewired.Generator.FastPath;
using Prewired.Generator.Marks;
using Prewired.Generator.TailAwait;

namespace Prewired.Generator.ContextGuard
{
    /// <summary>
    /// Decides statically whether the synchronous part of a generated method can change ExecutionContext (AsyncLocal
    /// values) or SynchronizationContext.Current. An async method restores both when it returns to its caller, so the
    /// generated method must too; but the guard costs about 5 ns a call, so it is left out where no change is possible:
    /// every call is to an async method (its own builder restores the contexts), to a Prewired-generated method, to a
    /// method of this compilation whose body passes the same test (followed through nested calls, within
    /// <see cref="MaxDepth"/> and <see cref="MaxBodies"/>), or to a framework member known to be inert
    /// (<see cref="SafeMetadataMembers"/>), or is a [Conditional] call the compiler leaves out, and the rest is reads,
    /// literals and operators. A virtual or interface call counts as the implementation it reaches when the receiver
    /// fixes it (a sealed class, a struct, a new object, a base call); otherwise an override could do anything.
    /// </summary>
    internal sealed partial class ContextGuardAnalysis
    {
        private const int MaxDepth = 6;

        /// <summary>How many same-compilation bodies one decision reads at most; past it, a callee counts as unproven.</summary>
        private const int MaxBodies = 200;

        private int _bodies;
        private readonly Compilation _compilation;
        private readonly CancellationToken _cancellationToken;
        private readonly Dictionary<IMethodSymbol, string?> _verdicts = new(SymbolEqualityComparer.Default);

        // Per type, its static (or instance) initializers' verdict: they may read the type's own static members, whose
        // static initialization is these same initializers, so a type in progress counts as safe (like a recursive call).
        private readonly Dictionary<INamedTypeSymbol, string?> _staticInitializers = new(SymbolEqualityComparer.Default);
        private readonly Dictionary<INamedTypeSymbol, string?> _instanceInitializers = new(SymbolEqualityComparer.Default);

        private ContextGuardAnalysis(Compilation compilation, CancellationToken cancellationToken)
        {
            _compilation = compilation;
            _cancellationToken = cancellationToken;
        }

        public static ContextGuardDecision Decide(SyntaxNode body, SemanticModel model, CancellationToken cancellationToken)
        {
            var analysis = new ContextGuardAnalysis(model.Compilation, cancellationToken);
            var culprit = analysis.FirstUnsafe(body, model, depth: 0);
            return culprit is null
                ? new ContextGuardDecision(false, "No context guard: nothing in the synchronous part can change ExecutionContext or SynchronizationContext (only async or Prewired-generated methods, inert framework members, reads, literals and operators).")
                : new ContextGuardDecision(true, $"Context guard: the synchronous part calls {culprit}, which may change ExecutionContext or SynchronizationContext; both are restored before returning, as the async method builder does.", culprit);
        }

        /// <summary>The display of the first member that may change a context, or null when none can.</summary>
        private string? FirstUnsafe(SyntaxNode body, SemanticModel model, int depth)
        {
            var root = model.GetOperation(body, _cancellationToken);
            if (root is null) return "code the compiler could not bind";
            foreach (var operation in root.DescendantsAndSelf())
            {
                var culprit = operation switch
                {
                    IInvocationOperation invocation => IsOmittedConditionalCall(invocation.TargetMethod, model) ? null
                        : CheckMethod(invocation.TargetMethod, depth, invocation.Instance, nonVirtualCall: !invocation.IsVirtual),
                    IObjectCreationOperation creation => creation.Constructor is null ? null : CheckMethod(creation.Constructor, depth),
                    IPropertyReferenceOperation property => CheckProperty(property, depth) ?? CheckStaticInitialization(property.Property, depth),
                    IFieldReferenceOperation field => CheckStaticInitialization(field.Field, depth),
                    IBinaryOperation { OperatorMethod: { } method } => CheckMethod(method, depth),
                    IBinaryOperation binary when IsStringConcatenationWithObject(binary) => "ToString through string concatenation",
                    IUnaryOperation { OperatorMethod: { } method } => CheckMethod(method, depth),
                    IIncrementOrDecrementOperation { OperatorMethod: { } method } => CheckMethod(method, depth),
                    IConversionOperation { OperatorMethod: { } method } => CheckMethod(method, depth),
                    IEventAssignmentOperation => "an event accessor",
                    IDeconstructionAssignmentOperation deconstruction => CheckDeconstruction(deconstruction, model, depth),
                    IWithOperation { CloneMethod: { } clone } => CheckMethod(clone, depth),
                    IImplicitIndexerReferenceOperation implicitIndexer => CheckImplicitIndexer(implicitIndexer, depth),
                    IAwaitOperation awaitOperation => CheckAwait(awaitOperation),
                    IForEachLoopOperation loop => CheckForEach(loop, model, depth),
                    IUsingOperation usingOperation => CheckDispose(usingOperation.Resources, depth),
                    IUsingDeclarationOperation declaration => CheckDispose(declaration.DeclarationGroup, depth),
                    IInterpolationOperation interpolation when interpolation.Parent is not IInterpolatedStringOperation { Parent: IInterpolatedStringHandlerCreationOperation }
                        && !SafeMetadataMembers.IsPlainData(interpolation.Expression.Type ?? _compilation.ObjectType) => "ToString through string interpolation",
                    IDynamicInvocationOperation or IDynamicMemberReferenceOperation or IDynamicObjectCreationOperation or IDynamicIndexerAccessOperation => "a dynamic member",
                    _ => null,
                };
                if (culprit is not null) return culprit;
            }

            return null;
        }

        /// <summary>
        /// A plain read runs the getter and a plain assignment the setter; compound assignments, increments and
        /// deconstruction targets may run both, so both are checked.
        /// </summary>
        private string? CheckProperty(IPropertyReferenceOperation property, int depth)
        {
            var parent = property.Parent;
            var reads = !(parent is ISimpleAssignmentOperation simple && simple.Target == property) && parent is not ITupleOperation;
            var writes = parent is IAssignmentOperation assignment && assignment.Target == property
                         || parent is IIncrementOrDecrementOperation
                         || parent is ITupleOperation;
            var culprit = reads && property.Property.GetMethod is { } getter ? CheckMethod(getter, depth, property.Instance) : null;
            return culprit ?? (writes && property.Property.SetMethod is { } setter ? CheckMethod(setter, depth, property.Instance) : null);
        }

        /// <summary>
        /// A <c>using</c> calls IDisposable.Dispose on each resource: the implementation is known when the resource's type
        /// is a sealed class or a struct; otherwise a derived class could implement it anew.
        /// </summary>
        private string? CheckDispose(IOperation resources, int depth)
        {
            var types = resources switch
            {
                IVariableDeclarationGroupOperation group => group.Declarations.SelectMany(d => d.Declarators).Select(d => (ITypeSymbol?)d.Symbol.Type),
                IVariableDeclarationOperation single => single.Declarators.Select(d => (ITypeSymbol?)d.Symbol.Type),
                _ => new[] { resources.Type },
            };
            var dispose = _compilation.GetSpecialType(SpecialType.System_IDisposable).GetMembers("Dispose").OfType<IMethodSymbol>().FirstOrDefault();
            foreach (var type in types)
            {
                if (dispose is null || type is not INamedTypeSymbol named || !(named.IsSealed || named.IsValueType)
                    || ImplementationIn(named, dispose) is not { IsAbstract: false } implementation)
                {
                    return "a Dispose method";
                }

                var culprit = CheckMethod(implementation, depth, nonVirtualCall: true);
                if (culprit is not null) return culprit;
            }

            return null;
        }

        /// <summary><c>var (a, b) = x;</c> calls x's Deconstruct unless x is a tuple.</summary>
        private string? CheckDeconstruction(IDeconstructionAssignmentOperation deconstruction, SemanticModel model, int depth)
        {
            if (deconstruction.Value.Type is INamedTypeSymbol { IsTupleType: true } || deconstruction.Value is ITupleOperation) return null;
            if (deconstruction.Syntax is not AssignmentExpressionSyntax syntax) return "a Deconstruct method";
            var method = model.GetDeconstructionInfo(syntax).Method;
            return method is null ? "a Deconstruct method" : CheckMethod(method, depth);
        }

        /// <summary><c>items[^1]</c> reads a Length or Count property and calls an indexer or Slice.</summary>
        private string? CheckImplicitIndexer(IImplicitIndexerReferenceOperation indexer, int depth)
        {
            foreach (var member in new[] { indexer.LengthSymbol, indexer.IndexerSymbol })
            {
                var method = member switch
                {
                    IPropertySymbol p => p.GetMethod,
                    IMethodSymbol m => m,
                    _ => null,
                };
                var culprit = method is null ? Display(member) : CheckMethod(method, depth);
                if (culprit is not null) return culprit;
            }

            return null;
        }

        private static string? CheckAwait(IAwaitOperation awaitOperation)
        {
            var type = awaitOperation.Operation.Type;
            if (KnownTypes.ClassifyTaskType(type) is not null || KnownTypes.IsConfiguredAwaitable(type)) return null;
            return type is INamedTypeSymbol { Name: "YieldAwaitable" } ? null : $"the awaiter of '{type?.ToDisplayString()}'";
        }

        private string? CheckForEach(IForEachLoopOperation loop, SemanticModel model, int depth)
        {
            if (loop.Syntax is not CommonForEachStatementSyntax syntax) return "a foreach enumerator";
            // The compiler lowers foreach over an array or a string to an indexed loop: no enumerator runs. The operation
            // tree shows the collection converted to IEnumerable, so the type is read under that implicit conversion.
            var collection = loop.Collection;
            while (collection is IConversionOperation { IsImplicit: true } conversion) collection = conversion.Operand;
            if (collection.Type is IArrayTypeSymbol || collection.Type?.SpecialType == SpecialType.System_String) return null;
            var info = model.GetForEachStatementInfo(syntax);
            // The pattern's Dispose is reported as IDisposable.Dispose; the enumerator type's own Dispose is the one that runs.
            var dispose = info.GetEnumeratorMethod?.ReturnType.GetMembers("Dispose").OfType<IMethodSymbol>().FirstOrDefault(m => m.Parameters.Length == 0)
                          ?? info.DisposeMethod;
            // A framework collection's GetEnumerator proven inert hands out the framework's own enumerator, even when it is
            // typed as an interface (ConcurrentDictionary's IEnumerator<KeyValuePair<TKey, TValue>>).
            if (info.GetEnumeratorMethod is { } getEnumerator && !getEnumerator.Locations.Any(l => l.IsInSource)
                && getEnumerator.ReturnType.TypeKind == TypeKind.Interface && SafeMetadataMembers.IsSafe(getEnumerator, resolved: false))
            {
                return null;
            }

            foreach (var method in new[] { info.GetEnumeratorMethod, info.MoveNextMethod, info.CurrentProperty?.GetMethod, dispose })
            {
                var culprit = method is null ? null : CheckMethod(method, depth);
                if (culprit is not null) return culprit;
            }

            return null;
        }

        private bool IsStringConcatenationWithObject(IBinaryOperation binary)
            => binary.Type?.SpecialType == SpecialType.System_String
               && !(IsPlainOperand(binary.LeftOperand) && IsPlainOperand(binary.RightOperand));

        // "a" + 1 binds as string + object with a boxing conversion: the operand's own type decides what ToString runs.
        private bool IsPlainOperand(IOperation operand)
        {
            while (operand is IConversionOperation { IsImplicit: true } conversion) operand = conversion.Operand;
            return SafeMetadataMembers.IsPlainData(operand.Type ?? _compilation.ObjectType);
        }

        private static string Display(ISymbol? symbol)
            => "'" + ((symbol as IMethodSymbol)?.AssociatedSymbol ?? symbol)?.ToDisplayString(SymbolDisplayFormat.CSharpShortErrorMessageFormat) + "'";
    }
}
