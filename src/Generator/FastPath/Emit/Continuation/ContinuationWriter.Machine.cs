using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Prewired.Generator.Emit;
using Prewired.Generator.Marks;
using Prewired.Generator.TailAwait;

namespace Prewired.Generator.FastPath
{
    /// <summary>
    /// The continuation written as the Run method of a hand-made state machine (<see cref="ContinuationMachine"/>) rather
    /// than as an async method: the same statements, dispatch, labels and returns, but each await suspends by itself (the
    /// awaiter in a field, <c>AwaitUnsafeOnCompleted</c>, return) and resumes through the dispatch, as the compiler's
    /// MoveNext does; the body's instance members are reached through the <c>__this</c> field. What a struct's method cannot do
    /// itself, a nested type does through the instance: a closure takes the fields it reads by value (ContinuationWriter.Closures),
    /// a base call and a primary constructor parameter go through accessors of the type.
    /// </summary>
    internal sealed partial class ContinuationWriter
    {
        /// <summary>The field of the state machine holding the instance the body runs on.</summary>
        public const string ThisField = "__this";

        /// <summary>The field of the state machine holding its builder.</summary>
        public const string BuilderField = "__builder";

        /// <summary>The parameter of the state machine's Run that tells MoveNext the body suspended (see <see cref="ContinuationMachine"/>).</summary>
        public const string SuspendedParameter = "__suspended";

        // What Run returns when it suspends: nothing, or a default result that MoveNext does not read.
        private string _suspendReturn = "return;";

        /// <summary>
        /// Why the body's continuation cannot be a state machine, or null: an awaiter whose type C# cannot name cannot be a
        /// field. A lambda, local function or query is decided where Run prints it (<see cref="CaptureFactoryCall"/>).
        /// </summary>
        private static string? MachineBlocker(IReadOnlyList<SplitPoint> splits)
            => splits.Any(s => s.AwaiterTypeName is null) ? "an awaiter of a type that cannot be named in a state-machine continuation" : null;

        /// <summary>
        /// The await of <paramref name="split"/> in Run, written before the statement that uses its result: on arriving
        /// from the dispatch the awaiter is the one kept in the field; on a later pass the operand's awaiter, which suspends
        /// when it is not complete (its resume point in the state, the awaiter in the field, the builder told, return).
        /// Returns the expression of the result.
        /// </summary>
        private string WriteMachineAwait(SplitPoint split, bool testsSlot, string? operand)
        {
            var field = _layout.AwaiterField(split);
            var local = "__awaiter" + split.Index;
            var type = split.AwaiterTypeName!;
            if (_scopes.Count == 0)
            {
                // An arrow body: the await is all there is, and every MoveNext arrives at it.
                _lines.Line($"{State} = -1;");
                _lines.MappedLine($"{type} {local} = {field}; {field} = default;", split.MappedTo);
                return local + ".GetResult()";
            }

            if (testsSlot)
            {
                ResumeLabel(split, testsSlot: true);
                _lines.Line($"{type} {local};");
                _lines.MappedLine($"if ({State} != -1) {{ {State} = -1; {local} = {field}; {field} = default; }}", split.MappedTo);
                _lines.Line("else");
                _lines.OpenBrace();
                _lines.MappedLine($"{local} = ({operand}).GetAwaiter();", split.MappedTo);
                _lines.MappedLine($"if (!{local}.IsCompleted)", split.MappedTo);
                _lines.OpenBrace();
                _lines.Line($"{State} = {split.Index};");
                _lines.Line($"{field} = {local};");
                WriteSuspension(split, field);
                _lines.CloseBrace();
                _lines.CloseBrace();
                return local + ".GetResult()";
            }

            // The operand reads a local the dispatch's jump skips (CS0165 after the label): its awaiter is stored before the
            // label, so both the arriving pass and a later one find it in the field. Before the first label only the dispatch
            // arrives.
            if (!_beforeFirstLabel) _lines.MappedLine($"{field} = ({operand}).GetAwaiter();", split.MappedTo);
            var arrivesOnly = _beforeFirstLabel;
            ResumeLabel(split, testsSlot: true);
            if (arrivesOnly)
            {
                _lines.Line($"{State} = -1;");
            }
            else
            {
                _lines.MappedLine($"if ({State} != -1) {State} = -1;", split.MappedTo);
                _lines.MappedLine($"else if (!{field}.IsCompleted)", split.MappedTo);
                _lines.OpenBrace();
                _lines.Line($"{State} = {split.Index};");
                WriteSuspension(split, field);
                _lines.CloseBrace();
            }

            _lines.MappedLine($"{type} {local} = {field}; {field} = default;", split.MappedTo);
            return local + ".GetResult()";
        }

