using System.Globalization;
using System.Linq;
using System.Text;
using Microsoft.CodeAnalysis;
using Prewired.Generator.Model;

namespace Prewired.Generator.MarkedMethods
{
    /// <summary>
    /// The hint name of a marked method's generated file, which is also its file name wherever generated files are written
    /// to disk (EmitCompilerGeneratedFiles, the review workflow's <c>Generated/</c> folder). It must be unique per method,
    /// the same from build to build and machine to machine (a committed copy is compared by name), and a valid file name:
    /// at most 255 bytes on Linux and macOS. The name of an overload once carried its whole parameter list and went past
    /// that limit (CS0016 on every build writing the files, issue 33).
    /// <para>
    /// <c>Namespace.Type.Method.Kind.g.cs</c>; where the type has more than one marked partial method of that name, the
    /// method part is followed by <c>_</c> and 8 hex digits of a hash of the parameter list (<see cref="SignatureKey"/>),
    /// so a name changes only when that overload's parameter types do. A name over <see cref="MaxBytes"/> is cut and ends in
    /// the hash of what it was before the cut (<see cref="Capped"/>).
    /// </para>
    /// </summary>
    internal static class HintNames
    {
        /// <summary>
        /// Far under the 255-byte file-name limit, because the name is rarely all of the path: the compiler writes it under
        /// <c>obj/.../generated/Prewired.Generator/Prewired.Generator.PrewiredGenerator/</c>, and Windows limits the whole
        /// path to 260 characters unless long paths are enabled. Today's names are a fraction of this.
        /// </summary>
        public const int MaxBytes = 128;

        public static string For(IMethodSymbol marked, MarkKind kind)
        {
            var stem = new StringBuilder();
            stem.Append(marked.ContainingType.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat).Replace("global::", string.Empty));
            stem.Append('.').Append(marked.Name);

            var namesakes = marked.ContainingType.GetMembers(marked.Name).OfType<IMethodSymbol>().Where(m => m.IsPartialDefinition).ToList();
            if (namesakes.Count > 1)
            {
                var key = SignatureKey(marked);
                stem.Append('_').Append(StableHash(key));

                // Identical declarations (already compiler error CS0756) would share a hint name, which the driver rejects
                // by failing the whole generator: number them by position instead.
                var identical = namesakes
                    .Where(m => SignatureKey(m) == key)
                    .OrderBy(m => m.Locations.FirstOrDefault()?.SourceTree?.FilePath, System.StringComparer.Ordinal)
                    .ThenBy(m => m.Locations.FirstOrDefault()?.SourceSpan.Start ?? 0)
                    .ToList();
                if (identical.Count > 1) stem.Append('_').Append(identical.IndexOf(marked) + 1);
            }

            return Capped(FileNameSafe(stem.ToString()), "." + KindSuffix(kind) + ".g.cs");
        }

        /// <summary>
        /// What tells overloads apart, as text: each parameter's ref kind and fully qualified type (without nullable
        /// reference annotations, which do not make an overload and would rename the file when one is added), the type
        /// parameter count and a trailing <c>__arglist</c>. The parameter names are left out: renaming one keeps the name.
        /// </summary>
        public static string SignatureKey(IMethodSymbol method)
        {
            var parameters = method.Parameters.Select(p => MethodShellParser.RefKindPrefix(p.RefKind) + p.Type.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat));
            if (method.IsVararg) parameters = parameters.Concat(new[] { "__arglist" });
            return (method.Arity > 0 ? "`" + method.Arity.ToString(CultureInfo.InvariantCulture) : string.Empty) + "(" + string.Join(",", parameters) + ")";
        }

        /// <summary>
        /// 8 hex digits of the 32-bit FNV-1a hash of the text's UTF-8 bytes: the same in every process (string.GetHashCode
        /// is randomized per process on .NET Core, so a file name from it would change on every build).
        /// </summary>
        public static string StableHash(string text)
        {
            unchecked
            {
                var hash = 2166136261u;
                foreach (var b in Encoding.UTF8.GetBytes(text))
                {
                    hash ^= b;
                    hash *= 16777619u;
                }

                return hash.ToString("x8", CultureInfo.InvariantCulture);
            }
        }

        /// <summary>
        /// <paramref name="stem"/> + <paramref name="suffix"/>, or, over <see cref="MaxBytes"/> UTF-8 bytes, the stem cut to
        /// fit followed by <c>_</c> and the hash of the whole stem: two long names that share their beginning still differ.
        /// </summary>
        public static string Capped(string stem, string suffix)
        {
            var utf8 = Encoding.UTF8;
            if (utf8.GetByteCount(stem) + utf8.GetByteCount(suffix) <= MaxBytes) return stem + suffix;

            var hash = "_" + StableHash(stem);
            var budget = MaxBytes - utf8.GetByteCount(suffix) - hash.Length;
            var length = 0;
            for (var bytes = 0; length < stem.Length; length++)
            {
                // A letter outside the BMP is two chars: keep or cut both (FileNameSafe leaves none, but the cap must hold anyway).
                var width = char.IsHighSurrogate(stem[length]) && length + 1 < stem.Length ? 2 : 1;
                var size = utf8.GetByteCount(stem.Substring(length, width));
                if (bytes + size > budget) break;
                bytes += size;
                length += width - 1;
            }

            return stem.Substring(0, length) + hash + suffix;
        }

        /// <summary>Letters, digits and <c>. _ , ( ) -</c> as they are, any other char as '_' (as hint names always were).</summary>
        private static string FileNameSafe(string name)
            => new string(name.Select(c => char.IsLetterOrDigit(c) || c is '.' or '_' or ',' or '(' or ')' or '-' ? c : '_').ToArray());

        private static string KindSuffix(MarkKind kind) => kind == MarkKind.TailAwait ? "TailAwait" : "FastPath";
    }
}
