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
        };
    }
}
