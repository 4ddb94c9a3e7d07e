using System.Collections.Generic;

namespace Prewired.Tests.Semantics
{
    /// <summary>
    /// Awaits nested after operands C# evaluates before them, or inside conditionally evaluated operands (issue 20 point
    /// 2, the expression half): the generator writes them out as the compiler spills them (SpillLowering), every earlier
    /// operand into a temporary in order, a conditional into an if/else over a temporary. Each body's helpers change the
    /// state an operand reads while the await is pending (and, synchronously, while the awaited call runs), so reading it
    /// at the wrong time changes the result.
    /// </summary>
    public static class SpillBodyTable
    {
        /// <summary>
        /// <c>Bump</c> changes <c>_total</c> before its await (synchronously, inside the awaited call) and after it (while the
        /// caller's await is pending); <c>Swap</c> replaces <c>_items</c> and <c>_list</c> the same way; <c>Next</c> logs each
        /// call, so the order of the operands' calls is in the log.
        /// </summary>
        private const string Kit = """
            private int _total = 1;
            private int[] _items = new int[3];
            private List<int> _list = new List<int>();
            private Point _point;
            private int _next;
            private Holder _holder = new Holder();

            private struct Point
            {
                public int X;
                public int Y;
                public void Add(int value) { X += value; Y++; }
            }

            private sealed class Holder
            {
                public int Count { get; set; }
                public string? Name { get; set; }
            }

            private sealed class Pair
            {
                public Pair(int a, int b) { A = a; B = b; }
                public int A { get; }
                public int B { get; }
                public int C { get; set; }
                public string? Text { get; set; }
            }

            private async Task<int> Bump(Env env, int site, int value)
            {
                env.Log("bump " + _total);
                _total += 100;
                var r = await env.TR(site, value);
                _total += 1000;
                _point.X += 7;
                return r;
            }

            private async Task<int> Swap(Env env, int site, int value)
            {
                env.Log("swap");
                var old = _items;
                _items = new int[3];
                _list = new List<int>();
                var r = await env.TR(site, value);
                _items = new int[3];
                _holder = new Holder();
                env.Log("old[1]=" + old[1]);
                return r;
            }

            private int Next(Env env)
            {
                _next++;
                env.Log("next " + _next);
                return _next;
            }

            private static int Use(Env env, int a, int b, int c)
            {
                env.Log($"use {a} {b} {c}");
                return a * 100 + b * 10 + c;
            }
            """;

