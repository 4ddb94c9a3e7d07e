using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace Prewired.CodeFixes.Closures
{
    /// <summary>
    /// Whether a use of a variable can change it: assigned (also compound, <c>??=</c>, deconstruction), incremented,
    /// passed by <c>ref</c> or <c>out</c>, aliased (<c>ref</c> local, address taken), or a struct mutated through it
    /// (a field assigned, a method or property that is not <c>readonly</c> called on it). A variable the local function
    /// changes must reach it by <c>ref</c>; a copy would lose the write.
    /// </summary>
    internal static class VariableWrites
    {
        public static bool IsWritten(IOperation? reference)
        {
            var current = reference;
            while (current?.Parent is { } parent)
            {
                switch (parent)
                {
                    case IAssignmentOperation assignment:
                        return assignment.Target == current;
                    case IIncrementOrDecrementOperation:
                    case IAddressOfOperation:
                        return true;
                    case IArgumentOperation argument:
                        return argument.Parameter?.RefKind is RefKind.Ref or RefKind.Out;
                    case IVariableInitializerOperation { Parent: IVariableDeclaratorOperation declarator }:
                        return declarator.Symbol.RefKind != RefKind.None;
                    case IReturnOperation:
                        return false;
                    case ITupleOperation:
                        // A deconstruction target: '(a, b) = ...' assigns the tuple.
                        current = parent;
                        continue;
                    case IFieldReferenceOperation field when field.Instance == current && MayBeMutable(current.Type):
                        // 's.X = 1' changes the struct s.
                        current = parent;
                        continue;
                    case IPropertyReferenceOperation property when property.Instance == current && MayBeMutable(current.Type):
                        if (property.Property.GetMethod is { IsReadOnly: true } && property.Property.SetMethod is null) return false;
                        return true;
                    case IInvocationOperation invocation when invocation.Instance == current && MayBeMutable(current.Type):
                        return !invocation.TargetMethod.IsReadOnly;
                    default:
                        return false;
                }
            }

            return false;
        }

        /// <summary>A struct (or type parameter that may be one) whose members may change it in place.</summary>
        private static bool MayBeMutable(ITypeSymbol? type) => type switch
        {
            null => false,
            ITypeParameterSymbol parameter => !parameter.HasReferenceTypeConstraint,
            { IsReferenceType: true } => false,
            { TypeKind: TypeKind.Enum } => false,
            { IsValueType: true } => !type.IsReadOnly && type.SpecialType == SpecialType.None,
            _ => false,
        };
    }
}
