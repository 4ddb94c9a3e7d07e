using System.Collections.Generic;
using System.Collections.Immutable;
using System.Composition;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.CodeFixes;
using Prewired.CodeFixes.Syntax;
using Prewired.Generator.Marks;
using Prewired.Generator.Model;

namespace Prewired.CodeFixes
{
    /// <summary>
    /// PW0003: the attribute names a body method the type does not have. The fixes, in the order they are registered (the
    /// first is what Fix All without a key and <c>dotnet format</c> apply):
    /// <list type="number">
    /// <item><b>use the method the name meant</b>, offered first whenever one exists (<see cref="BodyCandidates"/>: a close
    /// name, or the marked method's signature): the argument becomes <c>nameof(ThatMethod)</c>. The best candidate's
    /// offer has the key <see cref="UseSimilarKey"/>, so Fix All with it points each attribute at its own best candidate;
    /// the others have <c>UseSimilarKey.Name</c>;</item>
    /// <item><b>create it</b>, offered only when no method is a candidate, so a typo never becomes a new method: a private
    /// async method of that name right after the marked one, with its return type, parameters and static-ness, whose
    /// body is <c>return await Task.FromException&lt;T&gt;(new NotImplementedException());</c> (or
    /// <c>await Task.FromException(...);</c> for Task/ValueTask). That placeholder keeps the build failing with PW0010
    /// until the body is written (<c>PlaceholderBody</c>), so the fix never turns PW0003 into a clean build whose calls
    /// fail. Task and NotImplementedException are written as short as the file's usings allow; a string argument
    /// becomes <c>nameof(...)</c>.</item>
    /// </list>
    /// </summary>
    [ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(BodyMethodNotFoundCodeFixProvider)), Shared]
    public sealed class BodyMethodNotFoundCodeFixProvider : PrewiredCodeFixProvider
    {
        public const string CreateKey = "Prewired.CreateBodyMethod";
        public const string UseSimilarKey = "Prewired.UseSimilarBodyMethod";

        public override ImmutableArray<string> FixableDiagnosticIds { get; } = ImmutableArray.Create(DiagnosticIds.BodyMethodNotFound);

        internal override IEnumerable<FixOffer> GetOffers(FixSession session, Diagnostic diagnostic)
        {
            var argument = session.Root.FindNode(diagnostic.Location.SourceSpan, getInnermostNodeForTie: true).AncestorsAndSelf().OfType<AttributeArgumentSyntax>().FirstOrDefault();
            if (argument?.Parent?.Parent is not AttributeSyntax { Parent.Parent: MethodDeclarationSyntax method }) yield break;
            if (session.Model.GetDeclaredSymbol(method, session.CancellationToken) is not IMethodSymbol symbol) yield break;
            if (session.Model.GetConstantValue(argument.Expression, session.CancellationToken).Value is not string bodyName) yield break;
            var type = symbol.ContainingType;

            var candidates = BodyCandidates.For(symbol, bodyName);
            for (var i = 0; i < candidates.Count; i++)
            {
                var name = candidates[i];
                yield return new FixOffer($"Use '{name}'", i == 0 ? UseSimilarKey : UseSimilarKey + "." + name,
                    s => s.Editor.ReplaceNode(argument.Expression, (current, _) => PartialSyntax.NameOf(name).WithTriviaFrom(current)));
            }

            var returnKind = KnownTypes.ClassifyTaskType(symbol.ReturnType);
            if (candidates.Count == 0 && returnKind is not null && MemberNames.IsValidIdentifier(bodyName) && !session.ReservedNames(type).Contains(bodyName)
                && session.Model.LookupSymbols(method.SpanStart, type, bodyName).IsEmpty)
            {
                yield return new FixOffer($"Create the body method '{bodyName}'", CreateKey, s => Create(s, method, argument, symbol, bodyName, returnKind.Value));
            }
        }

        private static void Create(FixSession session, MethodDeclarationSyntax method, AttributeArgumentSyntax argument, IMethodSymbol symbol, string name, ReturnKind returnKind)
        {
            if (!session.TryTake(symbol.ContainingType, name)) return;
            if (argument.Expression is LiteralExpressionSyntax)
            {
                session.Editor.ReplaceNode(argument.Expression, (current, _) => PartialSyntax.NameOf(name).WithTriviaFrom(current));
            }

            session.Editor.InsertAfter(method, Stub(session, method, symbol, name, returnKind));
        }

        private static MemberDeclarationSyntax Stub(FixSession session, MethodDeclarationSyntax method, IMethodSymbol symbol, string name, ReturnKind returnKind)
        {
            var eol = session.EndOfLine.ToString();
            var indentation = Layout.Indentation(method).ToString();
            var inner = indentation + Layout.IndentUnit(Layout.Indentation(method));
            var task = session.TypeName("System.Threading.Tasks", "Task", method.SpanStart);
            var exception = $"new {session.TypeName("System", "NotImplementedException", method.SpanStart)}()";
            var statement = returnKind.HasResult()
                ? $"return await {task}.FromException<{ResultType(session, method, symbol)}>({exception});"
                : $"await {task}.FromException({exception});";
            var modifiers = symbol.IsStatic ? "private static async" : "private async";
            var text = $"{eol}{indentation}{modifiers} {method.ReturnType.WithoutTrivia()} {name}{method.ParameterList.WithoutTrivia()}{eol}"
                       + $"{indentation}{{{eol}{inner}{statement}{eol}{indentation}}}{eol}";
            return (MethodDeclarationSyntax)SyntaxFactory.ParseMemberDeclaration(text)!;
        }

        /// <summary>The T of the return type as the declaration writes it (<c>Task&lt;Order?&gt;</c> -> <c>Order?</c>).</summary>
        private static string ResultType(FixSession session, MethodDeclarationSyntax method, IMethodSymbol symbol)
        {
            var written = method.ReturnType switch
            {
                GenericNameSyntax generic => generic,
                QualifiedNameSyntax { Right: GenericNameSyntax generic } => generic,
                AliasQualifiedNameSyntax { Name: GenericNameSyntax generic } => generic,
                _ => null,
            };
            if (written is { TypeArgumentList.Arguments.Count: 1 }) return written.TypeArgumentList.Arguments[0].WithoutTrivia().ToString();
            var resultType = ((INamedTypeSymbol)symbol.ReturnType).TypeArguments[0];
            return resultType.ToMinimalDisplayString(session.Model, method.SpanStart, SymbolDisplayFormat.MinimallyQualifiedFormat);
        }
    }
}
