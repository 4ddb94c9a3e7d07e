using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Operations;
using Prewired.Generator.Marks;
using Prewired.Generator.TailAwait;

namespace Prewired.Generator.FastPath
{
    // Spills out of calls, element accesses and object creations: the receiver and the arguments before the await
    // evaluated first, into temporaries, in the order the compiler evaluates them; initializers member by member.
    internal sealed partial class SpillLowering
    {
        private ExpressionSyntax Invocation(InvocationExpressionSyntax invocation)
        {
            if (_model.GetSymbolInfo(invocation).Symbol is not IMethodSymbol method) return Fail("it is an argument of a call that is dynamic or does not bind, which is not spilled", invocation);
            if (!ContainsAwait(invocation.ArgumentList))
            {
                // await in the callee's receiver only: F(x).M(y) evaluates the receiver first anyway.
                return invocation.Expression is MemberAccessExpressionSyntax callee && !ContainsAwait(callee.Name)
                    ? invocation.WithExpression(callee.WithExpression(LowerExpression(callee.Expression))).WithArgumentList(Keep(invocation.ArgumentList))
                    : Fail("an await is nested in the callee of a call, which is not spilled", invocation);
            }

            var operands = new List<(ExpressionSyntax, Operand)>();
            var hasReceiver = false;
            switch (invocation.Expression)
            {
                case IdentifierNameSyntax or GenericNameSyntax when method.MethodKind != MethodKind.DelegateInvoke:
                    break; // this's own method, a static one or a local function: nothing is evaluated for the callee
                case MemberBindingExpressionSyntax when _bindingReceiver is not null:
                    break; // a?.M(...): the receiver is the conditional access's temporary, tested before
                case MemberAccessExpressionSyntax callee when method.MethodKind != MethodKind.DelegateInvoke:
                    if (_model.GetSymbolInfo(callee.Expression).Symbol is ITypeSymbol || callee.Expression is ThisExpressionSyntax or BaseExpressionSyntax) break;
                    if (method.IsStatic) return Fail("it is an argument of a static call through an instance, which is not spilled", invocation);
                    hasReceiver = true;
                    operands.Add((callee.Expression, ReceiverKind(callee.Expression, method)));
                    break;
                default:
                    if (method.MethodKind != MethodKind.DelegateInvoke) return Fail("it is an argument of a call whose callee is not a method name, which is not spilled", invocation);
                    hasReceiver = true;
                    operands.Add((invocation.Expression, Operand.Value));
                    break;
            }

            operands.AddRange(Arguments(invocation.ArgumentList, invocation));
            var lowered = Ordered(operands);
            var expression = !hasReceiver ? Keep(invocation.Expression)
                : invocation.Expression is MemberAccessExpressionSyntax access && method.MethodKind != MethodKind.DelegateInvoke ? access.WithExpression(lowered[0]).WithName(Keep(access.Name))
                : lowered[0];
            return invocation.WithExpression(expression).WithArgumentList(WithArguments(invocation.ArgumentList, lowered.Skip(hasReceiver ? 1 : 0).ToList()));
        }

        /// <summary>A call's receiver: a struct variable by reference (a mutating method changes it), anything else by value.</summary>
        private Operand ReceiverKind(ExpressionSyntax receiver, IMethodSymbol method)
        {
            if (method.MethodKind == MethodKind.ReducedExtension)
            {
                return method.ReducedFrom?.Parameters.FirstOrDefault()?.RefKind is null or RefKind.None ? Operand.Value
                    : IsVariable(receiver) ? Operand.Variable : Fail("it is an argument of a ref extension method, which is not spilled", Operand.Value);
            }

            var type = _model.GetTypeInfo(receiver).Type;
            return type is { IsReferenceType: false } && IsVariable(receiver) ? Operand.Variable : Operand.Value;
        }

        /// <summary>The arguments of a call or creation, in source order (their evaluation order), each by its ref kind.</summary>
        private List<(ExpressionSyntax, Operand)> Arguments(BaseArgumentListSyntax arguments, ExpressionSyntax call)
        {
            var operation = _model.GetOperation(call);
            var argumentOperations = operation switch
            {
                IInvocationOperation i => i.Arguments,
                IObjectCreationOperation c => c.Arguments,
                _ => System.Collections.Immutable.ImmutableArray<IArgumentOperation>.Empty,
            };
            var result = new List<(ExpressionSyntax, Operand)>();
            foreach (var argument in arguments.Arguments)
            {
                var parameter = argumentOperations.FirstOrDefault(a => a.Syntax == argument)?.Parameter;
                if (argument.RefKindKeyword.RawKind != 0)
                {
                    result.Add((argument.Expression, argument.Expression is DeclarationExpressionSyntax ? Operand.Kept : Operand.Variable));
                }
                else if (parameter is { RefKind: RefKind.In or RefKind.RefReadOnlyParameter })
                {
                    // An in (or ref readonly) parameter without a keyword: the compiler passes a variable itself (its
                    // location, held as a ref argument's), any other value as a copy made where it is evaluated.
                    result.Add((argument.Expression, IsVariable(argument.Expression) ? Operand.Variable : Operand.Value));
                }
                else if (parameter is { RefKind: not RefKind.None })
                {
                    Fail("it is an argument of a call with a ref parameter passed without 'ref', which is not spilled", argument);
                    result.Add((argument.Expression, Operand.Kept));
                }
                else
                {
                    result.Add((argument.Expression, Operand.Value));
                }
            }

            return result;
        }

