using System.Collections.Generic;
using System.Linq;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Operations;
using Prewired.Generator.MarkedMethods;
using Prewired.Generator.SharedRules;

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
    internal sealed class ContextGuardAnalysis
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

        /// <param name="receiver">The instance the member is called on, when the call site shows it.</param>
        /// <param name="nonVirtualCall">A call the compiler emits without virtual dispatch (a base call).</param>
        private string? CheckMethod(IMethodSymbol method, int depth, IOperation? receiver = null, bool nonVirtualCall = false)
        {
            method = method.ReducedFrom ?? method;
            var resolved = false;
            if (IsOverridable(method))
            {
                if (SafeMetadataMembers.IsFrameworkEncodingMember(method, receiver)) return null;
                var implementation = nonVirtualCall && !method.IsAbstract ? method : Implementation(method, receiver);
                if (implementation is null || implementation.IsAbstract) return Display(method) + " (virtual: an override could do anything)";
                method = implementation;
                resolved = true;
            }

            if (IsAsyncOrGenerated(method)) return null;
            var fromSource = method.Locations.Any(l => l.IsInSource);

            // A call binds to a partial method's declaring half; the body is in the implementing half. Without one in
            // this view, another generator may implement it ([LoggerMessage]): the call is real and its body unknown.
            if (fromSource && method.IsPartialDefinition)
            {
                if (method.PartialImplementationPart is null) return Display(method) + " (a partial method without a body here: another generator may implement it)";
                method = method.PartialImplementationPart;
            }

            // A source method's verdict is its body's, the same for every type argument; a framework member's depends on
            // the type arguments (List<int>.Contains is inert, List<UserType>.Contains calls the user's Equals).
            var definition = fromSource ? method.OriginalDefinition : method;
            if (_verdicts.TryGetValue(definition, out var known)) return known;

            string? verdict;
            if (method.IsImplicitlyDeclared && method.ContainingType.Locations.Any(l => l.IsInSource)
                && method.MethodKind is not (MethodKind.Constructor or MethodKind.PropertyGet or MethodKind.PropertySet))
            {
                // Compiler-synthesized members (record Equals, ==, Clone, ToString, Deconstruct) call user code the
                // analysis cannot see from here, such as a user-written Equals or copy constructor.
                verdict = Display(method) + " (synthesized by the compiler: it may call user-written members)";
            }
            else if (method.MethodKind == MethodKind.Constructor && method.IsImplicitlyDeclared && method.ContainingType.Locations.Any(l => l.IsInSource))
            {
                verdict = CheckInitializers(method.ContainingType, isStatic: false, depth) is { } culprit ? $"{Display(method)} (which runs {culprit})"
                    : ChainedConstructor(method, depth) is { } chained ? $"{Display(method)} (which chains to {chained})" : null;
            }
            else if (method.DeclaringSyntaxReferences.Length == 0 || method.Locations.All(l => !l.IsInSource))
            {
                verdict = SafeMetadataMembers.IsSafe(method, resolved) ? null : Display(method);
            }
            else if (method.IsAbstract || method.IsExtern)
            {
                verdict = Display(method) + " (no body to read)";
            }
            else if (depth >= MaxDepth)
            {
                verdict = Display(method) + " (calls nested too deeply to prove)";
            }
            else if (++_bodies > MaxBodies)
            {
                verdict = Display(method) + $" (more than {MaxBodies} methods to read to prove it)";
            }
            else
            {
                _verdicts[definition] = null; // Recursion assumes the best; any unsafe call inside still decides.
                verdict = CheckSourceBody(method, depth);
            }

            _verdicts[definition] = verdict;
            return verdict;
        }

        /// <summary>
        /// Touching a static member of a source type may run its static constructor and static initializers first;
        /// they are code like any other.
        /// </summary>
        private string? CheckStaticInitialization(ISymbol member, int depth)
        {
            if (!member.IsStatic || member.ContainingType is not { } type || !type.Locations.Any(l => l.IsInSource)) return null;
            if (member is IFieldSymbol { IsConst: true }) return null;
            var staticConstructor = type.StaticConstructors.FirstOrDefault(c => !c.IsImplicitlyDeclared);
            if (staticConstructor is not null) return CheckMethod(staticConstructor, depth);
            return CheckInitializers(type, isStatic: true, depth);
        }

        /// <summary>The field and property initializers a constructor runs before its own body.</summary>
        private string? CheckInitializers(INamedTypeSymbol type, bool isStatic, int depth)
        {
            var verdicts = isStatic ? _staticInitializers : _instanceInitializers;
            var definition = type.OriginalDefinition;
            if (verdicts.TryGetValue(definition, out var known)) return known;
            if (depth >= MaxDepth) return $"the initializers of '{type.Name}' (nested too deeply to prove)";
            verdicts[definition] = null;
            var verdict = FirstUnsafeInitializer(type, isStatic, depth);
            verdicts[definition] = verdict;
            return verdict;
        }

        private string? FirstUnsafeInitializer(INamedTypeSymbol type, bool isStatic, int depth)
        {
            foreach (var member in type.GetMembers())
            {
                if (member.IsStatic != isStatic || member is not (IFieldSymbol or IPropertySymbol)) continue;
                foreach (var reference in member.DeclaringSyntaxReferences)
                {
                    var initializer = reference.GetSyntax(_cancellationToken) switch
                    {
                        VariableDeclaratorSyntax { Initializer: { } i } => i.Value,
                        PropertyDeclarationSyntax { Initializer: { } i } => i.Value,
                        _ => null,
                    };
                    if (initializer is null) continue;
                    var culprit = FirstUnsafe(initializer, SemanticModels.For(_compilation, initializer.SyntaxTree), depth + 1);
                    if (culprit is not null) return $"the initializer of '{type.Name}.{member.Name}' (which calls {culprit})";
                }
            }

            return null;
        }

        /// <summary>The this(...) or base(...) call a constructor makes, written or implicit.</summary>
        private string? ChainedConstructor(IMethodSymbol constructor, int depth)
        {
            foreach (var reference in constructor.DeclaringSyntaxReferences)
            {
                if (reference.GetSyntax(_cancellationToken) is ConstructorDeclarationSyntax { Initializer: { } initializer })
                {
                    return FirstUnsafe(initializer, SemanticModels.For(_compilation, initializer.SyntaxTree), depth + 1);
                }
            }

            // A struct constructor chains to nothing: ValueType's constructor is never called.
            if (constructor.ContainingType.IsValueType) return null;
            var baseType = constructor.ContainingType.BaseType;
            if (baseType is null || baseType.SpecialType == SpecialType.System_Object) return null;
            var implicitBase = baseType.InstanceConstructors.FirstOrDefault(c => c.Parameters.Length == 0);
            return implicitBase is null ? null : CheckMethod(implicitBase, depth);
        }

        private string? CheckSourceBody(IMethodSymbol method, int depth)
        {
            // An instance constructor that does not chain to this(...) runs the instance initializers first.
            if (method.MethodKind == MethodKind.Constructor)
            {
                var chainsToThis = method.DeclaringSyntaxReferences.Any(r => r.GetSyntax(_cancellationToken) is ConstructorDeclarationSyntax { Initializer.ThisOrBaseKeyword.RawKind: (int)SyntaxKind.ThisKeyword });
                var initializers = chainsToThis ? null : CheckInitializers(method.ContainingType, isStatic: false, depth);
                if (initializers is not null) return $"{Display(method)} (which runs {initializers})";
                var chained = ChainedConstructor(method, depth);
                if (chained is not null) return $"{Display(method)} (which chains to {chained})";
            }

            foreach (var reference in method.DeclaringSyntaxReferences)
            {
                var syntax = reference.GetSyntax(_cancellationToken);
                SyntaxNode? body = syntax switch
                {
                    BaseMethodDeclarationSyntax m => (SyntaxNode?)m.Body ?? m.ExpressionBody,
                    AccessorDeclarationSyntax a => (SyntaxNode?)a.Body ?? a.ExpressionBody,
                    ArrowExpressionClauseSyntax arrow => arrow,
                    LocalFunctionStatementSyntax f => (SyntaxNode?)f.Body ?? f.ExpressionBody,
                    _ => null,
                };
                if (body is null) continue; // auto-property accessor, or the other half of a partial method
                var model = SemanticModels.For(_compilation, syntax.SyntaxTree);
                var culprit = FirstUnsafe(body, model, depth + 1);
                if (culprit is not null) return $"{Display(method)} (which calls {culprit})";
            }

            return null;
        }

        /// <summary>Virtual, abstract or an interface member, in a type that can be derived from.</summary>
        private static bool IsOverridable(IMethodSymbol method)
            => (method.IsAbstract || method.IsVirtual || method.IsOverride && !method.IsSealed || method.ContainingType.TypeKind == TypeKind.Interface)
               && !(method.ContainingType.IsSealed || method.ContainingType.IsValueType);

        /// <summary>
        /// The implementation a virtual or interface call reaches when the receiver's type is exact: a sealed class or a
        /// struct (not a type parameter), or a new object; null when an override elsewhere could be the one.
        /// </summary>
        private static IMethodSymbol? Implementation(IMethodSymbol method, IOperation? receiver)
        {
            while (receiver is IConversionOperation { IsImplicit: true } conversion) receiver = conversion.Operand;
            var type = receiver?.Type as INamedTypeSymbol;
            if (type is null || !(receiver is IObjectCreationOperation || type.IsSealed || type.IsValueType)) return null;
            return ImplementationIn(type, method);
        }

        /// <summary>What a call of <paramref name="method"/> runs on an object whose runtime type is exactly <paramref name="type"/>.</summary>
        private static IMethodSymbol? ImplementationIn(INamedTypeSymbol type, IMethodSymbol method)
        {
            if (method.ContainingType.TypeKind == TypeKind.Interface)
            {
                // The interface maps to a method that may itself be virtual: the type's override of it is what runs.
                if (type.FindImplementationForInterfaceMember(method) is not IMethodSymbol mapped) return null;
                if (!(mapped.IsVirtual || mapped.IsOverride || mapped.IsAbstract) || mapped.ContainingType.TypeKind == TypeKind.Interface) return mapped;
                method = mapped;
            }

            for (var current = type; current is not null; current = current.BaseType)
            {
                foreach (var candidate in current.GetMembers(method.Name).OfType<IMethodSymbol>())
                {
                    for (var overridden = candidate; overridden is not null; overridden = overridden.OverriddenMethod)
                    {
                        if (!SymbolEqualityComparer.Default.Equals(overridden.OriginalDefinition, method.OriginalDefinition)) continue;
                        return candidate.IsGenericMethod && method.IsGenericMethod ? candidate.Construct(method.TypeArguments.ToArray()) : candidate;
                    }
                }
            }

            return null;
        }

        /// <summary>
        /// A call to a [Conditional] method whose symbols are all undefined where it is written: the compiler leaves it
        /// out, arguments and all (Debug.Assert in a Release build). A symbol counts as defined when the build defines it
        /// or the file has a #define of it anywhere (an #undef is ignored: that only keeps calls the compiler drops).
        /// </summary>
        private static bool IsOmittedConditionalCall(IMethodSymbol method, SemanticModel model)
        {
            var symbols = new List<string>();
            for (var current = method.ReducedFrom ?? method; current is not null; current = current.OverriddenMethod)
            {
                foreach (var attribute in current.GetAttributes())
                {
                    if (KnownTypes.IsType(attribute.AttributeClass, "System.Diagnostics.ConditionalAttribute")
                        && attribute.ConstructorArguments.Length == 1 && attribute.ConstructorArguments[0].Value is string symbol)
                    {
                        symbols.Add(symbol);
                    }
                }
            }

            if (symbols.Count == 0) return false;
            var tree = model.SyntaxTree;
            var defined = new HashSet<string>(tree.Options.PreprocessorSymbolNames);
            foreach (var directive in tree.GetRoot().DescendantTrivia(descendIntoTrivia: true).Select(t => t.GetStructure()).OfType<DefineDirectiveTriviaSyntax>())
            {
                defined.Add(directive.Name.ValueText);
            }

            return !symbols.Any(defined.Contains);
        }

        private static bool IsAsyncOrGenerated(IMethodSymbol method)
        {
            if (method.IsAsync) return true;
            foreach (var attribute in method.GetAttributes().Concat(method.PartialDefinitionPart?.GetAttributes() ?? Enumerable.Empty<AttributeData>()))
            {
                if (KnownTypes.IsType(attribute.AttributeClass, "System.Runtime.CompilerServices.AsyncStateMachineAttribute") || KnownTypes.MarkOf(attribute) is not null) return true;
            }

            return false;
        }

        private static string Display(ISymbol? symbol)
            => "'" + ((symbol as IMethodSymbol)?.AssociatedSymbol ?? symbol)?.ToDisplayString(SymbolDisplayFormat.CSharpShortErrorMessageFormat) + "'";
    }
}
