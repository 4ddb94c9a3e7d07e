using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Text;

namespace Prewired.Tests.Reliability
{
    /// <summary>
    /// What random bodies generated, counted as <see cref="RandomBodyGenerator"/> writes them: which statement kind was
    /// written directly inside which enclosing kind, which await position inside which enclosing kind, and which kind of
    /// variable was read or written after a resume point it lives across (and after one nested deeper than the access,
    /// the class of bug a continuation that jumps past a declaration has). A run sums its bodies' counts; the table is
    /// what docs/reliability.md keeps, so a claim about what the fuzzer reaches is a measured one.
    /// </summary>
    public sealed class GeneratorCoverage
    {
        /// <summary>The statement kinds the body generator nests, in table order, with the short column names.</summary>
        public static readonly IReadOnlyList<(string Kind, string Short)> Kinds = new[]
        {
            ("if", "if"), ("else", "else"), ("switch section", "sect"), ("while", "while"), ("do", "do"), ("for", "for"),
            ("foreach", "fe"), ("await foreach", "afe"), ("using", "use"), ("await using", "ause"), ("block", "blk"),
            ("checked", "chk"), ("try", "try"), ("catch", "catch"), ("catch when", "when"), ("finally", "fin"),
            ("labeled region (forward goto)", "gfw"), ("goto loop (backward goto)", "gbk"), ("local function", "lf"), ("lambda", "lam"),
        };

        /// <summary>Kinds whose bodies the generator writes by hand (a nested function's body is not split), so nothing nests in them.</summary>
        public static readonly IReadOnlyList<string> Leaves = new[] { "local function", "lambda" };

        /// <summary>The await positions of the Deep shape, in table order.</summary>
        public static readonly IReadOnlyList<string> Positions = new[]
        {
            "await x;", "var y = await x;", "y = await x;", "return await x;", "nested in an expression", "conditional operand",
            "if condition", "switch subject", "while condition", "do condition", "for initializer", "for condition",
            "for incrementor", "foreach collection", "using resource", "await foreach (MoveNextAsync)",
            "await using (DisposeAsync)", "awaited local function or lambda", "local function body", "lambda body",
        };

        private readonly Dictionary<(string Kind, string Enclosing), int> _nesting = new();
        private readonly Dictionary<(string Position, string Enclosing), int> _awaits = new();
        private readonly Dictionary<(string Variable, string Access), int> _variables = new();
        private readonly Dictionary<int, int> _deepestAwait = new();
        private int _deepest = -1;

        public int Bodies { get; set; }

        public int Nesting(string kind, string enclosing) => _nesting.TryGetValue((kind, enclosing), out var n) ? n : 0;

        public int Awaits(string position, string enclosing) => _awaits.TryGetValue((position, enclosing), out var n) ? n : 0;

        public int Variables(string variable, string access) => _variables.TryGetValue((variable, access), out var n) ? n : 0;

        public IEnumerable<string> VariableKinds => _variables.Keys.Select(k => k.Variable).Distinct().OrderBy(k => k, StringComparer.Ordinal);

        /// <summary>Bodies whose deepest await is <paramref name="depth"/> constructs deep.</summary>
        public int BodiesWithDeepestAwait(int depth) => _deepestAwait.TryGetValue(depth, out var n) ? n : 0;

        internal void Statement(string kind, string enclosing) => Bump(_nesting, (kind, enclosing));

        internal void Await(string position, string enclosing, int depth)
        {
            Bump(_awaits, (position, enclosing));
            _deepest = Math.Max(_deepest, depth);
        }

        internal void Variable(string variable, string access) => Bump(_variables, (variable, access));

        /// <summary>Closes one body's counts (its deepest await).</summary>
        internal void EndBody()
        {
            if (_deepest >= 0) Bump(_deepestAwait, _deepest);
        }

