using System.Collections.Generic;

namespace Prewired.Tests.Semantics
{
    /// <summary>
    /// Statements and method shapes that forwarded with PW0201 and are split now (issue 20 point 2, the structural half),
    /// and the shapes real libraries showed generated code in error for (eng/RealCode), each with the forwarded variant
    /// that must stay forwarded because it cannot be made exact.
    /// </summary>
    public static class StructuralShapeBodyTable
    {
        public static IReadOnlyList<BodyCase> All { get; } = new List<BodyCase>
        {
            // A foreach that deconstructs its elements: written out as a foreach and a deconstruction per element. The
            // deconstructed variables are live across the first await (a continuation per await), not across the second.
            new("S01_DeconstructingForEach", "Task<int>", """
                {
                    var total = 0;
                    var pairs = new List<(int, string)> { (1, "a"), (v + 2, "bb") };
                    foreach (var (n, s) in pairs)
                    {
                        total += n;
                        await env.T(0);
                        total += s.Length * 10 + n;
                        env.Log(s);
                    }

                    foreach ((string k, int x) in new[] { ("c", 3), ("dd", v) }) total += await env.TR(1, x + k.Length);
                    return total;
                }
                """) { Variants = new[] { 0, 1 } },

            // Deconstructed through a Deconstruct method, into variables the continuation does not need (one continuation),
            // and nested, with a discard.
            new("S02_DeconstructingForEachThroughDeconstruct", "Task<int>", """
                {
                    var total = 0;
                    foreach (var (name, size) in new[] { new Item("a", 1), new Item("bb", v) })
                    {
                        env.Log(name + size);
                        await env.V(0);
                        total++;
                    }

                    foreach ((var last, (int count, _)) in new[] { ("c", (3, 4)), ("dd", (v, 5)) })
                    {
                        await env.T(1);
                        total += count + last.Length;
                    }

                    return total;
                }
                """)
            {
                Variants = new[] { 0, 2 },
                Members = """
                    private sealed class Item
                    {
                        private readonly string _name;
                        private readonly int _size;
                        public Item(string name, int size) { _name = name; _size = size; }
                        public void Deconstruct(out string name, out int size) { name = _name; size = _size; }
                    }
                    """,
            },

            // A deconstructed mutable struct whose member the body calls: C# calls it on a read-only copy, an ordinary local
            // would change: forwarded.
            new("S03_Forwarded_DeconstructingForEachMutatesStruct", "Task<int>", """
                {
                    var total = 0;
                    foreach (var (counter, n) in new[] { (new Counter(), 1) })
                    {
                        counter.Bump();
                        await env.T(0);
                        total += counter.Value + n;
                    }

                    return total;
                }
                """)
            {
                ExpectSplit = false,
                Members = """
                    private struct Counter
                    {
                        public int Value;
                        public void Bump() => Value++;
                    }
                    """,
            },

            // The body's file has 'using static' of a file-local type, which the generated file cannot see: the directive is
            // left out of it (it was copied: CS0234, split or forwarded alike, eng/RealCode on Npgsql). Split: the body
            // reaches the type only through a member of its class.
            new("S04_UsingStaticOfAFileLocalType", "Task<int>", """
                {
                    var total = Twice(v);
                    total += await env.TR(0, 1);
                    return total + Twice(total);
                }
                """)
            {
                Variants = new[] { 0, 3 },
                FileUsings = "using static SemanticsCases.S04Helpers;",
                FileMembers = """
                    file static class S04Helpers
                    {
                        public static int Doubled(int x) => x * 2;
                    }
                    """,
                Members = "private static int Twice(int x) => Doubled(x);",
            },

            // The same when the body calls the file-local type's member itself: forwarded (PW0201), and the forwarding
            // method compiles.
            new("S05_Forwarded_BodyCallsAFileLocalTypeThroughUsingStatic", "Task<int>", """
                {
                    var total = Doubled(v);
                    total += await env.TR(0, 1);
                    return total;
                }
                """)
            {
                ExpectSplit = false,
                FileUsings = "using static SemanticsCases.S05Helpers;\nusing Alias = SemanticsCases.S05Helpers;",
                FileMembers = """
                    file static class S05Helpers
                    {
                        public static int Doubled(int x) => x * 2;
                    }
                    """,
            },

            // A [FastPath] method of a struct: the async body works on a copy of 'this' made at the call, and so does the
            // generated method (it was PW0007). The caller's instance must not see the writes, before the first await or
            // after it; the continuation must see the synchronous part's writes.
            new("S06_StructMethodWritesThis", "Task<int>", """
                {
                    _count += v + 1;
                    env.Log("before " + _count);
                    var x = await env.TR(0, 5);
                    _count += x;
                    Bump();
                    env.Log("after " + _count);
                    await env.T(1);
                    return _count;
                }
                """)
            {
                Struct = true,
                Variants = new[] { 0, 1 },
                Members = """
                    private int _count;
                    private void Bump() => _count *= 2;
                    """,
                AfterCall = "env.Log(\"caller sees \" + _count);",
            },

            // The same through a ValueTask and a member call before the first await, with a read-only member.
            new("S07_StructMethodReadsThis", "ValueTask<int>", """
                {
                    Bump();
                    var before = Twice();
                    var total = before + await env.VR(0, v);
                    env.Log("twice " + Twice());
                    return total;
                }
                """)
            {
                Struct = true,
                Variants = new[] { 0, 2 },
                Members = """
                    private int _count;
                    private void Bump() => _count += 3;
                    private readonly int Twice() => _count * 2;
                    """,
                AfterCall = "env.Log(\"caller sees \" + _count);",
            },

            // A static method of a struct: no 'this' at all.
            new("S08_StaticMethodOfAStruct", "Task<int>", """
                {
                    var x = await env.TR(0, v + 1);
                    return x * 2;
                }
                """) { Struct = true, Static = true, Tail = false },

            // An async local function sharing variables nobody writes after their declaration (a parameter, a local with
            // its initializer): each generated method declares it again, and its copies read the same values (eng/RealCode:
            // Npgsql's TsQueryConverter.Write shape).
            new("S09_AsyncLocalFunctionSharingReadOnlyVariables", "Task<int>", """
                {
                    var prefix = v > 0 ? "a" : "b";
                    if (v > 1) await env.T(0);
                    await WriteCore(1);
                    foreach (var i in new[] { 2, 3 }) await WriteCore(i);
                    return prefix.Length;

                    async Task WriteCore(int n)
                    {
                        if (v != 2) await env.T(1);
                        env.Log(prefix + n + v);
                    }
                }
                """) { Variants = new[] { 0, 1, 2 } },

            // A static local function of a nested block, declared after the awaits that call it (Npgsql's
            // PostgresDatabaseInfo.LoadBackendTypes shape).
            new("S10_StaticLocalFunctionInANestedBlock", "Task<string>", """
                {
                    var r = "q" + v;
                    if (v >= 0)
                    {
                        await env.T(0);
                        r = Sanitize(r);
                        await env.T(1);
                        r = Sanitize(r + "\r");

                        static string Sanitize(string s) => s.Replace("\r", "\n") + "!";
                    }

                    return r;
                }
                """) { Variants = new[] { 0, -1 } },

            // A local function of a loop body capturing that iteration's read-only local, called before and after the await.
            new("S11_LocalFunctionOfALoopCapturingItsLocal", "Task<int>", """
                {
                    var total = 0;
                    for (var i = 0; i < 2; i++)
                    {
                        var step = i * 2 + v;
                        int Twice() => step * 2 + v;
                        total += Twice();
                        await env.T(0);
                        total += Twice();
                        env.Log("t" + total);
                    }

                    return total;
                }
                """) { Variants = new[] { 0, 3 } },

            // A local function and a lambda writing variables they share with the body (a local and a parameter), used
            // across awaits: each lives in one shared object, as in the compiler's display class, which the synchronous
            // path hands to the continuation.
            new("S12_LocalFunctionAndLambdaWriteSharedVariables", "Task<int>", """
                {
                    var count = 0;
                    void Bump() => count += 2;
                    Action inc = () => v++;
                    Bump();
                    inc();
                    await env.T(0);
                    Bump();
                    inc();
                    env.Log("c" + count + " v" + v);
                    await env.T(1);
                    inc();
                    count++;
                    return count * 100 + v;
                }
                """) { Variants = new[] { 0, 5 } },

            // An async lambda that assigns the result the body returns (Polly's AsyncCircuitBreakerPolicy shape), with a
            // string the body reads after the await and a nullable flow the shared object must keep warning-free.
            new("S13_AsyncLambdaAssignsTheResult", "Task<string>", """
                {
                    string? result = null;
                    var calls = 0;
                    await RunWith(3, async n => { calls++; result = "r" + await env.TR(0, n + v); return n; });
                    env.Log("calls " + calls);
                    await env.T(1);
                    return result ?? "none";
                }
                """)
            {
                Variants = new[] { 0, 1 },
                Members = "private static async Task<int> RunWith(int n, Func<int, Task<int>> f) => await f(n);",
            },

            // Lambdas created in a loop writing a variable of all iterations, and reading that iteration's own: the shared
            // one is one object for the whole loop, the iteration's stays a variable of each lambda.
            new("S14_LambdasInALoopWriteAnOuterVariable", "Task<int>", """
                {
                    var total = 0;
                    var actions = new List<Action>();
                    for (var i = 0; i < 3; i++)
                    {
                        var k = i;
                        actions.Add(() => total += k + v);
                        await env.T(0);
                        actions[actions.Count - 1]();
                        env.Log("t" + total);
                    }

                    foreach (var a in actions) a();
                    return total;
                }
                """) { Variants = new[] { 0, 2 } },

            // Used after the await only through calls: a lambda created before it reads the variable, a local function
            // called after it writes it. The continuation declares the local function again: without the shared object it
            // would write the continuation's copy while the lambda reads the synchronous path's.
            new("S16_SharedVariableUsedAfterTheAwaitOnlyThroughCalls", "Task<int>", """
                {
                    var n = v;
                    Func<int> read = () => n;
                    void Bump() => n += 10;
                    await env.T(0);
                    Bump();
                    return read();
                }
                """) { Variants = new[] { 0, 1 } },

            // The shared variable is an out variable, which cannot be declared as a shared object: forwarded (PW0201).
            new("S15_Forwarded_LambdaWritesAnOutVariable", "Task<int>", """
                {
                    if (!int.TryParse("4" + v, out var n)) return -1;
                    Action bump = () => n++;
                    bump();
                    await env.T(0);
                    bump();
                    return n;
                }
                """) { ExpectSplit = false },
        };
    }
}
