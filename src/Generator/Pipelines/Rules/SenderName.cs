using System.Linq;
using Microsoft.CodeAnalysis;
using Prewired.Generator.FastPath;
using Prewired.Generator.Marks;
using Prewired.Generator.TailAwait;

namespace Prewired.Generator.Pipelines.Rules
{
    /// <summary>
    /// Where the generated sender goes: <c>{AssemblyName}.PrewiredSender</c>. A namespace of its own per assembly, so two
    /// assemblies with handlers (a library and the app that references it) each have theirs and neither hides the other, as
    /// one fixed namespace would (CS0436); read here by the generator, which writes it, and the analyzer, which recognizes it.
    /// </summary>
    internal static class SenderName
    {
        public const string ClassName = "PrewiredSender";
        private const string Fallback = "Prewired.Generated";

        /// <summary>The assembly name as a namespace: each dotted part an identifier (invalid characters become '_').</summary>
        public static string Namespace(Compilation compilation)
        {
            var name = compilation.AssemblyName;
            if (string.IsNullOrWhiteSpace(name)) return Fallback;
            var parts = name!.Split('.').Select(Identifier).ToList();
            return parts.Any(p => p.Length == 0) ? Fallback : string.Join(".", parts);
        }

        private static string Identifier(string part)
        {
            var chars = part.Select(c => char.IsLetterOrDigit(c) || c == '_' ? c : '_').ToArray();
            var identifier = new string(chars);
            if (identifier.Length > 0 && char.IsDigit(identifier[0])) identifier = "_" + identifier;
            return SourceNames.Escaped(identifier);
        }
    }
}
