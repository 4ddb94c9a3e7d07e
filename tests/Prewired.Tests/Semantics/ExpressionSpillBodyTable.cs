using System.Collections.Generic;

namespace Prewired.Tests.Semantics
{
    /// <summary>
    /// Expression spills of issue 20 point 2 written out by SpillLowering after the first round (<see cref="SpillBodyTable"/>):
    /// checked and unchecked expressions, and the shapes listed with them. Each body's operands change or overflow
    /// depending on when and in which context they are evaluated.
    /// </summary>
    public static class ExpressionSpillBodyTable
    {
        private const string Kit = """
            private int _total = int.MaxValue - 3;

            private async Task<int> Bump(Env env, int site, int value)
            {
                env.Log("bump " + _total);
                _total -= 10;
                var r = await env.TR(site, value);
                _total += 1;
                return r;
            }
            """;

        public static IReadOnlyList<BodyCase> All { get; } = new List<BodyCase>
        {
            // checked(field + await): the field is read (into a checked temporary) before the await; the sum overflows
            // for v = 2 only when the field's value before the await is used (OverflowException, in the task).
            new("X01_CheckedFieldPlusAwait", "Task<int>", """
                {
                    var x = checked(_total + await Bump(env, 0, v * 5));
                    env.Log("x=" + x);
                    return checked(x - await env.TR(1, 1));
                }
                """) { Members = Kit, HelperSites = "0:T", Variants = new[] { 0, 1, 2 } },

            // The awaited operand computes in the checked context (int.MaxValue - 3 + v overflows for v >= 4) before the
            // await; an unchecked part inside a checked one wraps around.
            new("X02_CheckedAwaitedOperandAndUncheckedInside", "ValueTask<long>", """
                {
                    var big = int.MaxValue - 3;
                    var a = checked(1 + await env.VR(0, big + v));
                    env.Log("a=" + a);
                    var b = checked((long)Next(env) + unchecked(big + await env.VR(1, v * 2)));
                    env.Log("b=" + b);
                    return checked(a + b + await env.VR(2, (long)v));
                }
                """)
            {
                Members = """
                    private int _next;
                    private int Next(Env env) { env.Log("next"); return ++_next; }
                    """,
                Variants = new[] { 0, 2, 4 },
            },

            // Npgsql's RecordConverter.Read and PgTypeInfo.ReadFieldValueAsync: a parenthesized await with the null-forgiving
            // operator after it, stored into an element in a try, and cast in a conditional's branch. ((__spill0)! parsed
            // as a cast of '!': CS1525.)
            new("X03_ParenthesizedAwaitThenNullForgiving", "Task<string>", """
                {
                    var result = new object[2];
                    for (var i = 0; i < result.Length; i++)
                    {
                        try
                        {
                            result[i] = (await env.TR(i, (object?)("r" + i)))!;
                        }
                        finally
                        {
                            env.Log("finally " + i);
                        }
                    }
                    var s = v == 0
                        ? await env.TR(2, "direct")
                        : (string)(await env.TR(3, (object?)"boxed"))!;
                    return string.Join(",", result) + s + ((await env.TR(4, (string?)"!")))!;
                }
                """) { Variants = new[] { 0, 1 } },

            // Npgsql's NpgsqlConnection.CloneWithAsync: csb.Password ??= c ? null : await F(). The receiver is evaluated
            // once before the await (the helper replaces _holder while pending), the getter runs once, the await and the
            // setter only when it was null; a nullable value type field too.
            new("X04_CoalesceAssignment", "Task<string>", """
                {
                    _holder.Env = env;
                    string? name = v == 1 ? "given" : null;
                    name ??= await env.TR(0, "loaded");
                    _holder.Name ??= v == 2 ? null : await Replace(env, 1, "fetched");
                    _count ??= await env.TR(2, (int?)(v + 40));
                    _count ??= await env.TR(3, (int?)99);
                    return name + "|" + _holder.Name + "|" + _old?.Name + "|" + _count;
                }
                """)
            {
                HelperSites = "1:T",
                Variants = new[] { 0, 1, 2 },
                Members = """
                    private Holder _holder = new Holder("first");
                    private Holder? _old;
                    private int? _count;

                    private sealed class Holder
                    {
                        private readonly string _id;
                        private string? _name;
                        public Holder(string id) => _id = id;
                        public Env? Env { get; set; }
                        public string? Name
                        {
                            get { Env?.Log("get " + _id); return _name; }
                            set { Env?.Log("set " + _id + " " + value); _name = value; }
                        }
                    }

                    private async Task<string> Replace(Env env, int site, string value)
                    {
                        _old = _holder;
                        var r = await env.TR(site, value);
                        _holder = new Holder("second") { Env = env };
                        return r;
                    }
                    """,
            },

            // A switch expression without a catch-all arm: a switch statement whose default throws what the compiler's
            // lowering throws (SwitchExpressionException with the unmatched value); v = 3 matches no arm.
            new("X05_SwitchExpressionWithoutCatchAll", "Task<string>", """
                {
                    var label = v switch
                    {
                        0 => "zero:" + await env.TR(0, "a"),
                        1 or 2 => "small:" + await env.TR(1, v),
                        > 3 => "big",
                    };
                    env.Log(label);
                    var kind = (v % 2 == 0, label.Length > 5) switch
                    {
                        (true, true) => await env.TR(2, "even-long"),
                        (false, _) => "odd",
                        (true, false) => "even-short",
                    };
                    return label + "/" + kind;
                }
                """) { Variants = new[] { 0, 1, 3, 4 } },

            // Npgsql's NpgsqlMultiHostDataSource.Get: a chain of awaits joined by ?? (the first a spilled temporary in
            // parentheses, tested with 'is { }'), and a parenthesized await not followed by '!'.
            new("X06_CoalesceChainOfAwaits", "Task<string>", """
                {
                    var found = await env.TR(0, v == 0 ? "first" : null) ??
                                await env.TR(1, v == 1 ? "second" : null) ??
                                "none";
                    var length = (await env.TR(2, found)).Length;
                    return found + length;
                }
                """) { Variants = new[] { 0, 1, 2 } },

            // Polly.Core's ChaosOutcomeStrategy.ExecuteCore: if (await A && await B is T x) { ... x ... }. The pattern
            // variable of the right operand of && is declared before the written-out if and copied where the pattern
            // matched; the right operand (its await) runs only when the left one is true, and a && after it reads it.
            new("X07_PatternVariableInTheRightOperandOfAnd", "Task<string>", """
                {
                    var found = "none";
                    if (await env.TR(0, v != 1) && await env.TR(1, v == 2 ? (object?)42 : "text" + v) is string text && text.Length > v)
                    {
                        env.Log("text " + text);
                        await env.T(2);
                        found = text;
                    }

                    if (v > 0 && await env.TR(3, (object?)(v * 10)) is int n and > 10)
                    {
                        env.Log("n " + n);
                        found += await env.TR(4, n);
                    }

                    return found;
                }
                """) { Variants = new[] { 0, 1, 2 } },

            // A checked statement holding awaits, an unchecked one inside it: each statement keeps its context (an
            // awaited operand computing in it, an operand before an await, a condition, a loop, a compound assignment
            // without an await); int.MaxValue - 2 + v overflows for v >= 3 in the checked parts only.
            new("X08_CheckedStatementWithAwaits", "Task<long>", """
                {
                    var top = int.MaxValue - 2;
                    long sum = 0;
                    checked
                    {
                        var a = await env.TR(0, top - 5 + v);
                        sum += a;
                        env.Log("a=" + a);
                        var b = top + await env.TR(1, v);
                        env.Log("b=" + b);
                        if (await env.TR(2, v) + top > 0)
                        {
                            unchecked
                            {
                                var wrapped = top + await env.TR(3, 10);
                                env.Log("wrapped=" + wrapped);
                                sum = sum + wrapped;
                            }
                        }

                        var i = 0;
                        while (i < v)
                        {
                            sum = sum + await env.TR(4, i) * 2;
                            i = i + 1;
                        }

                        if (v == 1) return sum + await env.TR(5, top + v);
                    }

                    return sum;
                }
                """) { Variants = new[] { 0, 1, 2, 3, 4 } },

            // in arguments without the keyword before an await: a field is passed as itself (the callee reads what the
            // await left in it), a property's value and a sum are copies made before the await; an explicit 'in' too.
            new("X09_InArgumentsBeforeAnAwait", "Task<string>", """
                {
                    var first = Describe(_count, Count, _count + 1, await Change(env, 0, v));
                    env.Log(first);
                    var second = Describe(in _count, _holder.Value, 7, await Change(env, 1, v * 2));
                    return first + "/" + second;
                }
                """)
            {
                HelperSites = "0:T,1:T",
                Variants = new[] { 0, 3 },
                Members = """
                    private int _count = 1;
                    private readonly Box _holder = new Box();
                    private int Count { get { return _count * 10; } }

                    private sealed class Box
                    {
                        public int Value = 5;
                    }

                    private static string Describe(in int a, in int b, in int c, int d) => a + "," + b + "," + c + "," + d;

                    private async Task<int> Change(Env env, int site, int value)
                    {
                        var r = await env.TR(site, value);
                        _count += 100;
                        _holder.Value += 1000;
                        return r;
                    }
                    """,
            },

            // ??= whose value is used: a local's, a property of a receiver the helper replaces while pending (read once,
            // before the await; getter once, setter only when null), a nullable value type's whose value is its Value
            // (int, passed on), and one in an argument. v = 1: the local is set; v = 2: the right side is null, and the
            // label is preset (its await does not run).
            new("X10_CoalesceAssignmentWhoseValueIsUsed", "Task<string>", """
                {
                    _holder.Env = env;
                    if (v == 2) _label = "preset";
                    string? local = v == 1 ? "given" : null;
                    var a = local ??= await env.TR(0, "loaded");
                    env.Log("a=" + a + " local=" + local);
                    var b = _holder.Name ??= v == 2 ? null : await Replace(env, 1, "fetched");
                    env.Log("b=" + (b ?? "null"));
                    var c = Twice(_count ??= await env.TR(2, v + 40));
                    env.Log(Describe(v, _label ??= await env.TR(3, "label" + v)));
                    return a + "|" + b + "|" + c + "|" + _count + "|" + _holder.Name + "|" + _old?.Name + "|" + _label;
                }
                """)
            {
                HelperSites = "1:T",
                Variants = new[] { 0, 1, 2 },
                Members = """
                    private Holder _holder = new Holder("first");
                    private Holder? _old;
                    private int? _count;
                    private string? _label;

                    private static int Twice(int value) => value * 2;
                    private static string Describe(int v, string label) => v + ":" + label;

                    private sealed class Holder
                    {
                        private readonly string _id;
                        private string? _name;
                        public Holder(string id) => _id = id;
                        public Env? Env { get; set; }
                        public string? Name
                        {
                            get { Env?.Log("get " + _id); return _name; }
                            set { Env?.Log("set " + _id + " " + value); _name = value; }
                        }
                    }

                    private async Task<string> Replace(Env env, int site, string value)
                    {
                        _old = _holder;
                        var r = await env.TR(site, value);
                        _holder = new Holder("second") { Env = env };
                        return r;
                    }
                    """,
            },

            // An event's += and -= with an await on the right: the receiver is evaluated before the await (the helper
            // replaces _source while pending: the first source gets the handler), the accessor runs after it (logged).
            new("X11_EventAssignmentWithAnAwait", "Task<string>", """
                {
                    var first = _source;
                    first.Env = env;
                    Changed += await env.TR(0, Handler(env, "changed"));
                    Changed?.Invoke("one");
                    _source.Fired += await Replace(env, 1, Handler(env, "fired"));
                    first.Fire("x");
                    _source.Fire("y");
                    var keep = Handler(env, "keep");
                    Changed += keep;
                    Changed -= await env.TR(2, v == 0 ? keep : Handler(env, "other"));
                    Changed?.Invoke("two");
                    Source.Shared += await env.TR(3, Handler(env, "static"));
                    Source.RaiseShared("z");
                    return "done" + v;
                }
                """)
            {
                HelperSites = "1:T",
                Variants = new[] { 0, 1 },
                Members = """
                    private event Action<string>? Changed;
                    private Source _source = new Source("first");

                    private static Action<string> Handler(Env env, string name) => s => env.Log(name + " got " + s);

                    private sealed class Source
                    {
                        private readonly string _id;
                        private Action<string>? _fired;
                        public Source(string id) => _id = id;
                        public Env? Env { get; set; }
                        public static event Action<string>? Shared;
                        public static void RaiseShared(string s) { Shared?.Invoke(s); Shared = null; }
                        public event Action<string>? Fired
                        {
                            add { Env?.Log("add " + _id); _fired += value; }
                            remove { Env?.Log("remove " + _id); _fired -= value; }
                        }

                        public void Fire(string s) { Env?.Log("fire " + _id); _fired?.Invoke(s); }
                    }

                    private async Task<Action<string>> Replace(Env env, int site, Action<string> value)
                    {
                        var r = await env.TR(site, value);
                        _source = new Source("second") { Env = env };
                        return r;
                    }
                    """,
            },

            // a?.M(await x): the receiver is read once, before the await (the helper replaces it while pending); when it is
            // null the await does not run. As a statement, with its value used (a class, a value type's int?), with a
            // nullable struct receiver, a delegate's Invoke, and a ?. after the call.
            new("X12_ConditionalAccessWithAnAwaitedArgument", "Task<string>", """
                {
                    _maybe = v == 1 ? null : new Node(env, "n0");
                    _maybe?.Note(await env.TR(0, "first"));
                    var joined = _maybe?.Join("a", await Replace(env, 1, "b"));
                    env.Log("joined=" + (joined ?? "null"));
                    int? length = _maybe?.Length(await env.TR(2, "xyz" + v));
                    var chained = _maybe?.Self(await env.TR(3, 1))?.Name;
                    Point? point = v == 2 ? null : new Point(3);
                    var scaled = point?.Scale(await env.TR(4, 5));
                    var log = v == 2 ? null : Logger(env);
                    log?.Invoke(await env.TR(5, "delegate"));
                    return joined + "|" + length + "|" + chained + "|" + scaled + "|" + _maybe?.Name;
                }
                """)
            {
                HelperSites = "1:T",
                Variants = new[] { 0, 1, 2 },
                Members = """
                    private Node? _maybe;

                    private static Action<string> Logger(Env env) => s => env.Log("logged " + s);

                    private readonly struct Point
                    {
                        private readonly int _x;
                        public Point(int x) => _x = x;
                        public int Scale(int by) => _x * by;
                    }

                    private sealed class Node
                    {
                        private readonly Env _env;
                        public Node(Env env, string name) { _env = env; Name = name; }
                        public string Name { get; }
                        public void Note(string s) => _env.Log(Name + " note " + s);
                        public string Join(string a, string b) { _env.Log(Name + " join"); return Name + a + b; }
                        public int Length(string s) => s.Length;
                        public Node? Self(int n) => n > 0 ? this : null;
                    }

                    private async Task<string> Replace(Env env, int site, string value)
                    {
                        var r = await env.TR(site, value);
                        _maybe = _maybe is null ? null : new Node(env, "n1");
                        return r;
                    }
                    """,
            },

            // Nested object and collection initializers with awaits: C# reads the nested member (its getter) again for
            // each of its members and elements, before their values; an indexed member evaluates its index first; an
            // element that is itself an object creation awaiting in its initializer.
            new("X13_NestedInitializersWithAwaits", "Task<string>", """
                {
                    var outer = new Outer(env)
                    {
                        Name = "n" + v,
                        B = { C = 1, D = await env.TR(0, v + 10), Leaf = { X = await env.TR(1, v + 20) } },
                        L = { "a", await env.TR(2, "b" + v), "c" },
                        [Key(env, "k")] = await env.TR(3, 7),
                    };
                    var items = new List<Inner> { new Inner(env) { C = await env.TR(4, 30 + v) }, new Inner(env) };
                    return outer.Describe() + "|" + items.Count + ":" + items[0].C;
                }
                """)
            {
                Variants = new[] { 0, 1 },
                Members = """
                    private static string Key(Env env, string key) { env.Log("key " + key); return key; }

                    private sealed class Leaf
                    {
                        private readonly Env _env;
                        private int _x;
                        public Leaf(Env env) => _env = env;
                        public int X { get => _x; set { _env.Log("set X " + value); _x = value; } }
                    }

                    private sealed class Inner
                    {
                        private readonly Env _env;
                        private readonly Leaf _leaf;
                        private int _c;
                        public Inner(Env env) { _env = env; _leaf = new Leaf(env); }
                        public int C { get => _c; set { _env.Log("set C " + value); _c = value; } }
                        public int D { get; set; }
                        public Leaf Leaf { get { _env.Log("get Leaf"); return _leaf; } }
                        public string Describe() => C + "," + D + "," + _leaf.X;
                    }

                    private sealed class Outer
                    {
                        private readonly Env _env;
                        private readonly Inner _b;
                        private readonly List<string> _l = new List<string>();
                        private readonly Dictionary<string, int> _indexed = new Dictionary<string, int>();
                        public Outer(Env env) { _env = env; _b = new Inner(env); }
                        public string? Name { get; set; }
                        public Inner B { get { _env.Log("get B"); return _b; } }
                        public List<string> L { get { _env.Log("get L"); return _l; } }
                        public int this[string key] { get => _indexed[key]; set { _env.Log("set [" + key + "] " + value); _indexed[key] = value; } }
                        public string Describe() => Name + ";" + _b.Describe() + ";" + string.Join(",", _l) + ";" + string.Join(",", _indexed);
                    }
                    """,
            },

            // A checked statement whose statements keep the context each in their own way: a compound assignment with an
            // await (int.MaxValue - 5 + v overflows for v >= 6), a for loop whose initializers and incrementor the context
            // changes (i overflows past int.MaxValue when v = 0), a variable an expression declares for later statements,
            // local functions (expression, throw and block bodies), and a label a goto reaches without crossing an await.
            new("X14_CheckedStatementShapes", "Task<long>", """
                {
                    var top = int.MaxValue - 2;
                    long sum = 0;
                    checked
                    {
                        var counter = top - 3;
                        counter += await env.TR(0, v);
                        sum += counter;
                        env.Log("counter=" + counter);
                        int Add(int a, int b) => a + b;
                        long Times(long a) { return a * 2; }
                        void Boom(int a) => throw new InvalidOperationException("boom " + (a + 1));
                        if (sum < 0) Boom(top);
                        Parse(top - 10 + v, out var parsed);
                        sum += parsed + await env.TR(1, 1);
                        var tries = 0;
                        again:
                        tries++;
                        if (tries < 2) goto again;
                        int j;
                        for (j = top - 3, sum++; j < top; j += 1 + v)
                        {
                            sum += await env.TR(2, j % 10);
                        }

                        env.Log("j=" + j + " sum=" + sum);
                        for (var i = top - 1; i > 0 && v < 3; i++)
                        {
                            sum += Add(await env.TR(3, i % 3), 1);
                            if (v > 0) break;
                        }

                        return Times(sum) + Add(top, v);
                    }
                }
                """)
            {
                Variants = new[] { 0, 1, 3, 6 },
                Members = """
                    private static void Parse(int value, out int parsed) => parsed = value;
                    """,
            },

            // goto across awaits: back to a label (a retry, from an if and from a catch block, the variable it declares used
            // after the loop it becomes), and forward over an await (an if whose block ends with the goto).
            new("X15_GotoAcrossAwaits", "Task<int>", """
                {
                    var tries = 0;
                    retry:
                    tries++;
                    env.Log("try " + tries);
                    var value = await env.TR(0, v + tries);
                    if (value < 3 && tries < 3) { env.Log("again"); goto retry; }
                    try
                    {
                        value += await Check(env, tries);
                    }
                    catch (InvalidOperationException e) when (tries < 4)
                    {
                        env.Log("caught " + e.Message);
                        goto retry;
                    }

                    if (value % 2 == 1) { env.Log("odd"); goto done; }
                    value += await env.TR(2, 1000);
                    done:
                    env.Log("done " + value);
                    return value;
                }
                """)
            {
                Variants = new[] { 0, 1, 5 },
                Members = """
                    private static async Task<int> Check(Env env, int tries)
                    {
                        var r = await env.TR(1, tries);
                        if (r < 2) throw new InvalidOperationException("low " + r);
                        return r;
                    }
                    """,
            },

            // for loops whose initializer awaits, written out as { declarations; initializer statements; for (;;) }: a
            // declarator awaiting directly, two initializer expressions of which the second awaits after a call C#
            // evaluates first (spilled), two declarators of which the second awaits after a field read and a call, with
            // continue and break in the loop bodies and the initializer's variables read after awaits of the body.
            new("X16_ForInitializersThatAwait", "Task<int>", """
                {
                    var total = 0;
                    for (var i = await env.TR(0, v); i < v + 2; i++)
                    {
                        total += await env.TR(1, i);
                        if (i == 1) continue;
                        env.Log("i=" + i);
                    }

                    int j, k;
                    for (j = await env.TR(2, 1), k = Next(env) + await env.TR(3, 2); j < 6; j += k)
                        env.Log("j=" + j + " k=" + k);
                    for (long a = _step, b = _step + Next(env) * await env.TR(4, v + 1); a < b; a *= 2)
                    {
                        if (a > 8) break;
                        total += (int)a + await env.TR(5, 0);
                        env.Log("a=" + a + " b=" + b);
                    }

                    return total + j + k;
                }
                """)
            {
                Variants = new[] { 0, 1, 3 },
                Members = """
                    private long _step = 1;
                    private int _next;
                    private int Next(Env env) { env.Log("next " + _next); _step++; return ++_next; }
                    """,
            },

            // do loops whose condition awaits, written out as while (true) { body; if (!(condition)) break; }: the await
            // the whole condition, after && (only when the call before it is true), after a field C# reads first (spilled,
            // each iteration), with a continue (the body wrapped in do { } while (false), whose end is the condition) and
            // with a break; a variable of the body is out of the condition's scope.
            new("X17_DoConditionsThatAwait", "Task<int>", """
                {
                    var k = 0;
                    var total = 0;
                    do
                    {
                        k++;
                        total += await env.TR(0, k);
                    }
                    while (await env.TR(1, k < v + 1));
                    env.Log("k=" + k);
                    do
                    {
                        var step = await env.TR(2, 1);
                        k += step;
                        if (k % 2 == 0) continue;
                        env.Log("odd " + k);
                    }
                    while (Below(env, k) && await env.TR(3, k < 7));
                    do total++; while (total < _limit + await env.TR(4, v));
                    do
                    {
                        if (total > 45 - v * 5) break;
                        total += 10;
                    }
                    while (await env.TR(5, total < 60));
                    return total + k;
                }
                """)
            {
                Variants = new[] { 0, 1, 3 },
                Members = """
                    private int _limit = 20;
                    private bool Below(Env env, int k) { env.Log("below " + k); _limit++; return k < 20 - _limit / 4; }
                    """,
            },
        };
    }
}
