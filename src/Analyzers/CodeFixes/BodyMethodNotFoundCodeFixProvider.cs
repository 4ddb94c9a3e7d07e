using System.Collections.Generic;
using System.Collections.Immutable;
using System.Composition;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Prewired.CodeFixes.Syntax;
using Prewired.Generator.Analysis;
using Prewired.Generator.Model;

namespace Prewired.CodeFixes
{
    /// <summary>
    /// PW0003: the attribute names a body method the type does not have. Two fixes:
    /// <list type="bullet">
    /// <item><b>create it</b>: a private async method of that name right after the marked one, with its return type,
    /// parameters and static-ness, whose body is <c>return await Task.FromException&lt;T&gt;(new NotImplementedException());</c>
    /// (or <c>await Task.FromException(...);</c> for Task/ValueTask). That is a tail await and an await [FastPath]
    /// splits, so the new body is valid under both attributes (an <c>await Task.CompletedTask; throw ...;</c> body would be
    /// PW0101 under [TailAwait], a bare <c>throw</c> is CS1998), compiles without warnings, and faults the task with
    /// NotImplementedException as a throwing async method would. Task and NotImplementedException are written as short as
    /// the file's usings allow. A string argument becomes <c>nameof(...)</c>;</item>
    /// <item><b>use the method the name misspells</b>: for each method of the type one edit away from the name
    /// (Levenshtein distance 1), the argument becomes <c>nameof(ThatMethod)</c>.</item>
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

            var returnKind = KnownTypes.ClassifyTaskType(symbol.ReturnType);
            if (returnKind is not null && MemberNames.IsValidIdentifier(bodyName) && !session.ReservedNames(type).Contains(bodyName)
                && session.Model.LookupSymbols(method.SpanStart, type, bodyName).IsEmpty)
            {
                yield return new FixOffer($"Create the body method '{bodyName}'", CreateKey, s => Create(s, method, argument, symbol, bodyName, returnKind.Value));
            }

            var similar = type.GetMembers().OfType<IMethodSymbol>()
                .Where(m => m.MethodKind == MethodKind.Ordinary && !m.IsImplicitlyDeclared && !Marks.IsSameMethod(m, symbol) && !Marks.IsMarked(m) && m.PartialDefinitionPart is null
                            && MemberNames.EditDistance(m.Name, bodyName) == 1)
                .Select(m => m.Name).Distinct().OrderBy(n => n, System.StringComparer.Ordinal).ToList();
            foreach (var name in similar)
            {
                // One candidate: one key for every instance, so Fix All renames each to its own near miss.
                var key = similar.Count == 1 ? UseSimilarKey : UseSimilarKey + "." + name;
                yield return new FixOffer($"Use '{name}'", key, s => s.Editor.ReplaceNode(argument.Expression, (current, _) => PartialSyntax.NameOf(name).WithTriviaFrom(current)));
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
