using System.Collections.Generic;
using System.Linq;
using System.Runtime.CompilerServices;
using System.Text;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Prewired.Generator.Model;

namespace Prewired.Generator.MarkedMethods
{
    /// <summary>Reads where the generated method goes and how it is declared from the marked partial method.</summary>
    internal static class MethodShellParser
    {
        /// <summary>Fully qualified, with nullable annotations: the generated declaration must match the partial one exactly.</summary>
        public static readonly SymbolDisplayFormat TypeFormat = Marks.SourceNames.TypeFormat;

        public static MethodShell Parse(IMethodSymbol marked, MethodDeclarationSyntax declaration, IMethodSymbol bodyMethod, MethodDeclarationSyntax body, SemanticModel bodyModel, MarkKind kind)
        {
            var ns = marked.ContainingNamespace is { IsGlobalNamespace: false } n ? n.ToDisplayString() : null;
            var types = new List<string>();
            for (var type = marked.ContainingType; type is not null; type = type.ContainingType)
            {
                types.Insert(0, TypeDeclaration(type));
            }

            var (fileUsings, namespaceUsings) = Usings(body, bodyModel);
            var nullable = (bodyModel.GetNullableContext(body.SpanStart) & NullableContext.AnnotationsEnabled) != 0;
            // The implementation takes the body's parameter names, which the copied statements use; where the partial
            // declaration chose other names that is warning CS8826, suppressed around the generated method.
            var renamed = marked.Parameters.Zip(bodyMethod.Parameters, (m, b) => m.Name != b.Name).Any(x => x);
            return new MethodShell(HintNames.For(marked, kind), ns, fileUsings, namespaceUsings, types.ToEquatableArray(),
                Signature(marked, declaration, bodyMethod.Parameters.Select(p => p.Name).ToList()), nullable, renamed, HasOptionalParameters(marked));
        }

        /// <summary>The shell when there is no usable body: usings and nullable context come from the declaration.</summary>
        public static MethodShell ParseForDeclaration(IMethodSymbol marked, MethodDeclarationSyntax declaration, MarkKind kind)
        {
            var ns = marked.ContainingNamespace is { IsGlobalNamespace: false } n ? n.ToDisplayString() : null;
            var types = new List<string>();
            for (var type = marked.ContainingType; type is not null; type = type.ContainingType)
            {
                types.Insert(0, TypeDeclaration(type));
            }

            var (fileUsings, namespaceUsings) = Usings(declaration, model: null);
            return new MethodShell(HintNames.For(marked, kind), ns, fileUsings, namespaceUsings, types.ToEquatableArray(), Signature(marked, declaration, marked.Parameters.Select(p => p.Name).ToList()), nullableEnabled: true, renamesParameters: false, hasOptionalParameters: HasOptionalParameters(marked));
        }

        private static bool HasOptionalParameters(IMethodSymbol marked) => marked.Parameters.Any(p => p.HasExplicitDefaultValue);

        /// <summary>The partial declaration a generated file reopens <paramref name="type"/> with, e.g. "partial class Store&lt;T&gt;".</summary>
        public static string TypeDeclaration(INamedTypeSymbol type)
        {
            var keyword = (type.TypeKind, type.IsRecord) switch
            {
                (TypeKind.Struct, true) => "record struct",
                (TypeKind.Struct, false) => "struct",
                (TypeKind.Interface, _) => "interface",
                (_, true) => "record",
                _ => "class",
            };
            var parameters = type.TypeParameters.Length == 0 ? string.Empty : "<" + string.Join(", ", type.TypeParameters.Select(p => p.Name)) + ">";
            return $"partial {keyword} {type.Name}{parameters}";
        }

        private static string Signature(IMethodSymbol marked, MethodDeclarationSyntax declaration, IReadOnlyList<string> names)
        {
            var modifiers = string.Join(" ", declaration.Modifiers.Select(m => m.ValueText));
            var parameters = string.Join(", ", marked.Parameters.Select((p, i) =>
                (p.IsParams ? "params " : string.Empty) + (i == 0 && marked.IsExtensionMethod ? "this " : string.Empty) + RefKindPrefix(p.RefKind) + p.Type.ToDisplayString(TypeFormat) + " " + EscapedName(names[i]))
                .Concat(marked.IsVararg ? new[] { "__arglist" } : System.Array.Empty<string>()));
            var byRef = marked.ReturnsByRefReadonly ? "ref readonly " : marked.ReturnsByRef ? "ref " : string.Empty;
            return $"{modifiers} {byRef}{marked.ReturnType.ToDisplayString(TypeFormat)} {EscapedName(marked.Name)}{TypeParameterList(marked)}({parameters}){ConstraintClauses(marked)}";
        }

