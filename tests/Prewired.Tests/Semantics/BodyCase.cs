using System.Collections.Generic;
using System.Linq;
using System.Text;
using System.Text.RegularExpressions;

namespace Prewired.Tests.Semantics
{
    /// <summary>
    /// One async body, written once as text and compiled three ways: the original <c>{Name}_Core</c>, the
    /// <c>[FastPath]</c> method <c>{Name}</c> and, when every await is a tail await, the <c>[TailAwait]</c> method
    /// <c>{Name}_Tail</c>. Every method takes <c>(Env env, int v)</c>: <c>env</c> hands out the awaitables
    /// (<c>env.T(k)</c>, <c>env.TR(k, value)</c>, <c>env.V(k)</c>, <c>env.VR(k, value)</c> for await site k) and records
    /// side effects; <c>v</c> picks branches (each of <see cref="Variants"/> runs).
    /// </summary>
    public sealed record BodyCase(string Name, string Returns, string Body)
    {
        /// <summary>Every await is a tail await: also compile and compare a [TailAwait] method.</summary>
        public bool Tail { get; init; }

        /// <summary>The values of <c>v</c> to run.</summary>
        public int[] Variants { get; init; } = { 0 };

        /// <summary>Helper members of the body's class (fields, helper methods, nested types).</summary>
        public string Members { get; init; } = string.Empty;

        public bool Static { get; init; }

        /// <summary>Whether the generator is expected to split the [FastPath] method (false: it forwards, PW0201).</summary>
        public bool ExpectSplit { get; init; } = true;

        /// <summary>For a generic body: its type parameter list ("&lt;T&gt;"), constraint clauses (" where T : class") and the
        /// type arguments the test calls it with ("&lt;string&gt;"). The marked methods declare the same.</summary>
        public string TypeParameters { get; init; } = string.Empty;

        public string Constraints { get; init; } = string.Empty;

        public string TypeArguments { get; init; } = string.Empty;

        /// <summary>When set, whether the generated [FastPath] must contain the context guard.</summary>
        public bool? ExpectGuard { get; init; }

        /// <summary>Await sites reached through helpers (e.g. <c>Get(env, 0, x)</c>), which the text scan cannot see:
        /// "0:T,1:V" (T for Task sites, V for ValueTask sites).</summary>
        public string HelperSites { get; init; } = string.Empty;

        /// <summary>
        /// For Tail bodies: true when each tail await awaits an environment site itself, so the documented pending-case
        /// differences apply to what the environment hands out; false when it awaits an async helper's task (whose
        /// outcome is already an async method's, so the tail method must then give exactly what the body gives).
        /// </summary>
        public bool TailAwaitsSiteDirectly { get; init; } = true;

        /// <summary>
        /// The body has an await that resumes on the thread pool and can finish the method there without recording
        /// anything (ConfigureAwait(ForceYielding) of a faulted or canceled task): with no caller context, whether the
        /// caller's first look sees the task pending or completed is a race between threads, for the original method and
        /// the generated one alike. Those scenarios then compare everything but that first look
        /// (<see cref="Expectations.WithoutPoolRace"/>).
        /// </summary>
        public bool RacesWithThreadPool { get; init; }

        /// <summary>
        /// The case is a struct (its methods are the struct's; the harness calls them on a fresh boxed instance), to check
        /// that the fast path works on a copy of <c>this</c> as the async body does: <see cref="AfterCall"/> can log what the
        /// caller's instance holds once the call returned.
        /// </summary>
        public bool Struct { get; init; }

        /// <summary>The case class's base class, before <c>ISemanticsCase</c> (empty: none). Not for a <see cref="Struct"/> case.</summary>
        public string BaseClass { get; init; } = string.Empty;

        /// <summary>
        /// A primary constructor's parameter list (<c>int factor, string? label</c>) and the arguments the harness's
        /// parameterless constructor passes it (<c>4, "x"</c>): the body can read the parameters.
        /// </summary>
        public string PrimaryConstructor { get; init; } = string.Empty;

        public string PrimaryConstructorArguments { get; init; } = string.Empty;

        /// <summary>A statement run right after the call returns, in the original and the generated variant alike.</summary>
        public string AfterCall { get; init; } = string.Empty;

        /// <summary>Using directives after the standard ones at the top of the body's file (<c>using static ...;</c>).</summary>
        public string FileUsings { get; init; } = string.Empty;

        /// <summary>Declarations in the body's namespace, beside its class (a <c>file</c> type, for example).</summary>
        public string FileMembers { get; init; } = string.Empty;

        /// <summary>The parameter list of the partial declarations (same types as the body's "Env env, int v"; names may differ).</summary>
        public string PartialParameters { get; init; } = "Env env, int v";

        public string ClassName => "Case_" + Name;

        private static readonly Regex s_site = new(@"env\.(T|TR|V|VR|C)\(\s*(\d+)", RegexOptions.Compiled);