        public void Add(GeneratorCoverage? other)
        {
            if (other is null) return;
            Bodies += other.Bodies;
            foreach (var (key, n) in other._nesting) Bump(_nesting, key, n);
            foreach (var (key, n) in other._awaits) Bump(_awaits, key, n);
            foreach (var (key, n) in other._variables) Bump(_variables, key, n);
            foreach (var (key, n) in other._deepestAwait) Bump(_deepestAwait, key, n);
        }

        /// <summary>
        /// Inside a checked block, what HiddenAwaitLowering's CheckedWriter does not write out (its class comment: a local
        /// function, a label; and the hidden awaits), so the body would forward with PW0201: the generator leaves them out there.
        /// </summary>
        public static readonly IReadOnlyList<string> NotInChecked = new[] { "switch section", "for", "await foreach", "await using", "labeled region (forward goto)", "goto loop (backward goto)", "local function", "lambda" };

        /// <summary>Positions the generator leaves out of a checked block for the same reason (an await in a loop header there forwarded).</summary>
        public static readonly IReadOnlyList<string> PositionsNotInChecked = new[]
        {
            "switch subject", "while condition", "do condition", "for initializer", "for condition", "for incrementor", "foreach collection", "using resource",
            "await foreach (MoveNextAsync)", "await using (DisposeAsync)", "awaited local function or lambda",
        };

        /// <summary>
        /// Left out: gotos directly in a switch section, whose statements are not a block (the goto forms [FastPath] splits
        /// are a block's, docs/diagnostics/PW0201.md), and gotos inside an await foreach or await using, which forwarded
        /// (and a backward one in an await foreach crashed the test process): open findings, docs/reliability.md "Bugs found".
        /// </summary>
        public static bool LeftOut(string kind, string enclosing)
            => kind.Contains("goto", StringComparison.Ordinal) && enclosing is "switch section" or "await foreach" or "await using";

        /// <summary>The (kind, enclosing) pairs of <see cref="Kinds"/> that never occurred: every kind inside every kind a statement can nest in.</summary>
        public List<string> MissingNesting()
            => (from inner in Kinds
                from outer in new[] { "method" }.Concat(Kinds.Select(k => k.Kind).Except(Leaves))
                where Nesting(inner.Kind, outer) == 0 && !(outer == "checked" && NotInChecked.Contains(inner.Kind)) && !LeftOut(inner.Kind, outer)
                select $"{inner.Kind} in {outer}").ToList();

        /// <summary>The (await position, enclosing kind) pairs that never occurred, for the positions C# allows there.</summary>
        public List<string> MissingAwaits()
        {
            var missing = new List<string>();
            foreach (var outer in new[] { "method" }.Concat(Kinds.Select(k => k.Kind).Except(Leaves)))
            {
                foreach (var position in Positions.Where(p => PositionAllowedIn(p, outer)))
                {
                    if (Awaits(position, outer) == 0) missing.Add($"{position} in {outer}");
                }
            }

            foreach (var (position, leaf) in new[] { ("local function body", "local function"), ("lambda body", "lambda") })
            {
                if (Awaits(position, leaf) == 0) missing.Add($"{position} in {leaf}");
            }

            return missing;
        }

        /// <summary>
        /// Where C# (or the generator's documented rules, docs/diagnostics/PW0201.md) rule a position out: no return in a
        /// finally block (CS0157) nor in a loop body written to run to its end; nested function bodies only in their own kind.
        /// </summary>
        public static bool PositionAllowedIn(string position, string enclosing)
            => position switch
            {
                "local function body" or "lambda body" => false,
                _ when enclosing == "checked" && PositionsNotInChecked.Contains(position) => false,
                "return await x;" => enclosing is not ("finally" or "while" or "do" or "for" or "foreach" or "await foreach" or "goto loop (backward goto)"),
                _ => true,
            };