        private static ArgumentListSyntax WithArguments(ArgumentListSyntax list, IReadOnlyList<ExpressionSyntax> expressions)
            => list.WithArguments(SyntaxFactory.SeparatedList(list.Arguments.Select((a, i) => Keep(a).WithExpression(expressions[i])), list.Arguments.GetSeparators()));

        private ExpressionSyntax ElementAccess(ElementAccessExpressionSyntax elementAccess)
        {
            if (elementAccess.ArgumentList.Arguments.Any(a => a.RefKindKeyword.RawKind != 0)) return Fail("it is an index passed by reference, which is not spilled", elementAccess);
            var type = _model.GetTypeInfo(elementAccess.Expression).Type;
            var receiverKind = type is { IsReferenceType: false } && IsVariable(elementAccess.Expression) ? Operand.Variable : Operand.Value;
            var operands = new List<(ExpressionSyntax, Operand)> { (elementAccess.Expression, receiverKind) };
            operands.AddRange(elementAccess.ArgumentList.Arguments.Select(a => (a.Expression, Operand.Value)));
            var lowered = Ordered(operands);
            return elementAccess.WithExpression(lowered[0]).WithArgumentList(elementAccess.ArgumentList.WithArguments(
                SyntaxFactory.SeparatedList(elementAccess.ArgumentList.Arguments.Select((a, i) => a.WithExpression(lowered[i + 1])), elementAccess.ArgumentList.Arguments.GetSeparators())));
        }

        /// <summary>
        /// <c>new T(args) { members }</c>: the arguments as a call's; with an await in the initializer, the object (with the
        /// members before that await) into a temporary, then one statement per member in order, each written out itself.
        /// </summary>
        private ExpressionSyntax Creation(BaseObjectCreationExpressionSyntax creation)
        {
            if (_model.GetSymbolInfo(creation).Symbol is not IMethodSymbol) return Fail("it is an argument of an object creation that does not bind, which is not spilled", creation);
            var arguments = creation.ArgumentList;
            if (arguments is not null && ContainsAwait(arguments))
            {
                var lowered = Ordered(Arguments(arguments, creation));
                arguments = WithArguments(arguments, lowered);
            }
            else if (arguments is not null)
            {
                arguments = Keep(arguments);
            }

            var initializer = creation.Initializer;
            if (initializer is null || !ContainsAwait(initializer))
            {
                return creation.WithArgumentList(arguments).WithInitializer(initializer is null ? null : Keep(initializer));
            }

            if (_overflowContext is not null) return Fail("it is in an object or collection initializer inside a checked or unchecked expression, which is not spilled yet", creation);
            var type = _model.GetTypeInfo(creation).Type;
            if (type is null || !LoweringShapes.IsNameable(type)) return Fail("it is in the initializer of an object whose type cannot be named, which is not spilled", creation);
            var first = initializer.Expressions.IndexOf(e => ContainsAwait(e));
            var head = creation.WithArgumentList(arguments).WithInitializer(first == 0 ? null
                : Keep(initializer.WithExpressions(SyntaxFactory.SeparatedList(initializer.Expressions.Take(first), initializer.Expressions.GetSeparators().Take(first - 1)))));
            if (head is ObjectCreationExpressionSyntax { ArgumentList: null } explicitCreation)
            {
                head = explicitCreation.WithType(explicitCreation.Type.WithoutTrailingTrivia()).WithArgumentList(SyntaxFactory.ArgumentList().WithTrailingTrivia(SyntaxFactory.Space));
            }

            var objectName = Temporary(creation, head.WithoutTrivia(), creation is ImplicitObjectCreationExpressionSyntax ? type.ToDisplayString(SourceNames.TypeFormat) : null);
            if (!InitializerMembers(SyntaxFactory.IdentifierName(objectName), initializer, initializer.Expressions.Skip(first), creation)) return Keep(creation);
            return SyntaxFactory.IdentifierName(objectName);
        }

