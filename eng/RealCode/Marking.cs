using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using static Microsoft.CodeAnalysis.CSharp.SyntaxFactory;

namespace Prewired.RealCode
{
    /// <summary>
    /// Marks async methods the way a user converting them would: next to each body method goes
    /// <c>[global::Prewired.FastPath("Body")] private partial Task&lt;T&gt; Body__PwrN(parameters);</c> (the body's return
    /// type, type parameters, constraints and parameters, without parameter attributes or <c>this</c>), and every
    /// declaration of its containing types gets <c>partial</c>. The body itself is not touched, so what the generator reads
    /// is the library's own code.
    /// </summary>
    internal sealed class Marking : CSharpSyntaxRewriter
    {
        /// <summary>On a body method to mark; its data is the marked method's name.</summary>
        public const string MarkKind = "Prewired.RealCode.Mark";

        /// <summary>On a body method whose marked method states constraints the body inherits; its data is the clauses' text.</summary>
        public const string ConstraintsKind = "Prewired.RealCode.Constraints";

        /// <summary>On a type declaration that needs the partial modifier.</summary>
        public static readonly SyntaxAnnotation MakePartial = new("Prewired.RealCode.Partial");

        /// <summary>On a type declaration that gets an empty static constructor (see <see cref="StaticInitializerCycles"/>).</summary>
        public static readonly SyntaxAnnotation AddStaticConstructor = new("Prewired.RealCode.StaticConstructor");

        /// <summary>On each marked declaration the rewriter adds; its data is the marked method's name.</summary>
        public const string MarkedKind = "Prewired.RealCode.Marked";

        private Marking()
        {
        }

        /// <summary>
        /// <paramref name="root"/> with <paramref name="marks"/> (body declarations in it and the names of their marked
        /// methods) marked, <paramref name="partialTypes"/> (type declarations in it) made partial and
        /// <paramref name="staticConstructors"/> given an empty static constructor.
        /// </summary>
        public static SyntaxNode Apply(
            SyntaxNode root, IReadOnlyDictionary<MethodDeclarationSyntax, Mark> marks, IReadOnlyCollection<TypeDeclarationSyntax> partialTypes,
            IReadOnlyCollection<TypeDeclarationSyntax> staticConstructors)
        {
            var annotated = root.ReplaceNodes(
                marks.Keys.Cast<SyntaxNode>().Concat(partialTypes).Concat(staticConstructors).Distinct(),
                (original, rewritten) =>
                {
                    if (original is MethodDeclarationSyntax method && marks.TryGetValue(method, out var mark))
                    {
                        rewritten = rewritten.WithAdditionalAnnotations(new SyntaxAnnotation(MarkKind, mark.Name));
                        return mark.Constraints.Count == 0 ? rewritten : rewritten.WithAdditionalAnnotations(new SyntaxAnnotation(ConstraintsKind, mark.Constraints.ToFullString()));
                    }

                    if (original is TypeDeclarationSyntax type && partialTypes.Contains(type)) rewritten = rewritten.WithAdditionalAnnotations(MakePartial);
                    if (original is TypeDeclarationSyntax cycle && staticConstructors.Contains(cycle)) rewritten = rewritten.WithAdditionalAnnotations(AddStaticConstructor);
                    return rewritten;
                });
            return new Marking().Visit(annotated);
        }

        public override SyntaxNode? VisitClassDeclaration(ClassDeclarationSyntax node) => Rewrite((TypeDeclarationSyntax)base.VisitClassDeclaration(node)!);

        public override SyntaxNode? VisitRecordDeclaration(RecordDeclarationSyntax node) => Rewrite((TypeDeclarationSyntax)base.VisitRecordDeclaration(node)!);

        public override SyntaxNode? VisitStructDeclaration(StructDeclarationSyntax node) => Rewrite((TypeDeclarationSyntax)base.VisitStructDeclaration(node)!);

