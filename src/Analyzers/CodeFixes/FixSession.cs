using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Editing;
using Prewired.CodeFixes.Syntax;
using Prewired.Generator.Marks;
using Prewired.Generator.Model;

namespace Prewired.CodeFixes
{
    /// <summary>
    /// The edits of one or more fixes to one document, all planned against the document as it was: a single fix and a
    /// Fix All over several diagnostics go through the same session, so a type made partial twice is made partial once,
    /// two new body methods never take the same name, and <c>using Prewired;</c> is added once.
    /// </summary>
    internal sealed class FixSession
    {
        private readonly Dictionary<INamedTypeSymbol, HashSet<string>> _reserved = new(SymbolEqualityComparer.Default);
        private readonly HashSet<TypeDeclarationSyntax> _madePartial = new();
        private readonly HashSet<SyntaxNode> _claimed = new();

        private FixSession(Document document, SyntaxNode root, SemanticModel model, DocumentEditor editor, CancellationToken cancellationToken)
        {
            Document = document;
            Root = root;
            Model = model;
            Editor = editor;
            CancellationToken = cancellationToken;
            EndOfLine = Layout.EndOfLine(root);
        }

        public Document Document { get; }

        public SyntaxNode Root { get; }

        public SemanticModel Model { get; }

        public DocumentEditor Editor { get; }

        public CancellationToken CancellationToken { get; }

        public SyntaxTrivia EndOfLine { get; }

        private bool AddPrewiredUsing { get; set; }

        public static async Task<FixSession> CreateAsync(Document document, CancellationToken cancellationToken)
        {
            var root = await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false)
                ?? throw new InvalidOperationException("The document has no syntax tree.");
            var model = await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false)
                ?? throw new InvalidOperationException("The document has no semantic model.");
            var editor = await DocumentEditor.CreateAsync(document, cancellationToken).ConfigureAwait(false);
            return new FixSession(document, root, model, editor, cancellationToken);
        }

        /// <summary>Names taken in <paramref name="type"/>, including those this session gave out.</summary>
        public ISet<string> ReservedNames(INamedTypeSymbol type)
        {
            if (!_reserved.TryGetValue(type, out var names))
            {
                names = MemberNames.Reserved(type);
                _reserved.Add(type, names);
            }

            return names;
        }

        /// <summary>Takes the first free body name for <paramref name="methodName"/> in <paramref name="type"/>.</summary>
        public string TakeCoreName(INamedTypeSymbol type, string methodName)
        {
            var reserved = ReservedNames(type);
            var name = MemberNames.CoreName(methodName, reserved);
            reserved.Add(name);
            return name;
        }

        /// <summary>Takes <paramref name="name"/> in <paramref name="type"/>; false when it is taken.</summary>
        public bool TryTake(INamedTypeSymbol type, string name) => ReservedNames(type).Add(name);

        /// <summary>
        /// True the first time <paramref name="node"/> is claimed: an edit that several diagnostics of a Fix All plan
        /// (a local function two scopes' fixes make static) is made once.
        /// </summary>
        public bool Claim(SyntaxNode node) => _claimed.Add(node);

        /// <summary>Makes the declaration's type, and every type it is nested in, partial.</summary>
        public void MakeContainingTypesPartial(SyntaxNode node)
        {
            foreach (var type in PartialSyntax.NonPartialContainingTypes(node))
            {
                if (_madePartial.Add(type)) Editor.ReplaceNode(type, (current, _) => PartialSyntax.WithPartial((TypeDeclarationSyntax)current));
            }
        }

        /// <summary>
        /// How to write the attribute at <paramref name="position"/>: its short name, adding <c>using Prewired;</c> when
        /// it is not in scope, or <c>global::Prewired.X</c> when another type of that name would be found instead.
        /// </summary>
        public string AttributeName(MarkKind kind, int position)
        {
            var shortName = KnownTypes.AttributeShortName(kind);
            var attribute = Model.Compilation.GetTypeByMetadataName(kind == MarkKind.TailAwait ? KnownTypes.TailAwaitAttribute : KnownTypes.FastPathAttribute);
            var withSuffix = Model.LookupNamespacesAndTypes(position, name: shortName + "Attribute");
            var bare = Model.LookupNamespacesAndTypes(position, name: shortName);
            if (bare.Length > 0 || withSuffix.Any(s => !SymbolEqualityComparer.Default.Equals(s, attribute)))
            {
                return "global::" + Usings.PrewiredNamespace + "." + shortName;
            }

            if (!withSuffix.Any(s => SymbolEqualityComparer.Default.Equals(s, attribute))) AddPrewiredUsing = true;
            return shortName;
        }

        /// <summary>
        /// The shortest way to name a framework type at <paramref name="position"/>: <c>Task</c> when the usings bring it
        /// into scope, <c>System.Threading.Tasks.Task</c> otherwise, <c>global::...</c> when 'System' means something else.
        /// </summary>
        public string TypeName(string @namespace, string name, int position)
        {
            var type = Model.Compilation.GetTypeByMetadataName(@namespace + "." + name);
            var found = Model.LookupNamespacesAndTypes(position, name: name).OfType<INamedTypeSymbol>().Where(t => t.Arity == 0).ToList();
            if (type is not null && found.Count == 1 && SymbolEqualityComparer.Default.Equals(found[0], type)) return name;
            var root = @namespace.Split('.')[0];
            var rootFound = Model.LookupNamespacesAndTypes(position, name: root);
            var isGlobalRoot = rootFound.Length == 1 && rootFound[0] is INamespaceSymbol { ContainingNamespace.IsGlobalNamespace: true };
            return (isGlobalRoot ? string.Empty : "global::") + @namespace + "." + name;
        }

        /// <summary>The document with every planned edit.</summary>
        public Document Finish()
        {
            var root = Editor.GetChangedRoot();
            if (AddPrewiredUsing && root is CompilationUnitSyntax unit) root = Usings.AddPrewired(unit, EndOfLine);
            return Document.WithSyntaxRoot(root);
        }
    }
}