        /// <summary>
        /// The suspension at a pending await, its resume point and awaiter already stored, hidden from the debugger as the
        /// compiler's is. The flag is MoveNext's local, set before the builder is told: once it is, another thread may run
        /// this box's MoveNext, so nothing of the state machine is read after it.
        /// </summary>
        private void WriteSuspension(SplitPoint split, string field)
        {
            _lines.Line($"{SuspendedParameter} = true;");
            _lines.Line($"{BuilderField}.{ContinuationMachine.OnCompleted(split.Custom)}(ref {field}, ref this);");
            _lines.Line(_suspendReturn);
        }

        /// <summary>
        /// What MoveNext prints differently from an async method: <c>this</c> and the instance members the body names without
        /// a receiver are the <see cref="ThisField"/>'s; a static member whose name a field of the state machine takes is
        /// qualified by its type. Returns true when it printed <paramref name="node"/>.
        /// </summary>
        private bool ReplaceInMachine(SyntaxNode node, SyntaxPrinter printer)
        {
            switch (node)
            {
                case MemberAccessExpressionSyntax { Expression: BaseExpressionSyntax, Parent: InvocationExpressionSyntax invocation } access when invocation.Expression == access
                                                                                                                            && BaseCallTarget(invocation) is { } baseMethod:
                    // The base's implementation, which only a member of the type can call: through an accessor of the type.
                    printer.Write(ThisField + "." + _layout.BaseCallAccessor(baseMethod));
                    return true;
                case MemberAccessExpressionSyntax { Expression: BaseExpressionSyntax } access when BasePropertyTarget(access) is { } baseProperty:
                    // The base's property, read (and written) through an accessor of the type, as a base call is.
                    printer.Write(ThisField + "." + _layout.BasePropertyAccessor(baseProperty, writable: LocalFunctions.IsWritten(access)));
                    return true;
                case BaseExpressionSyntax:
                    NotCovered("a base member access other than a call of a non-generic method with every argument written, in a state-machine continuation");
                    return false;
                case AnonymousFunctionExpressionSyntax or QueryExpressionSyntax when CaptureFactoryCall(node) is { } call:
                    printer.Write(call);
                    return true;
                case ParameterListSyntax or ArgumentListSyntax or IdentifierNameSyntax when ReplaceInClosure(node, printer):
                    return true;
                case ThisExpressionSyntax:
                    printer.Write(ThisField);
                    return true;
                case SimpleNameSyntax name when IsUnqualified(name) && _model.GetSymbolInfo(name).Symbol is { } symbol:
                    if (symbol is IParameterSymbol { ContainingSymbol: IMethodSymbol { MethodKind: MethodKind.Constructor } } primary)
                    {
                        if (!ReachesThroughAccessor(name, primary))
                        {
                            NotCovered("a primary constructor parameter passed by reference, named in nameof or of a mutable struct type in a state-machine continuation");
                            return false;
                        }

                        printer.Write(ThisField + "." + _layout.PrimaryConstructorAccessor(primary, writable: IsWrittenAfterDeclaration(primary)));
                        return true;
                    }

                    if (!IsMember(symbol)) return false;
                    if (!symbol.IsStatic)
                    {
                        printer.Write(ThisField + ".");
                        printer.Unchanged(name);
                        return true;
                    }

                    if (!_layout.NamesStateField(name.Identifier.ValueText)) return false;
                    printer.Write(symbol.ContainingType.ToDisplayString(SourceNames.TypeFormat) + ".");
                    printer.Unchanged(name);
                    return true;
                default:
                    return false;
            }
        }

        /// <summary>
        /// The base method <paramref name="invocation"/> calls, when an accessor with the same parameters can stand for it:
        /// not generic, not returning by reference, and every argument written (named or not), without a params expansion
        /// (the accessor states no default values).
        /// </summary>
        private IMethodSymbol? BaseCallTarget(InvocationExpressionSyntax invocation)
        {
            if (_model.GetSymbolInfo(invocation).Symbol is not IMethodSymbol { IsGenericMethod: false, ReturnsByRef: false, ReturnsByRefReadonly: false } method) return null;
            var arguments = invocation.ArgumentList.Arguments;
            // Named arguments name the accessor's parameters, which are the base method's: evaluated in the order written, as the call's.
            if (arguments.Count != method.Parameters.Length) return null;
            if (_model.GetOperation(invocation) is not Microsoft.CodeAnalysis.Operations.IInvocationOperation operation
                || operation.Arguments.Any(a => a.ArgumentKind != Microsoft.CodeAnalysis.Operations.ArgumentKind.Explicit))
            {
                return null;
            }

            return method.Parameters.Any(p => !LoweringShapes.IsNameable(p.Type)) || (!method.ReturnsVoid && !LoweringShapes.IsNameable(method.ReturnType)) ? null : method;
        }