        /// <summary>Await sites by number, true for ValueTask sites.</summary>
        public IReadOnlyDictionary<int, bool> Sites()
        {
            var sites = new SortedDictionary<int, bool>();
            foreach (Match match in s_site.Matches(Body + "\n" + Members))
            {
                sites[int.Parse(match.Groups[2].Value, System.Globalization.CultureInfo.InvariantCulture)] = match.Groups[1].Value.StartsWith('V');
            }

            foreach (var entry in HelperSites.Split(',', System.StringSplitOptions.RemoveEmptyEntries | System.StringSplitOptions.TrimEntries))
            {
                var parts = entry.Split(':');
                sites[int.Parse(parts[0], System.Globalization.CultureInfo.InvariantCulture)] = parts[1] == "V";
            }

            return sites;
        }

        /// <summary>The body as the user wrote it, for failure messages.</summary>
        public string Display()
        {
            var text = new StringBuilder();
            if (FileUsings.Length > 0) text.AppendLine(FileUsings.Trim());
            if (FileMembers.Length > 0) text.AppendLine(FileMembers.TrimEnd());
            if (Members.Length > 0) text.AppendLine(Members.TrimEnd());
            text.Append($"private {(Static ? "static " : "")}async {Returns} {Name}_Core{TypeParameters}(Env env, int v){Constraints}");
            text.AppendLine(Body.TrimStart().StartsWith("=>") ? " " + Body.Trim() : "\n" + Body.Trim());
            text.AppendLine($"[FastPath(nameof({Name}_Core))] public {(Static ? "static " : "")}partial {Returns} {Name}{TypeParameters}({PartialParameters}){Constraints};");
            if (Tail) text.AppendLine($"[TailAwait(nameof({Name}_Core))] public {(Static ? "static " : "")}partial {Returns} {Name}_Tail{TypeParameters}({PartialParameters}){Constraints};");
            return text.ToString();
        }

        public string Source()
        {
            var s = Static ? "static " : string.Empty;
            var text = new StringBuilder();
            text.Append(@"using System;
using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;
using Prewired;
using Prewired.Tests.Semantics;
");
            if (FileUsings.Length > 0) text.AppendLine(FileUsings.Trim());
            text.Append(@"
namespace SemanticsCases
{
");
            if (FileMembers.Length > 0) text.AppendLine(Indent(FileMembers, 4));
            text.Append(Struct ? "    public partial struct " : "    public sealed partial class ").Append(ClassName).Append(PrimaryConstructor.Length > 0 ? "(" + PrimaryConstructor + ")" : string.Empty).Append(" : ").Append(BaseClass.Length > 0 ? BaseClass + ", " : string.Empty).Append(@"ISemanticsCase
    {
");
            text.AppendLine(Indent(Members, 8));
            if (PrimaryConstructor.Length > 0) text.AppendLine($"        public {ClassName}() : this({PrimaryConstructorArguments}) {{ }}");
            text.AppendLine($"        private {s}async {Returns} {Name}_Core{TypeParameters}(Env env, int v){Constraints}");
            text.AppendLine(Indent(Body.Trim(), 8));
            text.AppendLine();
            text.AppendLine($"        [FastPath(nameof({Name}_Core))]");
            text.AppendLine($"        public {s}partial {Returns} {Name}{TypeParameters}({PartialParameters}){Constraints};");
            if (Tail)
            {
                text.AppendLine();
                text.AppendLine($"        [TailAwait(nameof({Name}_Core))]");
                text.AppendLine($"        public {s}partial {Returns} {Name}_Tail{TypeParameters}({PartialParameters}){Constraints};");
            }

            text.AppendLine();
            text.AppendLine(Observe("Original", $"{Name}_Core{TypeArguments}(env, v)"));
            text.AppendLine(Observe("Fast", $"{Name}{TypeArguments}(env, v)"));
            text.AppendLine(Tail
                ? $"        public Observation? Tail(Env env, int v) => Observer.Of(env, {Name}_Tail{TypeArguments}(env, v));"
                : "        public Observation? Tail(Env env, int v) => null;");
            text.AppendLine("    }");
            text.AppendLine("}");
            return text.ToString();
        }

        private string Observe(string variant, string call)
            => AfterCall.Length == 0
                ? $"        public Observation {variant}(Env env, int v) => Observer.Of(env, {call});"
                : $"        public Observation {variant}(Env env, int v) {{ var observed = Observer.Of(env, {call}); {AfterCall.Trim()} return observed; }}";

        private static string Indent(string text, int spaces)
        {
            var lines = text.Replace("\r\n", "\n").Trim('\n').Split('\n');
            var common = lines.Where(l => l.Trim().Length > 0).Select(l => l.Length - l.TrimStart().Length).DefaultIfEmpty(0).Min();
            var pad = new string(' ', spaces);
            return string.Join("\n", lines.Select(l => l.Trim().Length == 0 ? string.Empty : pad + l.Substring(common)));
        }

        public override string ToString() => Name;
    }
}
