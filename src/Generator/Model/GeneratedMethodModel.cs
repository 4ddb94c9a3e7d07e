using System;

namespace Prewired.Generator.Model
{
    /// <summary>
    /// One generated file: the shell and the member text (the implementing method and any continuations), already
    /// rendered at the shell's member indentation, and the usage errors the generator reports itself (see
    /// <see cref="Marks.UsageErrorReporting"/>). Rendering happens in the transform so the model is plain strings and
    /// an unchanged method compares equal, leaving the emit step cached. A model with no <see cref="Shell"/> carries only
    /// diagnostics: no file can be declared for that method.
    /// </summary>
    internal sealed class GeneratedMethodModel : IEquatable<GeneratedMethodModel>
    {
        public GeneratedMethodModel(MarkKind kind, MethodShell shell, string members)
            : this(kind, shell, members, EquatableArray<DiagnosticInfo>.Empty)
        {
        }

        private GeneratedMethodModel(MarkKind kind, MethodShell? shell, string members, EquatableArray<DiagnosticInfo> diagnostics)
        {
            Kind = kind;
            Shell = shell;
            Members = members;
            Diagnostics = diagnostics;
        }

        public MarkKind Kind { get; }

        /// <summary>Where the file goes; null when the model only reports diagnostics.</summary>
        public MethodShell? Shell { get; }

        public string Members { get; }

        public EquatableArray<DiagnosticInfo> Diagnostics { get; }

        /// <summary>A model that reports <paramref name="diagnostics"/> and generates no file.</summary>
        public static GeneratedMethodModel DiagnosticsOnly(MarkKind kind, EquatableArray<DiagnosticInfo> diagnostics)
            => new(kind, null, string.Empty, diagnostics);

        /// <summary>This model, also reporting <paramref name="diagnostics"/>.</summary>
        public GeneratedMethodModel WithDiagnostics(EquatableArray<DiagnosticInfo> diagnostics) => new(Kind, Shell, Members, diagnostics);

        public bool Equals(GeneratedMethodModel? other)
            => other is not null && Kind == other.Kind && Equals(Shell, other.Shell) && Members == other.Members && Diagnostics.Equals(other.Diagnostics);

        public override bool Equals(object? obj) => Equals(obj as GeneratedMethodModel);

        public override int GetHashCode() => (Shell?.GetHashCode() ?? 0) ^ Members.Length ^ Diagnostics.Count;
    }
}