        /// <summary>
        /// The members of an object or collection initializer from the first that awaits, one statement each on the object
        /// <paramref name="receiver"/> names, in order, as C# runs them: an element is a call of Add (the spec's own
        /// definition); <c>M = v</c> assigns; <c>[i] = v</c> evaluates its indices, then v, then sets; a nested initializer
        /// <c>M = { ... }</c> reads M again (its getter) for each of its own members, before the member's value, as Roslyn
        /// does, so a member that awaits reads M into a temporary first. False (with the reason recorded) when a member
        /// cannot be written out.
        /// </summary>
        private bool InitializerMembers(ExpressionSyntax receiver, InitializerExpressionSyntax initializer, IEnumerable<ExpressionSyntax> members, ExpressionSyntax creation)
        {
            var collection = initializer.IsKind(SyntaxKind.CollectionInitializerExpression);
            foreach (var member in members)
            {
                var awaits = ContainsAwait(member);
                if (collection)
                {
                    if (_model.GetCollectionInitializerSymbolInfo(member).Symbol is not IMethodSymbol)
                    {
                        Fail("it is an element of a collection initializer whose Add does not bind, which is not spilled", creation);
                        return false;
                    }

                    var values = member is InitializerExpressionSyntax complex ? complex.Expressions.ToList() : new List<ExpressionSyntax> { member };
                    var target = awaits && receiver is not IdentifierNameSyntax ? SyntaxFactory.IdentifierName(Temporary(member, receiver)) : receiver;
                    var lowered = awaits ? Ordered(values.Select(v => (v, Operand.Value)).ToList()) : values.Select(v => (ExpressionSyntax)Keep(v)).ToList();
                    Emit(SyntaxFactory.InvocationExpression(
                        SyntaxFactory.MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, target, SyntaxFactory.IdentifierName("Add")),
                        SyntaxFactory.ArgumentList(SyntaxFactory.SeparatedList(lowered.Select(l => SyntaxFactory.Argument(l.WithoutTrivia()))))));
                    continue;
                }

                if (member is not AssignmentExpressionSyntax { RawKind: (int)SyntaxKind.SimpleAssignmentExpression } memberAssignment)
                {
                    Fail("it is in a member initializer that is not an assignment, which is not spilled", creation);
                    return false;
                }

                if (memberAssignment.Left is ImplicitElementAccessSyntax indexed)
                {
                    // [i] = v: the indices (into temporaries unless stable), then v, then the indexer's setter.
                    if (memberAssignment.Right is InitializerExpressionSyntax || indexed.ArgumentList.Arguments.Any(a => a.RefKindKeyword.RawKind != 0 || a.NameColon is not null || ContainsAwait(a)))
                    {
                        Fail("it is in a nested indexed member initializer or one whose index awaits, which is not spilled yet", creation);
                        return false;
                    }

                    var indices = indexed.ArgumentList.Arguments.Select(a => SyntaxFactory.Argument(awaits ? Value(a.Expression).WithoutTrivia() : Keep(a.Expression).WithoutTrivia()));
                    var element = SyntaxFactory.ElementAccessExpression(receiver, SyntaxFactory.BracketedArgumentList(SyntaxFactory.SeparatedList(indices)));
                    Emit(SyntaxFactory.AssignmentExpression(SyntaxKind.SimpleAssignmentExpression, element, (awaits ? LowerExpression(memberAssignment.Right) : Keep(memberAssignment.Right)).WithoutTrivia()));
                    continue;
                }

                if (memberAssignment.Left is not IdentifierNameSyntax name)
                {
                    Fail("it is in a member initializer whose target is not a name, which is not spilled", creation);
                    return false;
                }

                var symbol = _model.GetSymbolInfo(name).Symbol;
                var access = SyntaxFactory.MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, receiver, Keep(name).WithoutTrivia());
                if (memberAssignment.Right is InitializerExpressionSyntax nested)
                {
                    // M = { ... }: M's value (a class: the same object each read returns is what C# initializes).
                    var memberType = symbol switch { IPropertySymbol property => property.Type, IFieldSymbol field => field.Type, _ => null };
                    if (memberType is null || !memberType.IsReferenceType)
                    {
                        Fail("it is in a nested initializer of a member that is not of a class type, which is not spilled", creation);
                        return false;
                    }

                    if (!InitializerMembers(access, nested, nested.Expressions, creation)) return false;
                    continue;
                }

                if (symbol is IPropertySymbol { SetMethod.IsInitOnly: true } || symbol is IPropertySymbol { IsRequired: true } || symbol is IFieldSymbol { IsRequired: true } || symbol is IEventSymbol)
                {
                    Fail("it initializes an init-only or required member, which cannot be assigned after the object is created", creation);
                    return false;
                }

                // A member of a nested object that awaits: the object (the getters on the way) read into a temporary first.
                var assigned = awaits && receiver is not IdentifierNameSyntax
                    ? SyntaxFactory.MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, SyntaxFactory.IdentifierName(Temporary(member, receiver)), Keep(name).WithoutTrivia())
                    : access;
                Emit(SyntaxFactory.AssignmentExpression(SyntaxKind.SimpleAssignmentExpression, assigned, (awaits ? LowerExpression(memberAssignment.Right) : Keep(memberAssignment.Right)).WithoutTrivia()));
            }

            return true;

            void Emit(ExpressionSyntax statement) => _template.Statement(SyntaxFactory.ExpressionStatement(statement).NormalizeWhitespace(), 0, _depth);
        }
    }
}