        public static IReadOnlyList<BodyCase> All { get; } = new List<BodyCase>
        {
            // ---- an await after an operand that can change while it is pending: the operand is read into a temporary first ----
            new("S01_FieldCompoundAssignment", "Task<int>", """
                {
                    _total += await Bump(env, 0, 3);
                    env.Log("total=" + _total);
                    return _total;
                }
                """) { Members = Kit, HelperSites = "0:T" },

            new("S02_FieldPlusAwait", "Task<int>", """
                {
                    var x = _total + await Bump(env, 0, 3);
                    return x * 10000 + _total;
                }
                """) { Members = Kit, HelperSites = "0:T" },

            new("S03_LocalTimesTenPlusAwait_InLoop", "Task<int>", """
                {
                    var s = v;
                    for (var i = 0; i < 3; i++)
                    {
                        s = s * 10 + await env.TR(0, i + 1);
                        env.Log("s=" + s);
                    }
                    return s;
                }
                """) { Variants = new[] { 0, 1 } },

            new("S04_ElementAssignmentAfterCallIndex", "Task<int>", """
                {
                    _items[Next(env)] = await Swap(env, 0, 5);
                    return _items[1];
                }
                """) { Members = Kit, HelperSites = "0:T" },

            new("S05_LocalStructFieldCompoundAssignment", "Task<int>", """
                {
                    var p = new Point { X = v, Y = 2 };
                    p.X += await env.TR(0, 3);
                    p.Y *= await env.TR(1, 4);
                    return p.X * 100 + p.Y;
                }
                """) { Members = Kit, Variants = new[] { 0, 1 } },

            new("S06_StructFieldOfThisCompoundAssignment", "Task<int>", """
                {
                    _point.X += await Bump(env, 0, 3);
                    return _point.X;
                }
                """) { Members = Kit, HelperSites = "0:T" },

            new("S16_MutatingMethodOfStructField", "Task<int>", """
                {
                    _point.Add(await Bump(env, 0, 3));
                    return _point.X * 100 + _point.Y;
                }
                """) { Members = Kit, HelperSites = "0:T" },

            new("S07_NewWithAwaitedArgument", "Task<int>", """
                {
                    var pair = new Pair(Next(env), await env.TR(0, 5));
                    return pair.A * 10 + pair.B;
                }
                """) { Members = Kit },

            new("S08_CallArgumentsAroundAwait", "Task<int>", """
                {
                    var r = Use(env, _total, await Bump(env, 0, 3), Next(env));
                    return r;
                }
                """) { Members = Kit, HelperSites = "0:T" },

            new("S09_FieldReceiverOfCall", "Task<int>", """
                {
                    _list.Add(await Swap(env, 0, 4));
                    return _list.Count;
                }
                """) { Members = Kit, HelperSites = "0:T" },

            new("S10_PropertyOfFieldCompoundAssignment", "Task<int>", """
                {
                    _holder.Count += await Swap(env, 0, 4);
                    _holder.Name = await env.TR(1, "n") + _holder.Count;
                    return _holder.Count;
                }
                """) { Members = Kit, HelperSites = "0:T" },

            new("S11_CallResultPlusAwait", "Task<int>", """
                {
                    var x = Next(env) * 2 + await env.TR(0, 10) - Next(env);
                    return x;
                }
                """) { Members = Kit },

            new("S12_AwaitedCallPlusAwait", "Task<int>", """
                {
                    var x = Use(env, 1, await env.TR(0, 2), 3) + await env.TR(1, 4);
                    return x;
                }
                """) { Members = Kit },

            new("S13_LocalWrittenInTheAwaitedOperand", "Task<int>", """
                {
                    var x = v;
                    var y = x + await env.TR(0, x = 5);
                    return y * 10 + x;
                }
                """) { Variants = new[] { 0, 1 } },

            new("S15_LocalWrittenInTheAwaitedOperandAfterALiteral", "Task<int>", """
                {
                    var x = v;
                    var y = 1 + await env.TR(0, x = 5);
                    return y * 10 + x;
                }
                """) { Variants = new[] { 0, 1 } },

            new("S14_ClassLocalReceiverReassignedInTheAwaitedOperand", "Task<int>", """
                {
                    var holder = new Holder();
                    var first = holder;
                    holder.Count = await env.TR(0, (holder = new Holder()).Count + 4);
                    return first.Count * 10 + holder.Count;
                }
                """) { Members = Kit },

            // ---- an await nested inside a conditionally evaluated operand: an if/else over a temporary ----------------------
            new("S20_AndWithNestedAwait", "Task<int>", """
                {
                    if (v != 1 && (await env.TR(0, "abc")).Length == 3) env.Log("both");
                    else env.Log("not both");
                    return 1;
                }
                """) { Variants = new[] { 0, 1 } },

            new("S21_OrWithNestedAwait", "Task<bool>", """
                {
                    var ok = v == 1 || await env.TR(0, 2) > 1;
                    return ok;
                }
                """) { Variants = new[] { 0, 1 } },

            new("S22_CoalesceWithNestedAwait", "Task<string>", """
                {
                    var cached = v == 0 ? null : "cached";
                    var name = cached ?? (await env.TR(0, "loaded")).ToUpperInvariant();
                    return name;
                }
                """) { Variants = new[] { 0, 1 } },

            new("S23_ConditionalWithNestedAwait", "Task<int>", """
                {
                    var x = v == 0 ? await env.TR(0, 2) * 10 : -1;
                    env.Log("x=" + x);
                    return x;
                }
                """) { Variants = new[] { 0, 1 } },

            new("S24_ConditionalAfterFieldOperand", "Task<int>", """
                {
                    var x = _total + (v == 0 ? await Bump(env, 0, 2) : Next(env));
                    return x;
                }
                """) { Members = Kit, HelperSites = "0:T", Variants = new[] { 0, 1 } },

            new("S26_ConditionalOnPatternVariable", "Task<int>", """
                {
                    object o = v == 0 ? "text" : 5;
                    var n = o is string { Length: > 2 } s && s.Length < 10 ? await env.TR(0, s.Length) * 2 : -1;
                    return n;
                }
                """) { Variants = new[] { 0, 1 } },

            new("S27_SwitchExpressionArmsAwait", "Task<string>", """
                {
                    var text = v switch { 0 => await env.TR(0, "zero"), 1 => "one" + await env.TR(1, "!"), _ => "other" };
                    env.Log(text);
                    return text;
                }
                """) { Variants = new[] { 0, 1, 2 } },

            new("S28_SwitchExpressionPatternVariablesAndGuard", "Task<int>", """
                {
                    object o = v == 0 ? "abc" : v == 1 ? v : 2.5;
                    return _total + o switch { string s when s.Length > 2 => s.Length + await Bump(env, 0, 10), int i => i, var other => other.GetHashCode() % 1 - 1 };
                }
                """) { Members = Kit, HelperSites = "0:T", Variants = new[] { 0, 1, 2 } },

            // ---- a for loop's incrementor that awaits: at the end of the body and before each continue of the loop ----------
            new("S50_ForIncrementorAwaits_WithContinue", "Task<int>", """
                {
                    var sum = 0;
                    for (var i = 0; i < 5; i += await env.TR(0, 1 + v), _total++)
                    {
                        if (i == 2) continue;
                        sum += i;
                        env.Log("i=" + i + " total=" + _total);
                    }
                    return sum * 100 + _total;
                }
                """) { Members = Kit, Variants = new[] { 0, 1 } },

            // ---- forwarded, with the reason: an order that cannot be written out exactly -------------------------------------
            new("S91_Forwarded_ForIncrementorContinueLeavesTry", "Task<int>", """
                {
                    var sum = 0;
                    for (var i = 0; i < 3; i += await env.TR(0, 1))
                    {
                        try
                        {
                            if (i == 1) continue;
                            sum += i;
                        }
                        finally
                        {
                            env.Log("finally " + i);
                        }
                    }
                    return sum;
                }
                """) { ExpectSplit = false },

            new("S90_Forwarded_UserDefinedConversionBeforeAwait", "Task<int>", """
                {
                    var m = new Meters(env, v);
                    return Add(m, await env.TR(0, 2));
                }
                """)
            {
                Variants = new[] { 0, 1 },
                ExpectSplit = false,
                Members = """
                    private readonly struct Meters
                    {
                        private readonly Env _env;
                        private readonly int _value;
                        public Meters(Env env, int value) { _env = env; _value = value; }
                        public static implicit operator int(Meters m) { m._env.Log("convert " + m._value); return m._value; }
                    }

                    private static int Add(int a, int b) => a * 10 + b;
                    """,
            },

            // ---- an expression-bodied method: its expression is the body's return (or statement) -----------------------------
            // (N15_TwoAwaitsInOneExpression and B65_NestedAwaitExpressionBody, forwarded before, are split the same way.)
            new("S30_ExpressionBodiedCallWithAwaitedArgument", "Task<int>", """
                => Use(env, _total, await Bump(env, 0, 3), v);
                """) { Members = Kit, HelperSites = "0:T" },

            new("S32_ExpressionBodiedStatementWithoutResult", "Task", """
                => env.Log("total " + _total + " " + await Bump(env, 0, 3) + " " + _total);
                """) { Members = Kit, HelperSites = "0:T" },

            // ---- object and collection initializers: the object first, then each member in order ----------------------------
            new("S40_ObjectInitializerWithAwait", "Task<int>", """
                {
                    var pair = new Pair(Next(env), 2) { C = Next(env), Text = await env.TR(0, "t") + _total };
                    return pair.A * 100 + pair.C * 10 + pair.Text!.Length;
                }
                """) { Members = Kit },

            new("S41_CollectionInitializerWithAwait", "Task<int>", """
                {
                    var list = new List<int> { Next(env), await env.TR(0, 7), Next(env) };
                    env.Log(string.Join(",", list));
                    return list.Count;
                }
                """) { Members = Kit },
        };
    }
}
