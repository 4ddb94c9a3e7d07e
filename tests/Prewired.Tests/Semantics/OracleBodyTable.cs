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
            // Roslyn's CodeGenAwaitForeachTests.TestWithNullableCollection2 (issue 33 point 2, the C# 8 files): await foreach
            // over a null collection of a nullable struct type. C# unwraps it (Nullable<T>.Value: InvalidOperationException);
            // the written-out loop boxed it to the interface and called GetAsyncEnumerator on null (NullReferenceException).
            new("O03_AwaitForeachOverNullNullableStruct", "Task<int>", """
                {
                    Bag? bag = v == 0 ? null : new Bag(env, 2);
                    var total = 0;
                    try
                    {
                        await foreach (var item in bag)
                        {
                            total += item;
                            await env.T(0);
                        }
                        env.Log("walked " + total);
                    }
                    catch (InvalidOperationException)
                    {
                        env.Log("no bag");
                    }
                    return total;
                }
                """)
            {
                Variants = new[] { 0, 1 },
                HelperSites = "1:V",
                Members = """
                    private readonly struct Bag : IAsyncEnumerable<int>
                    {
                        private readonly Env _env;
                        private readonly int _count;

                        public Bag(Env env, int count)
                        {
                            _env = env;
                            _count = count;
                        }

                        IAsyncEnumerator<int> IAsyncEnumerable<int>.GetAsyncEnumerator(CancellationToken token) => Items(_env, _count).GetAsyncEnumerator(token);

                        private static async IAsyncEnumerable<int> Items(Env env, int count)
                        {
                            for (var i = 1; i <= count; i++)
                            {
                                await env.V(1);
                                yield return i;
                            }
                        }
                    }
                    """,
            },
            // The sibling of O03 for a plain foreach that awaits inside: written out as its enumerator, it boxed the nullable
            // to the interface the same way (NullReferenceException for InvalidOperationException).
            new("O03b_ForeachOverNullNullableStruct", "Task<int>", """
                {
                    Pair? pair = v == 0 ? null : new Pair(v);
                    var total = 0;
                    try
                    {
                        foreach (var item in pair)
                        {
                            total += item;
                            await env.T(0);
                        }
                        env.Log("walked " + total);
                    }
                    catch (InvalidOperationException)
                    {
                        env.Log("no pair");
                    }
                    return total;
                }
                """)
            {
                Variants = new[] { 0, 1 },
                Members = """
                    private readonly struct Pair : IEnumerable<int>
                    {
                        private readonly int _first;

                        public Pair(int first) => _first = first;

                        IEnumerator<int> IEnumerable<int>.GetEnumerator()
                        {
                            yield return _first;
                            yield return _first + 1;
                        }

                        System.Collections.IEnumerator System.Collections.IEnumerable.GetEnumerator() => throw new NotSupportedException();
                    }
                    """,
            },
            // Roslyn's CodeGenAwaitForeachTests.TestGetAsyncEnumeratorPatternViaExtensionsWithFormattableStringConversion1: an
            // extension GetAsyncEnumerator, called in its static form with the collection as an ordinary argument, bound to
            // another overload (an interpolated string converts to FormattableString as an argument, not as a receiver).
            // The collection is now converted to the chosen method's 'this' parameter type.
            new("O04_AwaitForeachExtensionGetAsyncEnumeratorOnInterpolatedString", "Task<int>", """
                {
                    var seen = "";
                    await foreach (var letter in $"ab")
                    {
                        seen += letter;
                        await env.T(0);
                    }
                    env.Log("seen " + seen);
                    return seen.Length;
                }
                """)
            {
                FileMembers = """
                    internal static class O04Letters
                    {
                        public static O04LetterWalk GetAsyncEnumerator(this FormattableString text) => throw new InvalidOperationException("the FormattableString overload");

                        public static O04LetterWalk GetAsyncEnumerator(this object value) => new O04LetterWalk(value.ToString()!);
                    }

                    internal sealed class O04LetterWalk
                    {
                        private readonly string _text;
                        private int _index = -1;

                        public O04LetterWalk(string text) => _text = text;

                        public char Current => _text[_index];

                        public Task<bool> MoveNextAsync() => Task.FromResult(++_index < _text.Length);
                    }
                    """,
            },
        };
    }
}