        /// <summary>"&lt;T, U&gt;" for a generic method, else empty: both the declaration's type parameter list and the
        /// type arguments of a call passing them on (the body's are named as the marked method's, see MarkedMethodValidator).</summary>
        public static string TypeParameterList(IMethodSymbol method)
            => method.TypeParameters.Length == 0 ? string.Empty : "<" + string.Join(", ", method.TypeParameters.Select(t => EscapedName(t.Name))) + ">";

        /// <summary>" where T : class, new()" clauses, as a partial implementation (and any generic helper) must repeat them.</summary>
        public static string ConstraintClauses(IMethodSymbol method)
        {
            var clauses = new StringBuilder();
            foreach (var parameter in method.TypeParameters)
            {
                var constraints = new List<string>();
                if (parameter.HasReferenceTypeConstraint) constraints.Add(parameter.ReferenceTypeConstraintNullableAnnotation == NullableAnnotation.Annotated ? "class?" : "class");
                else if (parameter.HasUnmanagedTypeConstraint) constraints.Add("unmanaged");
                else if (parameter.HasValueTypeConstraint) constraints.Add("struct");
                else if (parameter.HasNotNullConstraint) constraints.Add("notnull");
                constraints.AddRange(parameter.ConstraintTypes.Select(t => t.ToDisplayString(TypeFormat)));
                if (parameter.HasConstructorConstraint) constraints.Add("new()");
                if (constraints.Count > 0) clauses.Append($" where {EscapedName(parameter.Name)} : {string.Join(", ", constraints)}");
            }

            return clauses.ToString();
        }

        /// <summary>"ref ", "out ", "in ", "ref readonly " or nothing: a parameter's modifier as written.</summary>
        public static string RefKindPrefix(RefKind refKind) => refKind switch
        {
            RefKind.Ref => "ref ",
            RefKind.Out => "out ",
            RefKind.In => "in ",
            RefKind.RefReadOnlyParameter => "ref readonly ",
            _ => string.Empty,
        };

        public static string EscapedName(string name) => Marks.SourceNames.Escaped(name);

        // The usings of a file or namespace, printed once for all its marked methods rather than once per method (printing
        // copies every using directive's nodes). Syntax nodes never change, so the text stays right for the node's lifetime.
        // A directive naming a file-local type is left out (FileLocalTypes.IsUsingOfFileLocalType): such a type is declared
        // in the same tree, so this too depends on the node alone.
        private static readonly ConditionalWeakTable<SyntaxNode, string[]> s_usings = new();

        /// <param name="model">A semantic model of <paramref name="node"/>'s tree, when there is one (a finer file-local test).</param>
        private static (EquatableArray<string> File, EquatableArray<string> Namespace) Usings(SyntaxNode node, SemanticModel? model)
        {
            var file = new List<string>();
            var inNamespace = new List<string>();
            foreach (var ancestor in node.Ancestors())
            {
                switch (ancestor)
                {
                    case BaseNamespaceDeclarationSyntax ns:
                        inNamespace.InsertRange(0, s_usings.GetValue(ns, n => Printed(((BaseNamespaceDeclarationSyntax)n).Usings, model)));
                        break;
                    case CompilationUnitSyntax unit:
                        file.AddRange(s_usings.GetValue(unit, n => Printed(((CompilationUnitSyntax)n).Usings.Where(u => u.GlobalKeyword.RawKind == 0), model)));
                        break;
                }
            }

            return (file.ToEquatableArray(), inNamespace.ToEquatableArray());
        }

        // A directive written twice in one list is printed once. The file then has warning CS0105 itself, but a copy in every
        // generated file would add one per file, each an error under warnings as errors; and such files exist: 'dotnet
        // format' merging two targets' fixes wrote 'using Prewired;' on both sides of an #if block (issue 33), and the
        // targets that define the symbol see both.
        private static string[] Printed(IEnumerable<UsingDirectiveSyntax> usings, SemanticModel? model)
        {
            var seen = new HashSet<string>(System.StringComparer.Ordinal);
            return usings
                .Where(u => !FastPath.FileLocalTypes.IsUsingOfFileLocalType(u, model))
                .Select(u => u.WithoutTrivia())
                .Where(u => seen.Add(u.NormalizeWhitespace().ToString()))
                .Select(u => u.ToString())
                .ToArray();
        }
    }
}
