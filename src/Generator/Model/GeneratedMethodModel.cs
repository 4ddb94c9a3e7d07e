using System;

namespace Prewired.Generator.Model
{
    /// <summary>
    /// One generated file: the shell and the member text (the implementing method and any continuations), already
    /// rendered at the shell's member indentation. Rendering happens in the transform so the model is plain strings
    /// and an unchanged method compares equal, leaving the emit step cached.
    /// </summary>
    internal sealed class GeneratedMethodModel : IEquatable<GeneratedMethodModel>
    {
        public GeneratedMethodModel(MarkKind kind, MethodShell shell, string members)
        {
            Kind = kind;
            Shell = shell;
            Members = members;
        }

        public MarkKind Kind { get; }

        public MethodShell Shell { get; }

        public string Members { get; }

        public bool Equals(GeneratedMethodModel? other)
            => other is not null && Kind == other.Kind && Shell.Equals(other.Shell) && Members == other.Members;

        public override bool Equals(object? obj) => Equals(obj as GeneratedMethodModel);

        public override int GetHashCode() => Shell.GetHashCode() ^ Members.Length;
    }
}
