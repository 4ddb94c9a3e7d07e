using System;

namespace Prewired.Generator.Model
{
    /// <summary>
    /// Where a generated method goes and how it is declared: everything the emitter needs around the body, as strings,
    /// so the model compares by value and holds nothing of the compilation.
    /// </summary>
    internal sealed class MethodShell : IEquatable<MethodShell>
    {
        public MethodShell(string hintName, string? @namespace, EquatableArray<string> fileUsings, EquatableArray<string> namespaceUsings,
            EquatableArray<string> containingTypes, string signature, bool nullableEnabled, bool renamesParameters, bool hasOptionalParameters)
        {
            HintName = hintName;
            Namespace = @namespace;
            FileUsings = fileUsings;
            NamespaceUsings = namespaceUsings;
            ContainingTypes = containingTypes;
            Signature = signature;
            NullableEnabled = nullableEnabled;
            RenamesParameters = renamesParameters;
            HasOptionalParameters = hasOptionalParameters;
        }

        /// <summary>
        /// A parameter has a default value, which only the partial declaration states. The public API analyzers
        /// (Microsoft.CodeAnalysis.PublicApiAnalyzers) then report the implementing part, without the default, as an API the
        /// library does not declare (RS0016, dotnet/roslyn-analyzers#7356, also met by [LoggerMessage] methods).
        /// </summary>
        public bool HasOptionalParameters { get; }

        /// <summary>The implementation names its parameters as the body does, unlike the partial declaration (CS8826).</summary>
        public bool RenamesParameters { get; }

        public string HintName { get; }

        public string? Namespace { get; }

        /// <summary>The using directives of the file that declares the body: the copied statements bind through them.</summary>
        public EquatableArray<string> FileUsings { get; }

        /// <summary>Using directives written inside the body's namespace declarations, which bind relative to it.</summary>
        public EquatableArray<string> NamespaceUsings { get; }

        /// <summary>Outermost first, e.g. "partial class Outer", "partial class Store&lt;T&gt;".</summary>
        public EquatableArray<string> ContainingTypes { get; }

        /// <summary>The implementing declaration, e.g. "public partial global::System.Threading.Tasks.Task M(int x)".</summary>
        public string Signature { get; }

        /// <summary>Whether the body was written in an enabled nullable context; the generated file uses the same.</summary>
        public bool NullableEnabled { get; }

        /// <summary>Members are written at this many indentation levels: one per namespace block and containing type.</summary>
        public int MemberIndent => (Namespace is null ? 0 : 1) + ContainingTypes.Count;

        public bool Equals(MethodShell? other)
            => other is not null && HintName == other.HintName && Namespace == other.Namespace && FileUsings == other.FileUsings
               && NamespaceUsings == other.NamespaceUsings && ContainingTypes == other.ContainingTypes && Signature == other.Signature
               && NullableEnabled == other.NullableEnabled && RenamesParameters == other.RenamesParameters
               && HasOptionalParameters == other.HasOptionalParameters;

        public override bool Equals(object? obj) => Equals(obj as MethodShell);

        public override int GetHashCode() => HintName.GetHashCode() ^ Signature.GetHashCode();
    }
}