        /// <summary>
        /// The base property <paramref name="access"/> reads or writes, when an accessor property of the type can stand for
        /// it: not an indexer, not returning by reference, of a type C# can name, with a getter (the accessor has one), and
        /// the setter a write needs.
        /// </summary>
        private IPropertySymbol? BasePropertyTarget(MemberAccessExpressionSyntax access)
        {
            if (access.Parent is InvocationExpressionSyntax invocation && invocation.Expression == access) return null;
            if (_model.GetSymbolInfo(access).Symbol is not IPropertySymbol { IsIndexer: false, ReturnsByRef: false, ReturnsByRefReadonly: false, IsStatic: false } property) return null;
            if (!LoweringShapes.IsNameable(property.Type)) return null;
            var written = LocalFunctions.IsWritten(access);
            if (access.Parent is ArgumentSyntax { RefKindKeyword.RawKind: not 0 }) return null;
            if (property.GetMethod is null || written && (property.SetMethod is null || property.SetMethod.IsInitOnly)) return null;
            return property;
        }

        /// <summary>
        /// Whether a use of a primary constructor parameter can go through an accessor property (a getter, and a setter when
        /// the body writes it): a read or a write of a reference, a primitive, an enum or a readonly struct. A ref/out/in
        /// argument or a <c>ref</c> needs the variable itself (a property cannot return a primary constructor parameter by
        /// reference, CS8166), and a mutable struct's members called on the accessor's copy would not mutate it.
        /// </summary>
        private static bool ReachesThroughAccessor(SimpleNameSyntax name, IParameterSymbol parameter)
        {
            var type = parameter.Type;
            var copyIsSafe = type.IsReferenceType || type.SpecialType != SpecialType.None || type.TypeKind == TypeKind.Enum
                             || (type.IsValueType && type.IsReadOnly);
            if (!copyIsSafe) return false;
            if (name.Ancestors().OfType<InvocationExpressionSyntax>().Any(i => i.Expression is IdentifierNameSyntax { Identifier.ValueText: "nameof" })) return false;

            // Up through parentheses and tuples: (ref p, x) is not a tuple of values.
            SyntaxNode node = name;
            while (node.Parent is ParenthesizedExpressionSyntax or TupleExpressionSyntax || node.Parent is ArgumentSyntax { Parent: TupleExpressionSyntax }) node = node.Parent;
            return node.Parent switch
            {
                ArgumentSyntax argument => argument.RefKindKeyword.IsKind(SyntaxKind.None),
                RefExpressionSyntax => false,
                _ => true,
            };
        }

        private static bool IsMember(ISymbol symbol) => symbol switch
        {
            IMethodSymbol method => method.MethodKind is MethodKind.Ordinary or MethodKind.DelegateInvoke,
            IFieldSymbol or IPropertySymbol or IEventSymbol => true,
            _ => false,
        };

        /// <summary>A name with no receiver of its own: not the member of an access, a named argument, an initializer's member.</summary>
        private static bool IsUnqualified(SimpleNameSyntax name)
        {
            switch (name.Parent)
            {
                case MemberAccessExpressionSyntax access when access.Name == name:
                case MemberBindingExpressionSyntax:
                case QualifiedNameSyntax:
                case AliasQualifiedNameSyntax:
                case NameColonSyntax:
                case NameEqualsSyntax:
                case AssignmentExpressionSyntax assignment when assignment.Left == name && assignment.Parent is InitializerExpressionSyntax:
                    return false;
            }

            // { A.B: 1 }: a property pattern's member path names the tested value's members.
            return !name.Ancestors().TakeWhile(a => a is ExpressionSyntax or ExpressionColonSyntax).Any(a => a is ExpressionColonSyntax);
        }

        /// <summary>A finally clause of a try that holds a resume point: in MoveNext it must not run when the method suspends
        /// (returns with a resume point in the state), as the compiler's MoveNext guards its finally blocks.</summary>
        protected override void WriteFinallyClause(FinallyClauseSyntax finallyClause)
        {
            _lines.Line("finally");
            _lines.OpenBrace();
            _lines.Line($"if ({State} < 0)");
            SyntaxPrinter.PrintStatement(finallyClause.Block, _lines, Replace);
            _lines.CloseBrace();
        }
    }
}
