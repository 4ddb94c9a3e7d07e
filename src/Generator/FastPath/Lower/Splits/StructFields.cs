using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Prewired.Generator.Awaits;

namespace Prewired.Generator.FastPath
{
    /// <summary>
    /// A struct local declared without a value and assigned field by field (<c>TestStruct t; t.i = 12;</c>, or a field passed
    /// as <c>out</c>): the compiler's definite assignment follows each field, so such a local can be read through a field
    /// after an await while the whole is never "definitely assigned" there (dotnet/roslyn's HoistStructure emit test: the
    /// continuation used a fresh default and printed 0).
    /// </summary>
    internal static class StructFields
    {
        public static bool AssignsFieldByField(ILocalSymbol local, SemanticModel model)
        {
            if (local.Type is not { IsValueType: true, TypeKind: TypeKind.Struct }) return false;
            if (local.DeclaringSyntaxReferences.FirstOrDefault()?.GetSyntax() is not VariableDeclaratorSyntax { Initializer: null } declarator) return false;
            var scope = declarator.Ancestors().OfType<BlockSyntax>().FirstOrDefault();
            if (scope is null) return false;
            foreach (var access in scope.DescendantNodes(n => !AwaitSites.IsNestedFunction(n)).OfType<MemberAccessExpressionSyntax>())
            {
                var root = access;
                while (root.Expression is MemberAccessExpressionSyntax inner) root = inner;
                if (root.Expression is not IdentifierNameSyntax { } name || name.Identifier.ValueText != local.Name) continue;
                var outermost = access;
                while (outermost.Parent is MemberAccessExpressionSyntax parent && parent.Expression == outermost) outermost = parent;
                var written = outermost.Parent switch
                {
                    AssignmentExpressionSyntax assignment => assignment.Left == outermost,
                    ArgumentSyntax argument => argument.RefKindKeyword.IsKind(SyntaxKind.OutKeyword),
                    _ => false,
                };
                if (written && SymbolEqualityComparer.Default.Equals(model.GetSymbolInfo(name).Symbol, local)) return true;
            }

            return false;
        }
    }
}