        private static TypeDeclarationSyntax Rewrite(TypeDeclarationSyntax type)
        {
            if (type.Members.Any(m => m.HasAnnotations(MarkKind) || (m is TypeDeclarationSyntax { Keyword.ValueText: "extension" } e && e.Members.Any(n => n.HasAnnotations(MarkKind)))))
            {
                var members = new List<MemberDeclarationSyntax>();
                foreach (var member in type.Members)
                {
                    members.Add(member);
                    if (member is TypeDeclarationSyntax { Keyword.ValueText: "extension" } extension)
                    {
                        // A C# 14 extension block's members cannot be partial: as docs/fast-path.md tells a user, a private
                        // static copy of the body (the receiver its first parameter) goes to the static class around it.
                        foreach (var extensionMember in extension.Members)
                        {
                            if (extensionMember is MethodDeclarationSyntax extensionBody && extensionBody.GetAnnotations(MarkKind).FirstOrDefault() is { Data: { } extensionName })
                            {
                                var copy = BodyOfExtensionMember(extension, extensionBody, extensionName);
                                members.Add(copy);
                                members.Add(MarkedDeclaration(copy, extensionName));
                            }
                        }

                        continue;
                    }

                    if (member is MethodDeclarationSyntax body && body.GetAnnotations(MarkKind).FirstOrDefault() is { Data: { } name })
                    {
                        if (body.ExplicitInterfaceSpecifier is not null)
                        {
                            // No name to give [FastPath]: as docs/fast-path.md tells a user, the body moves to a private
                            // method (here a copy beside the untouched implementation) that the marked method names.
                            body = BodyOfExplicitImplementation(body, name);
                            members.Add(body);
                        }

                        members.Add(MarkedDeclaration(body, name));
                    }
                }

                type = type.WithMembers(List(members));
            }

            if (type.HasAnnotation(AddStaticConstructor))
            {
                var constructor = ConstructorDeclaration(type.Identifier.WithoutTrivia())
                    .WithModifiers(TokenList(Token(SyntaxKind.StaticKeyword)))
                    .WithBody(Block())
                    .NormalizeWhitespace()
                    .WithLeadingTrivia(ElasticCarriageReturnLineFeed)
                    .WithTrailingTrivia(ElasticCarriageReturnLineFeed);
                type = type.WithMembers(type.Members.Add(constructor));
            }

            if (type.HasAnnotation(MakePartial) && !type.Modifiers.Any(SyntaxKind.PartialKeyword))
            {
                // partial comes last, right before the keyword.
                type = type.WithModifiers(type.Modifiers.Add(Token(SyntaxKind.PartialKeyword).WithTrailingTrivia(Space)));
            }

            return type;
        }

        /// <summary>A private copy of an explicit interface implementation's body, named after its marked method.</summary>
        private static MethodDeclarationSyntax BodyOfExplicitImplementation(MethodDeclarationSyntax implementation, string name)
        {
            var modifiers = new List<SyntaxToken> { Token(SyntaxKind.PrivateKeyword).WithTrailingTrivia(Space) };
            if (implementation.Modifiers.Any(SyntaxKind.UnsafeKeyword)) modifiers.Add(Token(SyntaxKind.UnsafeKeyword).WithTrailingTrivia(Space));
            modifiers.Add(Token(SyntaxKind.AsyncKeyword).WithTrailingTrivia(Space));
            return implementation
                .WithAttributeLists(default)
                .WithModifiers(TokenList(modifiers))
                .WithReturnType(implementation.ReturnType.WithoutTrivia().WithTrailingTrivia(Space))
                .WithExplicitInterfaceSpecifier(null)
                .WithIdentifier(Identifier(name + "__Body"))
                .WithConstraintClauses(Constraints(implementation))
                .WithLeadingTrivia(ElasticCarriageReturnLineFeed)
                .WithAdditionalAnnotations(new SyntaxAnnotation(MarkKind, name));
        }

