using System.Collections.Generic;

namespace Prewired.Tests.Semantics
{
    /// <summary>
    /// Shapes the C# compiler's own async emit tests found (issue 33 point 2, eng/RoslynOracle): each program there printed
    /// something else once converted. Minimized here as bodies of our own, run by the differential tests in every
    /// completion mode.
    /// </summary>
    public static class OracleBodyTable
    {
        public static IReadOnlyList<BodyCase> All { get; } = new List<BodyCase>
        {
            // A struct local assigned field by field (never as a whole), read through a field after an await: C# tracks its
            // fields' definite assignment, so the whole is not "definitely assigned" where the await hands over, and the
            // continuation took a fresh default ("After 0" instead of "After 12", HoistStructure).
            new("O01_StructLocalAssignedFieldByFieldAcrossAwaits", "Task<int>", """
                {
                    Pair p;
                    p.Left = v + 12;
                    env.Log("before " + p.Left);
                    await env.T(0);
                    env.Log("after " + p.Left);
                    p.Right = 2;
                    var sum = p.Left + p.Right;
                    await env.T(1);
                    Pair q;
                    q.Left = sum;
                    q.Right = await env.TR(2, v);
                    return sum + p.Left + p.Right + q.Left + q.Right;
                }
                """)
            {
                Variants = new[] { 0, 1 },
                Members = """
                    private struct Pair
                    {
                        public int Left;
                        public int Right;
                    }
                    """,
            },

            // An array element passed by ref (or the target of a compound assignment) before an operand the statement
            // evaluates later and before the await: C# takes the element's location first, so a null array, an index out of
            // range or a covariant array's type mismatch throws before the later operand runs. The spilled statement took
            // the location only after the await, calling the later operand first (SpillSacrificialRead).
            new("O02_ArrayElementLocationCheckedWhereItIsTaken", "Task<int>", """
                {
                    int[]? values = v == 0 ? null : new int[v];
                    var index = v == 2 ? 5 : 0;
                    try
                    {
                        Add(ref values![index], Logged(env, "second operand"), await env.TR(0, 10));
                        env.Log("added " + values[index]);
                    }
                    catch (NullReferenceException)
                    {
                        env.Log("null array");
                    }
                    catch (IndexOutOfRangeException)
                    {
                        env.Log("out of range");
                    }

                    object[] covariant = v == 1 ? new string[1] : new object[1];
                    try
                    {
                        Store(ref covariant[0], Logged(env, "third operand"), await env.TR(1, "x"));
                        env.Log("stored " + covariant[0]);
                    }
                    catch (ArrayTypeMismatchException)
                    {
                        env.Log("type mismatch");
                    }

                    int[]? totals = v == 1 ? null : new int[1];
                    try
                    {
                        totals![0] += await env.TR(2, 3);
                        env.Log("total " + totals[0]);
                    }
                    catch (NullReferenceException)
                    {
                        env.Log("null compound target");
                    }

                    return v;
                }
                """)
            {
                Variants = new[] { 0, 1, 2, 3 },
                Members = """
                    private static void Add(ref int target, int a, int b) => target += a + b;

                    private static void Store(ref object target, int a, string b) => target = b + a;

                    private static int Logged(Env env, string text)
                    {
                        env.Log(text);
                        return 1;
                    }
                    """,
            },
        };
    }
}
