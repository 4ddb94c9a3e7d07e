using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Prewired.Generator.Model;

namespace Prewired.CodeFixes.Syntax
{
    /// <summary>
    /// The conversion of a method in an inactive <c>#if</c> branch of a split header (<see cref="ConditionalHeader"/>),
    /// which the compilation does not see, so only its syntax can decide. It takes the active branch's mark when the other
    /// configuration's analyzer would offer that same mark for it, as far as syntax tells: the branches share the body,
    /// so they differ in the header only, and the mark depends on the header through its name, its shape and its return
    /// type. Anything else keeps the method as it was: a Task header where [FastPath] needs a ValueTask, another result
    /// type, another name.
    /// </summary>
    internal static class InactiveBranch
    {
        /// <summary>
        /// The text of the branch's method converted like <paramref name="active"/> (partial declaration, then the body
        /// method <paramref name="coreName"/>), or <paramref name="text"/> unchanged.
        /// </summary>
        public static string Convert(string text, MethodDeclarationSyntax active, MarkKind kind, string coreName, AttributeListSyntax attribute, SyntaxTrivia endOfLine)
        {
            var options = active.SyntaxTree.Options as CSharpParseOptions;
            if (SyntaxFactory.ParseMemberDeclaration(text, options: options) is not MethodDeclarationSyntax method || method.ContainsDiagnostics) return text;
            if (!TakesSameMark(method, active, kind)) return text;
            var declaration = PartialSyntax.ToPartialDeclaration(method, attribute, endOfLine);
            var body = PartialSyntax.ToBodyMethod(method, coreName, endOfLine);
            return declaration.ToFullString() + body.ToFullString();
        }

        private static bool TakesSameMark(MethodDeclarationSyntax method, MethodDeclarationSyntax active, MarkKind kind)
        {
            if (method.Identifier.ValueText != active.Identifier.ValueText || method.ExplicitInterfaceSpecifier is not null) return false;
            if (!method.Modifiers.Any(SyntaxKind.AsyncKeyword) || method.Body is null && method.ExpressionBody is null) return false;
            if (method.Modifiers.Any(m => m.IsKind(SyntaxKind.PartialKeyword) || m.IsKind(SyntaxKind.AbstractKeyword) || m.IsKind(SyntaxKind.ExternKeyword) || m.IsKind(SyntaxKind.UnsafeKeyword)))
            {
                return false;
            }

            if (method.Modifiers.Any(SyntaxKind.StaticKeyword) != active.Modifiers.Any(SyntaxKind.StaticKeyword)) return false;
            if (method.ParameterList.Parameters.Any(p => p.Modifiers.Any(m => m.IsKind(SyntaxKind.RefKeyword) || m.IsKind(SyntaxKind.OutKeyword) || m.IsKind(SyntaxKind.InKeyword))))
            {
                return false;
            }

            if (TaskName(method.ReturnType) is not { } name || TaskName(active.ReturnType) is not { } activeName) return false;
            if (kind == MarkKind.FastPath && name.Identifier.ValueText != "ValueTask") return false;

            // The tail awaits return the body's result as the header's: the result types must be the same.
            return ResultText(name) == ResultText(activeName);
        }

        /// <summary>The Task or ValueTask name a return type ends in (System.Threading.Tasks. or global:: qualified or not).</summary>
        private static SimpleNameSyntax? TaskName(TypeSyntax type)
        {
            var name = type switch
            {
                QualifiedNameSyntax qualified => qualified.Right,
                AliasQualifiedNameSyntax alias => alias.Name,
                SimpleNameSyntax simple => simple,
                _ => null,
            };
            return name?.Identifier.ValueText is "Task" or "ValueTask" ? name : null;
        }

        private static string ResultText(SimpleNameSyntax name)
            => name is GenericNameSyntax generic ? string.Join(",", generic.TypeArgumentList.Arguments.Select(a => a.WithoutTrivia().ToString())) : string.Empty;
    }
}