        public string Table()
        {
            var text = new StringBuilder();
            var outers = new[] { ("method", "method") }.Concat(Kinds.Where(k => !Leaves.Contains(k.Kind))).ToList();
            text.AppendLine($"Coverage of {Bodies.ToString("N0", CultureInfo.InvariantCulture)} bodies.");
            text.AppendLine();
            text.AppendLine("Statement kind (row) written directly inside enclosing kind (column), statements counted (columns: " + string.Join(", ", Kinds.Select(k => $"{k.Short} = {k.Kind}")) + "):");
            text.AppendLine();
            text.AppendLine("| kind \\ in | " + string.Join(" | ", outers.Select(o => o.Item2)) + " |");
            text.AppendLine("|---|" + string.Concat(outers.Select(_ => "---:|")));
            foreach (var (kind, _) in Kinds)
            {
                text.AppendLine($"| {kind} | " + string.Join(" | ", outers.Select(o => Cell(Nesting(kind, o.Item1)))) + " |");
            }

            text.AppendLine();
            text.AppendLine("Await position (row) inside enclosing kind (column), awaits counted (header positions count in the construct around the header; '-' where C# or the generator's rules rule the position out):");
            text.AppendLine();
            var awaitOuters = outers.Concat(Kinds.Where(k => Leaves.Contains(k.Kind))).ToList();
            text.AppendLine("| position \\ in | " + string.Join(" | ", awaitOuters.Select(o => o.Item2)) + " |");
            text.AppendLine("|---|" + string.Concat(awaitOuters.Select(_ => "---:|")));
            foreach (var position in Positions)
            {
                text.AppendLine($"| `{position}` | " + string.Join(" | ", awaitOuters.Select(o =>
                {
                    var n = Awaits(position, o.Item1);
                    var allowed = Leaves.Contains(o.Item1) ? position == (o.Item1 == "lambda" ? "lambda body" : "local function body") : PositionAllowedIn(position, o.Item1);
                    return n == 0 && !allowed ? "-" : Cell(n);
                })) + " |");
            }

            var others = _awaits.Where(a => !Positions.Contains(a.Key.Position)).Sum(a => a.Value);
            text.AppendLine();
            text.AppendLine($"Awaits of the other shapes' positions (General, Forward, Tail, not broken down here): {others.ToString("N0", CultureInfo.InvariantCulture)}.");
            text.AppendLine();
            var accesses = new[] { "read after a resume point", "read after a resume point nested deeper", "written after a resume point", "written after a resume point nested deeper" };
            text.AppendLine("Variables read or written after a resume point they live across (row: what declares the variable; 'nested deeper': the await was inside a construct the access is not in), accesses counted:");
            text.AppendLine();
            text.AppendLine("| variable | " + string.Join(" | ", accesses) + " |");
            text.AppendLine("|---|" + string.Concat(accesses.Select(_ => "---:|")));
            foreach (var variable in VariableKinds)
            {
                text.AppendLine($"| {variable} | " + string.Join(" | ", accesses.Select(a => Cell(Variables(variable, a)))) + " |");
            }

            text.AppendLine();
            var depths = _deepestAwait.Keys.OrderBy(d => d).ToList();
            text.AppendLine("Bodies by the nesting depth of their deepest await (constructs around it): " + string.Join(", ", depths.Select(d => $"{d}: {BodiesWithDeepestAwait(d).ToString("N0", CultureInfo.InvariantCulture)}")) + ".");
            var missing = MissingNesting().Concat(MissingAwaits()).ToList();
            text.AppendLine(missing.Count == 0 ? "Every kind inside every kind and every allowed await position inside every kind was generated." : "Not generated: " + string.Join("; ", missing) + ".");
            return text.ToString();
        }

        private static string Cell(int n) => n.ToString("N0", CultureInfo.InvariantCulture);

        private static void Bump<TKey>(Dictionary<TKey, int> counts, TKey key, int by = 1)
            where TKey : notnull
            => counts[key] = (counts.TryGetValue(key, out var n) ? n : 0) + by;
    }
}