        /// <summary>
        /// A private static copy of an extension block member's body, named after its marked method: the block's type
        /// parameters before the member's, the receiver parameter (for an instance member) before its parameters, the
        /// block's constraints with the member's.
        /// </summary>
        private static MethodDeclarationSyntax BodyOfExtensionMember(TypeDeclarationSyntax extension, MethodDeclarationSyntax member, string name)
        {
            var modifiers = new List<SyntaxToken>
            {
                Token(SyntaxKind.PrivateKeyword).WithTrailingTrivia(Space),
                Token(SyntaxKind.StaticKeyword).WithTrailingTrivia(Space),
                Token(SyntaxKind.AsyncKeyword).WithTrailingTrivia(Space),
            };
            var typeParameters = (extension.TypeParameterList?.Parameters ?? default).Concat(member.TypeParameterList?.Parameters ?? default).Select(p => p.WithoutTrivia()).ToList();
            var parameters = new List<ParameterSyntax>();
            if (!member.Modifiers.Any(SyntaxKind.StaticKeyword) && extension.ParameterList is { Parameters.Count: 1 } receiver && receiver.Parameters[0].Identifier.ValueText.Length > 0)
            {
                parameters.Add(receiver.Parameters[0].WithAttributeLists(default).WithoutTrivia());
            }

            parameters.AddRange(member.ParameterList.Parameters.Select(p => p.WithoutTrivia()));
            return member
                .WithAttributeLists(default)
                .WithModifiers(TokenList(modifiers))
                .WithReturnType(member.ReturnType.WithoutTrivia().WithTrailingTrivia(Space))
                .WithIdentifier(Identifier(name + "__Body"))
                .WithTypeParameterList(typeParameters.Count == 0 ? null : TypeParameterList(SeparatedList(typeParameters)))
                .WithParameterList(ParameterList(SeparatedList(parameters)).NormalizeWhitespace())
                .WithConstraintClauses(List(extension.ConstraintClauses.Concat(member.ConstraintClauses).Select(c => c.WithoutTrivia().WithLeadingTrivia(Space))))
                .WithLeadingTrivia(ElasticCarriageReturnLineFeed)
                .WithAdditionalAnnotations(new SyntaxAnnotation(MarkKind, name));
        }

        private static MethodDeclarationSyntax MarkedDeclaration(MethodDeclarationSyntax body, string name)
        {
            var modifiers = new List<SyntaxToken> { Token(SyntaxKind.PrivateKeyword) };
            if (body.Modifiers.Any(SyntaxKind.StaticKeyword)) modifiers.Add(Token(SyntaxKind.StaticKeyword));
            if (body.Modifiers.Any(SyntaxKind.UnsafeKeyword)) modifiers.Add(Token(SyntaxKind.UnsafeKeyword));
            modifiers.Add(Token(SyntaxKind.PartialKeyword));

            var parameters = body.ParameterList.Parameters.Select(p => p
                .WithAttributeLists(default)
                .WithModifiers(TokenList(p.Modifiers.Where(m => !m.IsKind(SyntaxKind.ThisKeyword))))
                .WithoutTrivia());
            var attribute = Attribute(
                ParseName("global::Prewired.FastPath"),
                AttributeArgumentList(SingletonSeparatedList(AttributeArgument(LiteralExpression(SyntaxKind.StringLiteralExpression, Literal(body.Identifier.ValueText))))));

            // An [Obsolete] body stays obsolete where a user converting it puts the attribute, on the marked member (the
            // public one): without it, the generated code's call to the body warns CS0618, which a user's build never sees.
            var obsolete = body.AttributeLists.SelectMany(l => l.Attributes)
                .Where(a => a.Name.ToString() is "Obsolete" or "ObsoleteAttribute" or "System.Obsolete" or "System.ObsoleteAttribute"
                            or "global::System.Obsolete" or "global::System.ObsoleteAttribute")
                .Select(a => a.WithoutTrivia());
            var declaration = MethodDeclaration(body.ReturnType.WithoutTrivia(), Identifier(name))
                .WithAttributeLists(SingletonList(AttributeList(SeparatedList(new[] { attribute }.Concat(obsolete)))))
                .WithModifiers(TokenList(modifiers))
                .WithTypeParameterList(body.TypeParameterList?.WithoutTrivia())
                .WithParameterList(ParameterList(SeparatedList(parameters)))
                .WithConstraintClauses(List(Constraints(body).Select(c => c.WithoutTrivia())))
                .WithSemicolonToken(Token(SyntaxKind.SemicolonToken))
                .NormalizeWhitespace();
            return declaration
                .WithLeadingTrivia(ElasticCarriageReturnLineFeed)
                .WithTrailingTrivia(ElasticCarriageReturnLineFeed)
                .WithAdditionalAnnotations(new SyntaxAnnotation(MarkedKind, name));
        }

        /// <summary>The body's own constraint clauses, or those it inherits (an override's), as <see cref="Apply"/> was given them.</summary>
        private static SyntaxList<TypeParameterConstraintClauseSyntax> Constraints(MethodDeclarationSyntax body)
            => body.GetAnnotations(ConstraintsKind).FirstOrDefault() is { Data: { } text }
                ? ((MethodDeclarationSyntax)ParseMemberDeclaration("void M() " + text + ";")!).ConstraintClauses
                : body.ConstraintClauses;
    }

    /// <summary>What to mark on one body method: the marked method's name and its constraint clauses.</summary>
    internal sealed record Mark(string Name, SyntaxList<TypeParameterConstraintClauseSyntax> Constraints);
}
