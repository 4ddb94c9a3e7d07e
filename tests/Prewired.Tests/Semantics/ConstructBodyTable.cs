using System.Collections.Generic;

namespace Prewired.Tests.Semantics
{
    /// <summary>
    /// Bodies with awaits inside loops, foreach, try/catch/finally and using scopes (issue 9), run by the same
    /// differential tests as <see cref="BodyTable"/> (which includes them). A site awaited in a loop is asked for once per
    /// iteration, each time in the scenario's mode for it; bodies that pick one of two sites per iteration
    /// (<c>await (i % 2 == 0 ? env.T(0) : env.T(1))</c>) mix synchronous and asynchronous iterations.
    /// </summary>
    public static class ConstructBodyTable
    {
        /// <summary>Resources and enumerators that log what is done to them.</summary>
        private const string Kit = """
            private sealed class Res : IDisposable
            {
                private readonly Env _env;
                public Res(Env env, string name) { _env = env; Name = name; env.Log("open " + name); }
                public string Name { get; }
                public void Dispose() => _env.Log("dispose " + Name);
            }

            private struct StructRes : IDisposable
            {
                private readonly Env _env;
                private readonly string _name;
                public StructRes(Env env, string name) { _env = env; _name = name; env.Log("open struct " + name); }
                public void Dispose() => _env.Log("dispose struct " + _name);
            }

            private sealed class ThrowingRes : IDisposable
            {
                private readonly Env _env;
                public ThrowingRes(Env env) => _env = env;
                public void Dispose() { _env.Log("dispose throws"); throw _env.Ioe("from dispose"); }
            }

            private struct Countdown
            {
                private readonly Env _env;
                private int _left;
                public Countdown(Env env, int from) { _env = env; _left = from + 1; }
                public Countdown GetEnumerator() => this;
                public bool MoveNext() { _env.Log("move " + (_left - 1)); return --_left > 0; }
                public int Current => _left;
            }

            private struct DisposableCountdown : IDisposable
            {
                private readonly Env _env;
                private int _left;
                public DisposableCountdown(Env env, int from) { _env = env; _left = from + 1; }
                public DisposableCountdown GetEnumerator() => this;
                public bool MoveNext() { _env.Log("move " + (_left - 1)); return --_left > 0; }
                public int Current => _left;
                public void Dispose() => _env.Log("dispose countdown at " + _left);
            }

            private sealed class Lines : IDisposable
            {
                private readonly Env _env;
                private int _index = -1;
                public Lines(Env env) => _env = env;
                public Lines GetEnumerator() => this;
                public bool MoveNext() { _env.Log("move line"); return ++_index < 3; }
                public string Current => "line" + _index;
                public void Dispose() => _env.Log("dispose lines");
            }

            private class Walk
            {
                protected readonly Env Env;
                private int _i;
                public Walk(Env env) => Env = env;
                public Walk GetEnumerator() => this;
                public bool MoveNext() => ++_i <= 2;
                public int Current => _i;
            }

            private sealed class DisposableWalk : Walk, IDisposable
            {
                public DisposableWalk(Env env) : base(env) { }
                public void Dispose() => Env.Log("dispose walk");
            }

            private static IEnumerable<int> Numbers(Env env)
            {
                try
                {
                    for (var i = 0; i < 3; i++)
                    {
                        env.Log("yield " + i);
                        yield return i;
                    }
                }
                finally
                {
                    env.Log("iterator finally");
                }
            }

            private static bool Filter(Env env, Exception e) { env.Log("filter " + e.Message); return e.Message.Length > 0; }

            private static bool ThrowingFilter(Env env, Exception e) { env.Log("filter throws"); throw new ArgumentException("filter fails"); }
            """;

        /// <summary>Awaited calls with out parameters: the out value is set before the task is returned.</summary>
        private const string OutKit = """
            private static Task<int> Pick(Env env, int site, int v, out int z) { z = v + 10; return env.TR(site, v + 1); }

            private static Task<bool> Flag(Env env, int site, int x, out int w) { w = x * 3; return env.TR(site, x > 0); }

            private static ValueTask<bool> Next(Env env, int site, int k, out int item) { item = k * 5; return env.VR(site, k < 3); }
            """;

        /// <summary>Runs an async lambda: the lambda is created in the awaited operand.</summary>
        private const string LambdaKit = "private static Task<T> Invoke<T>(Func<Task<T>> run) => run();";

        public static IReadOnlyList<BodyCase> All { get; } = new List<BodyCase>
        {
            // ---- for, while, do ------------------------------------------------------------------------------------------
            new("L01_For_DeclareInBody", "Task<int>", """
                {
                    var sum = 0;
                    for (var i = 0; i < 3; i++)
                    {
                        var x = await env.TR(0, i + 1);
                        env.Log("i=" + i + " x=" + x);
                        sum += x;
                    }
                    return sum;
                }
                """),

            new("L02_For_ContinueBreak_MixedSites", "Task<int>", """
                {
                    var sum = 0;
                    for (var i = 0; i < 5; i++)
                    {
                        if (i == 1) continue;
                        var x = await (i % 2 == 0 ? env.TR(0, i) : env.TR(1, i * 10));
                        if (x > 25) break;
                        env.Log("x=" + x);
                        sum += x;
                    }
                    return sum;
                }
                """),

            new("L03_While_ValueTask", "ValueTask<int>", """
                {
                    var k = 0;
                    while (k < v + 2)
                    {
                        await env.V(0);
                        env.Log("k=" + k);
                        k++;
                    }
                    return k;
                }
                """) { Variants = new[] { 0, 1 } },

            new("L04_Do_AssignAwait", "ValueTask<int>", """
                {
                    var n = 0;
                    do
                    {
                        n = await env.VR(0, n + 1);
                        env.Log("n=" + n);
                    }
                    while (n < 3);
                    return n;
                }
                """),

            new("L05_ForEver_ReturnInside", "Task<int>", """
                {
                    for (var i = 0; ; i++)
                    {
                        var x = await env.TR(0, i);
                        env.Log("x=" + x);
                        if (x == 2) return x * 100;
                    }
                }
                """),

            new("L06_NestedLoops_BreakInner_ContinueOuter", "Task<int>", """
                {
                    var trail = "";
                    for (var i = 0; i < 3; i++)
                    {
                        for (var j = 0; j < 3; j++)
                        {
                            if (j == i) break;
                            await env.T(0);
                            trail += i + "" + j + ",";
                        }
                        if (i == 1) continue;
                        await env.T(1);
                        trail += "|";
                    }
                    env.Log(trail);
                    return trail.Length;
                }
                """),

            new("L07_WhileTrue_BreakAfterAwait", "Task<int>", """
                {
                    var count = 0;
                    while (true)
                    {
                        count = await env.TR(0, count + 1);
                        if (count >= 3) break;
                        env.Log("again " + count);
                    }
                    env.Log("out");
                    return count;
                }
                """),

            new("L08_For_TaskWithoutResult", "Task", """
                {
                    for (var i = 0; i < 2; i++)
                    {
                        await env.T(0);
                        env.Log("step " + i);
                    }
                    env.Log("end");
                }
                """),

            new("L09_SwitchInLoop_BreakAndContinue", "ValueTask", """
                {
                    for (var i = 0; i < 4; i++)
                    {
                        switch (i)
                        {
                            case 1:
                                await env.V(0);
                                env.Log("one");
                                break;
                            case 2:
                                await env.V(1);
                                continue;
                            default:
                                env.Log("other " + i);
                                break;
                        }
                        env.Log("after switch " + i);
                    }
                }
                """),

            new("L10_ThrowInLoopAfterAwait", "Task<int>", """
                {
                    var sum = 0;
                    for (var i = 0; i < 3; i++)
                    {
                        var x = await env.TR(0, 1);
                        sum += x;
                        if (i == v) throw env.Ioe("boom at " + i);
                    }
                    return sum;
                }
                """) { Variants = new[] { 0, 2, 5 } },

            new("L11_IfElseInWhile", "Task<int>", """
                {
                    var i = 0;
                    var s = 0;
                    while (i < 3)
                    {
                        if (i % 2 == 0)
                        {
                            var a = await env.TR(0, 1);
                            s += a;
                        }
                        else
                        {
                            await env.T(1);
                            s += 10;
                        }
                        i++;
                    }
                    return s;
                }
                """),

            new("L12_BodyLocalRedeclaredEachIteration", "Task<string>", """
                {
                    var total = "";
                    for (var i = 0; i < 3; i++)
                    {
                        var label = "L" + i;
                        await env.V(0);
                        total += label;
                    }
                    return total;
                }
                """),

            // ---- foreach -------------------------------------------------------------------------------------------------
            new("F01_ForEach_Array", "Task<int>", """
                {
                    var total = 0;
                    foreach (var n in new[] { 1, 2, 3 })
                    {
                        var x = await env.TR(0, n * 2);
                        env.Log("n=" + n + " x=" + x);
                        total += x;
                    }
                    return total;
                }
                """),

            new("F02_ForEach_List_Break", "Task<string>", """
                {
                    var list = new List<string> { "a", "bb", "ccc" };
                    var result = "";
                    foreach (var s in list)
                    {
                        await env.T(0);
                        if (s.Length == 3) break;
                        result += s;
                    }
                    return result;
                }
                """),

            new("F03_ForEach_StructEnumerator_MixedSites", "ValueTask<int>", """
                {
                    var sum = 0;
                    foreach (var c in new Countdown(env, 3))
                    {
                        var x = await (c == 2 ? env.VR(1, c) : env.VR(0, c));
                        sum = sum * 10 + x;
                    }
                    return sum;
                }
                """) { Members = Kit },

            new("F04_ForEach_DisposableStructEnumerator", "Task<int>", """
                {
                    var sum = 0;
                    foreach (var c in new DisposableCountdown(env, 3))
                    {
                        await env.T(0);
                        sum += c;
                        if (c == v) return -sum;
                    }
                    return sum;
                }
                """) { Members = Kit, Variants = new[] { 0, 2 } },

            new("F05_ForEach_ClassEnumerator_ThrowInside", "Task<string>", """
                {
                    foreach (var line in new Lines(env))
                    {
                        var x = await env.TR(0, line);
                        env.Log(x);
                        if (v == 1 && line == "line1") throw env.Ioe("stop");
                    }
                    return "done";
                }
                """) { Members = Kit, Variants = new[] { 0, 1 } },

            new("F06_ForEach_Iterator_Continue", "Task<int>", """
                {
                    var sum = 0;
                    foreach (var n in Numbers(env))
                    {
                        await env.T(0);
                        if (n == v) continue;
                        sum += n;
                    }
                    return sum;
                }
                """) { Members = Kit, Variants = new[] { 0, 1 } },

            new("F07_ForEach_UnsealedEnumerator_DisposedIfDisposable", "Task<int>", """
                {
                    Walk walk = v == 0 ? new Walk(env) : new DisposableWalk(env);
                    var sum = 0;
                    foreach (var i in walk)
                    {
                        sum = await env.TR(0, sum + i);
                    }
                    return sum;
                }
                """) { Members = Kit, Variants = new[] { 0, 1 } },

            new("F08_ForEach_String", "ValueTask<string>", """
                {
                    var text = "";
                    foreach (var ch in "abc")
                    {
                        await env.V(0);
                        text = ch + text;
                    }
                    return text;
                }
                """),

            new("F09_NestedForEach_ReturnInside", "Task<int>", """
                {
                    foreach (var a in new List<int> { 1, 2 })
                    {
                        foreach (var b in new[] { 10, 20 })
                        {
                            var x = await env.TR(0, a * b);
                            env.Log("x=" + x);
                            if (x == 20 * (v + 1)) return x;
                        }
                    }
                    return 0;
                }
                """) { Variants = new[] { 0, 1 } },

            new("F10_ForEach_ExplicitElementConversion", "ValueTask<int>", """
                {
                    var objects = new List<object> { 1, 2 };
                    var sum = 0;
                    foreach (int n in objects)
                    {
                        var x = await env.VR(0, n);
                        sum += x;
                    }
                    return sum;
                }
                """),

            // ---- try / catch / finally -----------------------------------------------------------------------------------
            new("T01_TryFinally", "Task<int>", """
                {
                    try
                    {
                        env.Log("before");
                        await env.T(0);
                        env.Log("after");
                    }
                    finally
                    {
                        env.Log("finally");
                    }
                    return 1;
                }
                """),

            new("T02_CatchWithFilter", "Task<int>", """
                {
                    try
                    {
                        var x = await env.TR(0, 5);
                        return x;
                    }
                    catch (InvalidOperationException e) when (Filter(env, e))
                    {
                        env.Log("caught " + e.Message);
                        return -1;
                    }
                }
                """) { Members = Kit },

            new("T03_FilterThatThrows", "Task<int>", """
                {
                    try
                    {
                        await env.T(0);
                        throw env.Ioe("inner");
                    }
                    catch (InvalidOperationException e) when (ThrowingFilter(env, e))
                    {
                        env.Log("never");
                    }
                    catch (Exception e)
                    {
                        env.Log("second catch " + e.GetType().Name);
                    }
                    return 2;
                }
                """) { Members = Kit },

            new("T04_RethrowIdentity", "Task<int>", """
                {
                    try
                    {
                        await env.T(0);
                        env.Log("ok");
                    }
                    catch (Exception e)
                    {
                        env.Log("rethrow " + e.GetType().Name);
                        throw;
                    }
                    return 3;
                }
                """),

            new("T05_ThrowFromFinally", "Task<int>", """
                {
                    try
                    {
                        await env.T(0);
                        if (v == 1) throw env.Ioe("from try");
                    }
                    finally
                    {
                        env.Log("finally");
                        if (v != 2) throw env.Ioe("from finally");
                    }
                    return 4;
                }
                """) { Variants = new[] { 0, 1, 2 } },

            new("T06_NestedTryFinallyInLoop_BreakContinue", "Task<string>", """
                {
                    var trail = "";
                    for (var i = 0; i < 4; i++)
                    {
                        try
                        {
                            try
                            {
                                await env.T(0);
                                if (i == 1) continue;
                                if (i == 2) break;
                                trail += i;
                            }
                            finally
                            {
                                trail += "f";
                            }
                        }
                        finally
                        {
                            trail += "F";
                        }
                    }
                    env.Log(trail);
                    return trail;
                }
                """),

            new("T07_ReturnOutOfTryInLoop", "Task<int>", """
                {
                    for (var i = 0; i < 3; i++)
                    {
                        try
                        {
                            var x = await env.TR(0, i);
                            if (x == 1 + v) return x;
                        }
                        finally
                        {
                            env.Log("finally " + i);
                        }
                    }
                    return -1;
                }
                """) { Variants = new[] { 0, 5 } },

            new("T08_CatchEachIteration_MixedSites", "Task<int>", """
                {
                    var caught = 0;
                    for (var i = 0; i < 3; i++)
                    {
                        try
                        {
                            await (i == 1 ? env.T(1) : env.T(0));
                            env.Log("ok " + i);
                        }
                        catch (InvalidOperationException e)
                        {
                            caught++;
                            env.Log("caught " + e.Message);
                        }
                    }
                    return caught;
                }
                """),

            new("T09_CatchOperationCanceled", "ValueTask<int>", """
                {
                    try
                    {
                        await env.T(0);
                        return 1;
                    }
                    catch (OperationCanceledException)
                    {
                        env.Log("canceled");
                        return 0;
                    }
                }
                """),

            new("T10_StageAssignedInTry_ReadInCatchAndFinally", "ValueTask<int>", """
                {
                    var stage = 0;
                    try
                    {
                        stage = 1;
                        await env.V(0);
                        stage = 2;
                        await env.V(1);
                        stage = 3;
                    }
                    catch (InvalidOperationException)
                    {
                        env.Log("failed at stage " + stage);
                    }
                    finally
                    {
                        env.Log("finally stage " + stage);
                    }
                    return stage;
                }
                """),

            new("T11_InnerCatchWraps_OuterCatches", "Task<int>", """
                {
                    try
                    {
                        try
                        {
                            await env.T(0);
                        }
                        catch (InvalidOperationException e)
                        {
                            throw new ArgumentException("wrapped", e);
                        }
                        await env.T(1);
                    }
                    catch (ArgumentException e)
                    {
                        env.Log("outer caught " + e.Message);
                        return 1;
                    }
                    return 0;
                }
                """),

            new("T12_ReturnAwaitInTryFinally", "Task<int>", """
                {
                    try
                    {
                        env.Log("in");
                        return await env.TR(0, 7);
                    }
                    finally
                    {
                        env.Log("out");
                    }
                }
                """),

            new("T13_TwoTryFinally_Task", "Task", """
                {
                    try { await env.T(0); } finally { env.Log("f1"); }
                    try { await env.T(1); } finally { env.Log("f2"); }
                    env.Log("end");
                }
                """),

            new("T14_CatchAll_AssignsResult", "Task<int>", """
                {
                    var r = 0;
                    try
                    {
                        r = await env.TR(0, 1);
                    }
                    catch
                    {
                        r = -1;
                    }
                    return r;
                }
                """),

            // ---- using -----------------------------------------------------------------------------------------------------
            new("U01_UsingStatement", "Task<int>", """
                {
                    using (var res = new Res(env, "a"))
                    {
                        await env.T(0);
                        env.Log("using " + res.Name);
                    }
                    return 1;
                }
                """) { Members = Kit },

            new("U02_TwoUsingDeclarations_DisposalOrder", "Task<int>", """
                {
                    using var a = new Res(env, "a");
                    using var b = new Res(env, "b");
                    var x = await env.TR(0, 2);
                    env.Log("x=" + x);
                    await env.T(1);
                    return x;
                }
                """) { Members = Kit },

            new("U03_UsingExpression_StructResource", "ValueTask<int>", """
                {
                    using (new StructRes(env, "s"))
                    {
                        await env.V(0);
                        env.Log("inside");
                    }
                    return 2;
                }
                """) { Members = Kit },

            new("U04_UsingWithThrow", "Task<int>", """
                {
                    using (var res = new Res(env, "r"))
                    {
                        await env.T(0);
                        if (v == 1) throw env.Ioe("in using");
                    }
                    return 3;
                }
                """) { Members = Kit, Variants = new[] { 0, 1 } },

            new("U05_UsingNullResource", "Task<int>", """
                {
                    Res? res = v == 1 ? null : new Res(env, "maybe");
                    using (res)
                    {
                        await env.T(0);
                    }
                    return 4;
                }
                """) { Members = Kit, Variants = new[] { 0, 1 } },

            new("U06_UsingDeclarationInLoop_Continue", "Task<int>", """
                {
                    var sum = 0;
                    for (var i = 0; i < 3; i++)
                    {
                        using var res = new Res(env, "r" + i);
                        var x = await env.TR(0, i);
                        if (x == 1) continue;
                        sum += x;
                    }
                    return sum;
                }
                """) { Members = Kit },

            new("U07_DisposeThrows_CaughtOutside", "Task<int>", """
                {
                    try
                    {
                        using (new ThrowingRes(env))
                        {
                            await env.T(0);
                        }
                    }
                    catch (InvalidOperationException e)
                    {
                        env.Log("caught " + e.Message);
                    }
                    return 5;
                }
                """) { Members = Kit },

            new("U08_UsingDeclaration_ReturnAwait", "Task<int>", """
                {
                    using var res = new Res(env, "ret");
                    return await env.TR(0, 9);
                }
                """) { Members = Kit },

            new("U09_StructUsingDeclaration_Task", "Task", """
                {
                    using var lease = new StructRes(env, "lease");
                    await env.T(0);
                    env.Log("work");
                }
                """) { Members = Kit },

            // Issue 35 point 1: a using of several resources is the nested usings C# defines it to be (one try per
            // resource, the first declared disposed last), in a statement and in a declaration, with a throw and in a loop.
            new("U10_UsingStatementOfTwoResources", "Task<int>", """
                {
                    var total = 0;
                    using (Res a = new Res(env, "a"), b = new Res(env, "b" + v))
                    {
                        total += await env.TR(0, 2);
                        env.Log("using " + a.Name + b.Name);
                        if (v == 1) throw env.Ioe("in using");
                        total += await env.TR(1, 3);
                    }
                    return total;
                }
                """) { Members = Kit, Variants = new[] { 0, 1 } },

            new("U11_UsingDeclarationOfThreeResources_InLoop", "Task<int>", """
                {
                    var sum = 0;
                    for (var i = 0; i < 2; i++)
                    {
                        using Res first = new Res(env, "f" + i), second = new Res(env, "s" + i), third = new Res(env, "t" + i);
                        sum += await env.TR(0, i);
                        env.Log(first.Name + second.Name + third.Name);
                    }
                    return sum;
                }
                """) { Members = Kit },

            // A resource nothing reads after the await: still state, since the finally disposes it (logger scopes, leases).
            new("U12_UsingResourcesNotReadAfterTheAwait", "Task<int>", """
                {
                    using (var scope = new Res(env, "scope"))
                    {
                        await env.T(0);
                        env.Log("inside");
                    }

                    using var lease = new Res(env, "lease");
                    using (new Res(env, "anonymous"))
                    {
                        return await env.TR(1, 5);
                    }
                }
                """) { Members = Kit },

            // ---- combinations --------------------------------------------------------------------------------------------
            new("M01_ForEach_Using_TryFinally_Continue", "Task<int>", """
                {
                    var sum = 0;
                    foreach (var n in new List<int> { 1, 2, 3 })
                    {
                        using (var res = new Res(env, "n" + n))
                        {
                            try
                            {
                                var x = await env.TR(0, n);
                                if (x == 2) continue;
                                sum += x;
                            }
                            finally
                            {
                                env.Log("finally " + n);
                            }
                        }
                    }
                    return sum;
                }
                """) { Members = Kit },

            new("M02_SyncAndAsyncIterations", "ValueTask<string>", """
                {
                    var log = "";
                    for (var i = 0; i < 4; i++)
                    {
                        var x = await (i % 2 == 0 ? env.VR(0, i) : env.VR(1, i));
                        log += x;
                    }
                    return log;
                }
                """),

            new("M03_RetryLoop_BreakFromTryAndCatch", "Task<int>", """
                {
                    var attempts = 0;
                    while (attempts < 5)
                    {
                        attempts++;
                        try
                        {
                            await env.T(0);
                            env.Log("success " + attempts);
                            break;
                        }
                        catch (InvalidOperationException)
                        {
                            env.Log("retry " + attempts);
                            if (attempts == 2) break;
                        }
                    }
                    return attempts;
                }
                """),

            new("M04_DoWhile_TryFinally_Continue", "Task<int>", """
                {
                    var i = 0;
                    do
                    {
                        try
                        {
                            i++;
                            await env.T(0);
                            if (i == 2) continue;
                            env.Log("i=" + i);
                        }
                        finally
                        {
                            env.Log("f" + i);
                        }
                    }
                    while (i < 3);
                    return i;
                }
                """),

            new("M05_ForEach_CatchCanceledPerItem", "Task<int>", """
                {
                    var ok = 0;
                    foreach (var n in new[] { 1, 2 })
                    {
                        try
                        {
                            await env.T(0);
                            ok += n;
                        }
                        catch (OperationCanceledException)
                        {
                            env.Log("canceled " + n);
                        }
                    }
                    return ok;
                }
                """),

            new("M06_Loop_ConfigureAwaitFalse", "Task<int>", """
                {
                    var sum = 0;
                    for (var i = 0; i < 2; i++)
                    {
                        var x = await env.TR(0, i).ConfigureAwait(false);
                        env.Log("after " + i);
                        sum += x;
                    }
                    await env.T(1);
                    env.Log("end");
                    return sum;
                }
                """),

            new("M07_Loop_SetsAsyncLocal", "Task<int>", """
                {
                    for (var i = 0; i < 2; i++)
                    {
                        Env.Flow.Value = "iteration " + i;
                        await env.T(0);
                        env.Log("after");
                    }
                    return 0;
                }
                """),

            new("M08_ForEachClassEnumerator_TryFinally_Return", "Task<string>", """
                {
                    foreach (var line in new Lines(env))
                    {
                        try
                        {
                            var x = await env.TR(0, line.Length);
                            if (line == "line1") return line + x;
                        }
                        finally
                        {
                            env.Log("finally " + line);
                        }
                    }
                    return "none";
                }
                """) { Members = Kit },

            new("M09_ThrowFromFinallyInLoop_CaughtOutside", "Task<int>", """
                {
                    try
                    {
                        for (var i = 0; i < 2; i++)
                        {
                            try
                            {
                                await env.T(0);
                            }
                            finally
                            {
                                if (i == 1) throw env.Ioe("finally " + i);
                            }
                        }
                    }
                    catch (InvalidOperationException e)
                    {
                        env.Log("caught " + e.Message);
                        return 1;
                    }
                    return 0;
                }
                """),

            // ---- lambdas in loops -----------------------------------------------------------------------------------------
            new("M10_LambdaInLoop_CapturesIterationAndUnchangedVariables", "Task<int>", """
                {
                    var readers = new List<Func<int>>();
                    var scale = v + 10;
                    foreach (var n in new[] { 1, 2, 3 })
                    {
                        readers.Add(() => n * scale);
                        await env.T(0);
                    }
                    var sum = 0;
                    foreach (var reader in readers) sum += reader();
                    return sum;
                }
                """),

            new("M11_Forwarded_LambdaInLoop_CapturesForVariable", "Task<int>", """
                {
                    var readers = new List<Func<int>>();
                    for (var i = 0; i < 3; i++)
                    {
                        readers.Add(() => i);
                        await env.T(0);
                    }
                    var sum = 0;
                    foreach (var reader in readers) sum += reader();
                    return sum;
                }
                """) { ExpectSplit = false },

            // ---- nested awaits, spilled to a temporary before their statement ---------------------------------------------
            new("N01_IfAwaitCondition", "Task<int>", """
                {
                    if (await env.TR(0, v == 0)) env.Log("yes");
                    else env.Log("no");
                    return 1;
                }
                """) { Variants = new[] { 0, 1 } },

            new("N02_AwaitAsArgument", "Task<int>", """
                {
                    var s = Add(await env.TR(0, 1), 2);
                    env.Log("s=" + s);
                    return s;
                }
                """) { Members = "private static int Add(int a, int b) => a + b;" },

            new("N03_ReturnAwaitPlusOne", "ValueTask<int>", """
                {
                    env.Log("start");
                    return await env.VR(0, 20) + 1;
                }
                """),

            new("N04_CastAndMemberOfAwait", "Task<long>", """
                {
                    var x = (long)await env.TR(0, 5);
                    var length = (await env.TR(1, "abc")).Length;
                    return x + length;
                }
                """),

            new("N05_LogConcatenatesAwait", "Task", """
                {
                    env.Log("got " + await env.TR(0, "a"));
                    env.Log("end");
                }
                """),

            new("N06_SwitchExpressionOnAwait", "Task<string>", """
                {
                    var y = await env.TR(0, v) switch { 0 => "zero", _ => "other" };
                    return y;
                }
                """) { Variants = new[] { 0, 1 } },

            new("N07_ForEachOverAwaitedArray", "Task<int>", """
                {
                    var sum = 0;
                    foreach (var n in await env.TR(0, new[] { 1, 2 }))
                    {
                        env.Log("n=" + n);
                        await env.T(1);
                        sum += n;
                    }
                    return sum;
                }
                """),

            new("N08_UsingAwaitedResource", "Task<int>", """
                {
                    using (var r = await env.TR(0, new Res(env, "r")))
                    {
                        env.Log("in " + r.Name);
                        await env.T(1);
                    }
                    return 2;
                }
                """) { Members = Kit },

            new("N09_SwitchStatementOnAwait", "Task<int>", """
                {
                    switch (await env.TR(0, v))
                    {
                        case 0:
                            env.Log("zero");
                            break;
                        default:
                            await env.T(1);
                            env.Log("other");
                            break;
                    }
                    return v;
                }
                """) { Variants = new[] { 0, 1 } },

            new("N10_CompoundAssignmentToLocal", "Task<int>", """
                {
                    var x = 40;
                    x += await env.TR(0, 2);
                    return x;
                }
                """),

            new("N11_DeconstructAwaitedTuple", "Task<int>", """
                {
                    var (a, b) = await env.TR(0, (1, 2));
                    env.Log("a=" + a + " b=" + b);
                    return a + b;
                }
                """),

            new("N12_IfAwaitInLoop_MixedSites", "Task<int>", """
                {
                    var hits = 0;
                    for (var i = 0; i < 3; i++)
                    {
                        if (await (i == 1 ? env.TR(1, false) : env.TR(0, true))) hits++;
                        env.Log("i=" + i);
                    }
                    return hits;
                }
                """),

            new("N13_SpillInsideTryFinally", "Task<int>", """
                {
                    try
                    {
                        return (await env.TR(0, "abc")).Length;
                    }
                    finally
                    {
                        env.Log("finally");
                    }
                }
                """),

            new("N17_ElseIfAwaitCondition", "Task<int>", """
                {
                    if (v == 0) env.Log("first");
                    else if (await env.TR(0, v == 1)) env.Log("second");
                    else env.Log("third");
                    if (v == 2) return (await env.TR(1, 3)) * 2;
                    return 0;
                }
                """) { Variants = new[] { 0, 1, 2 } },

            new("N18_ReturnSumOfTwoAwaits", "Task<int>", """
                {
                    env.Log("start");
                    return await env.TR(0, 1) + await env.TR(1, 2);
                }
                """),

            new("N19_TwoAwaitsAsArguments", "ValueTask<int>", """
                {
                    var s = Add(await env.TR(0, 1), await env.VR(1, 2));
                    env.Log("s=" + s);
                    return s;
                }
                """) { Members = "private static int Add(int a, int b) => a + b;" },

            new("N20_TupleOfTwoAwaits_InLoop", "Task<string>", """
                {
                    var text = "";
                    for (var i = 0; i < 2; i++)
                    {
                        var t = (await env.TR(0, i), await env.TR(1, "x"));
                        text += t.Item1 + t.Item2;
                    }
                    return text;
                }
                """),

            new("N21_Forwarded_ConcatAfterFormattedHole", "Task<string>", """
                {
                    var n = v + 1;
                    var text = $"{n}: {await env.TR(0, "a")}";
                    return text;
                }
                """) { ExpectSplit = false },

            new("N22_UsingDeclarationOfAwaitedResource", "Task<int>", """
                {
                    using var r = await env.TR(0, new Res(env, "r"));
                    await env.T(1);
                    env.Log("using " + r.Name);
                    return 1;
                }
                """) { Members = Kit },

            new("N14_FieldReadBeforeAwait", "Task<int>", """
                {
                    _total = Add(_total, await env.TR(0, 3));
                    return _total;
                }
                """) { Members = "private int _total = 1;\nprivate static int Add(int a, int b) => a + b;" },

            new("N15_TwoAwaitsInOneExpression", "Task<bool>", """
                {
                    var both = await env.TR(0, v == 0) && await env.TR(1, true);
                    return both;
                }
                """) { Variants = new[] { 0, 1 } },

            new("N16_InterpolatedAwaitAfterLiteralAndLocal", "Task<string>", """
                {
                    var name = "n" + v;
                    var text = $"{name}: {await env.TR(0, 7)}";
                    env.Log(text);
                    return text;
                }
                """),
            // ---- awaits in a while or for condition, spilled at the top of every iteration ------------------------------
            new("W01_WhileAwaitCondition", "Task<int>", """
                {
                    var k = 0;
                    while (await env.TR(0, k < 3))
                    {
                        env.Log("row " + k);
                        k++;
                    }
                    return k;
                }
                """),

            new("W02_WhileAwait_ContinueBreak_AwaitInBody", "Task<int>", """
                {
                    var k = 0;
                    var sum = 0;
                    while (await env.TR(0, k < 5))
                    {
                        k++;
                        if (k == 2) continue;
                        var x = await env.TR(1, k * 10);
                        if (x > 35) break;
                        sum += x;
                    }
                    return sum + k;
                }
                """),

            new("W03_ForAwaitCondition_Continue", "ValueTask<int>", """
                {
                    var sum = 0;
                    for (var i = 0; await env.VR(0, i < 3); i++)
                    {
                        if (i == 1) continue;
                        sum += i;
                        env.Log("i=" + i);
                    }
                    return sum;
                }
                """),

            new("W04_WhileAwaitPatternVariable", "Task<string>", """
                {
                    var k = 0;
                    var all = "";
                    while (await env.TR(0, k < 2 ? "s" + k : null) is { } s)
                    {
                        all += s;
                        k++;
                    }
                    return all;
                }
                """),

            new("W05_WhileAwait_ReturnFromBody", "Task<int>", """
                {
                    while (await env.TR(0, v == 0))
                    {
                        env.Log("once");
                        return 1;
                    }
                    env.Log("never entered");
                    return 2;
                }
                """) { Variants = new[] { 0, 1 } },

            new("W06_WhileAwait_TryFinallyInUsing", "Task<int>", """
                {
                    using (var r = new Res(env, "a"))
                    {
                        var k = 0;
                        while (await env.TR(0, k < 2))
                        {
                            try
                            {
                                k++;
                                await env.T(1);
                            }
                            finally
                            {
                                env.Log("finally " + k + " " + r.Name);
                            }
                        }
                        return k;
                    }
                }
                """) { Members = Kit },

            new("W07_WhileAwaitConfigureAwaitFalse_EmbeddedBody", "ValueTask<int>", """
                {
                    var k = 0;
                    while (await env.VR(0, k < 2).ConfigureAwait(false)) k++;
                    return k;
                }
                """),

            new("W08_WhileAwait_ThrowFromBody_Task", "Task", """
                {
                    var k = 0;
                    while (await env.TR(0, true))
                    {
                        k++;
                        if (k == 2) throw env.Ioe("stop at " + k);
                        env.Log("k=" + k);
                    }
                }
                """),

            new("W09_WhileAwaitAfterStableOperand", "Task<int>", """
                {
                    var limit = 2;
                    var k = 0;
                    while (limit > await env.TR(0, k))
                    {
                        k++;
                    }
                    return k;
                }
                """),

            new("W10_WhileStableAndAwaitCondition", "Task<int>", """
                {
                    var k = 0;
                    while (k < 2 && await env.TR(0, true)) k++;
                    return k;
                }
                """),
            // ---- an await as a conditional operand: the conditional spills into a temporary an if/else assigns --------
            new("C01_CoalesceAwait", "Task<string>", """
                {
                    var cached = v == 0 ? null : "cached";
                    var name = cached ?? await env.TR(0, "loaded");
                    env.Log("name=" + name);
                    return name;
                }
                """) { Variants = new[] { 0, 1 } },

            new("C02_AndAwaitInIf", "Task<int>", """
                {
                    if (v == 0 && await env.TR(0, true)) env.Log("both");
                    else env.Log("not both");
                    return 1;
                }
                """) { Variants = new[] { 0, 1 } },

            new("C03_OrAwait", "ValueTask<int>", """
                {
                    var ok = v == 1 || await env.VR(0, false);
                    return ok ? 1 : 2;
                }
                """) { Variants = new[] { 0, 1 } },

            new("C04_ConditionalAwaitWhenTrue", "Task<string>", """
                {
                    var text = v == 0 ? await env.TR(0, "awaited") : "plain";
                    env.Log(text);
                    return text;
                }
                """) { Variants = new[] { 0, 1 } },

            new("C05_ConditionalAwaitWhenFalse_Widened", "Task<long>", """
                {
                    var n = v == 0 ? 7 : await env.TR(0, 8L);
                    return n * 2;
                }
                """) { Variants = new[] { 0, 1 } },

            new("C06_NullableValueCoalesce", "Task<int>", """
                {
                    int? cached = v == 0 ? null : 5;
                    var x = cached ?? await env.TR(0, 9);
                    return x;
                }
                """) { Variants = new[] { 0, 1 } },

            new("C07_ConditionalAfterLiteralOperand", "Task", """
                {
                    env.Log("value " + (v == 0 ? await env.TR(0, "a") : "b"));
                    await env.T(1);
                }
                """) { Variants = new[] { 0, 1 } },

            new("C08_ConditionalInLoop_CompoundAssignment", "Task<int>", """
                {
                    var sum = 0;
                    for (var i = 0; i < 4; i++)
                    {
                        sum += i % 2 == 0 ? await (i == 0 ? env.TR(0, i) : env.TR(1, i)) : i * 100;
                        env.Log("sum=" + sum);
                    }
                    return sum;
                }
                """),

            new("C09_ReturnCoalesceAwait", "ValueTask<string>", """
                {
                    env.Log("start");
                    return (v == 0 ? null : "cached") ?? await env.VR(0, "loaded");
                }
                """) { Variants = new[] { 0, 1 } },

            new("C10_WhileNotCanceledAndAwait", "Task<int>", """
                {
                    var k = 0;
                    while (!env.Token.IsCancellationRequested && await env.TR(0, k < 3))
                    {
                        k++;
                    }
                    return k;
                }
                """),

            new("C13_ConditionalAwaitsBothBranches", "Task<string>", """
                {
                    var text = v == 0 ? await env.TR(0, "a") : await env.TR(1, "b");
                    env.Log(text);
                    return text;
                }
                """) { Variants = new[] { 0, 1 } },

            new("C14_ConditionalAwaitsBothBranches_Widened_InLoop", "Task<long>", """
                {
                    long sum = 0;
                    for (var i = 0; i < 4; i++)
                    {
                        sum += i % 2 == 0 ? await env.TR(0, i) : await env.VR(1, (long)i * 10);
                        env.Log("sum=" + sum);
                    }
                    return sum;
                }
                """),

            new("C15_ReturnConditionalAwaitsBothBranches", "ValueTask<int>", """
                {
                    env.Log("start");
                    return v == 0 ? await env.VR(0, 1) : await env.VR(1, 2);
                }
                """) { Variants = new[] { 0, 1 } },


            new("C11_AndOperandDeclaresVariable", "Task<int>", """
                {
                    object o = v == 0 ? "text" : 5;
                    if (o is string s && await env.TR(0, s.Length > 0)) return s.Length;
                    return 0;
                }
                """) { Variants = new[] { 0, 1 } },

            new("C12_ConditionalPassedToOverload", "Task<string>", """
                {
                    object fallback = "fallback";
                    return Describe(v == 0 ? await env.TR(0, "text") : fallback);
                }
                """) { Variants = new[] { 0, 1 }, Members = "private static string Describe(object o) => \"object \" + o;\nprivate static string Describe(string s) => \"string \" + s;" },
            // ---- out variables declared in an awaited operand: assigned by the synchronous path, handed over ------------
            new("O01_OutVariablesOfAwaitedCalls", "Task<int>", """
                {
                    var x = await Pick(env, 0, v, out var z);
                    env.Log("z=" + z);
                    if (await Flag(env, 1, x, out var w)) return z + w;
                    return z;
                }
                """) { Variants = new[] { 0, 1 }, Members = OutKit },

            new("O02_OutVariableInLoopBody", "Task<int>", """
                {
                    var sum = 0;
                    for (var i = 0; i < 3; i++)
                    {
                        if (await Flag(env, 0, i, out var w)) sum += w;
                        env.Log("w=" + w);
                    }
                    return sum;
                }
                """) { Members = OutKit },

            new("O03_OutVariableInWhileCondition", "ValueTask<int>", """
                {
                    var k = 0;
                    var total = 0;
                    while (await Next(env, 0, k, out var item))
                    {
                        total += item;
                        k++;
                    }
                    return total;
                }
                """) { Members = OutKit },
            // ---- generic methods: the synchronous path and continuations are generic like the body ------------------------
            new("G01_GenericMethod_LoopAndTry", "Task<List<T>>", """
                {
                    var items = new List<T>();
                    for (var i = 0; i < 3; i++)
                    {
                        try
                        {
                            var item = await env.TR(i % 2, new T());
                            items.Add(item);
                            env.Log("added " + i);
                        }
                        finally
                        {
                            env.Log("finally " + i);
                        }
                    }
                    return items;
                }
                """) { TypeParameters = "<T>", Constraints = " where T : class, new()", TypeArguments = "<object>" },

            new("G02_GenericMethod_TwoTypeParameters_Tail", "ValueTask<TResult?>", """
                {
                    env.Log("key " + typeof(TKey).Name);
                    return await env.VR(0, v == 0 ? default(TResult) : (TResult?)(object)"value");
                }
                """) { Tail = true, Variants = new[] { 0, 1 }, TypeParameters = "<TKey, TResult>", Constraints = " where TKey : notnull where TResult : class", TypeArguments = "<int, string>" },
            // ---- a lambda in the awaited operand: its awaits are its own ------------------------------------------------------
            new("A01_AsyncLambdaInAwaitedOperand", "Task<int>", """
                {
                    var r = await Invoke(async () => await env.TR(0, 5));
                    env.Log("r=" + r);
                    return r + await env.TR(1, 1);
                }
                """) { Members = LambdaKit },

            new("A02_AsyncLambdaWritesCapturedUnusedAfter", "ValueTask<int>", """
                {
                    var count = 0;
                    var r = await Invoke(async () => { count++; return await env.TR(0, 2); });
                    env.Log("r=" + r);
                    return r;
                }
                """) { Members = LambdaKit },

            // Split since issue 20: x lives in one shared object (SharedVariables), as the compiler's display class.
            new("A03_AsyncLambdaWritesCapturedUsedAfter", "Task<int>", """
                {
                    var x = 0;
                    await Invoke(async () => { x = await env.TR(0, 3); return 0; });
                    return x;
                }
                """) { Members = LambdaKit },
            // ---- local functions that share no variable with the body: declared again in each generated method ------------
            new("F11_StaticLocalFunctions", "Task<int>", """
                {
                    var x = await env.TR(0, 3);
                    env.Log("double " + Double(x));
                    var y = await env.TR(1, 4);
                    return Double(y) + Twice(x);

                    static int Double(int n) => n * 2;
                    static int Twice(int n)
                    {
                        return n + n;
                    }
                }
                """),

            new("F12_LocalFunctionsUsingThisAndAwaiting", "ValueTask<int>", """
                {
                    int Scale(int n) => n * _factor;
                    static async Task<int> Helper(Env e) => await e.TR(2, 1);
                    var sum = 0;
                    for (var i = 0; i < 2; i++)
                    {
                        sum += Scale(await env.TR(i, i + 1));
                    }
                    return sum + await Helper(env);
                }
                """) { Members = "private int _factor = 3;" },

            // Split since issue 20: v, written and shared with the local function, lives in one shared object.
            new("F13_LocalFunctionCapturesWrittenParameter", "Task<int>", """
                {
                    v += 2;
                    var x = await env.TR(0, 3);
                    return Add(x);

                    int Add(int n) => n + v;
                }
                """) { Variants = new[] { 0, 1 } },
            // ---- awaits in catch blocks: the block runs after the try statement, as the compiler runs it ------------------
            new("K01_AwaitInCatch_LogAndRethrow", "Task<int>", """
                {
                    try
                    {
                        var x = await env.TR(0, 5);
                        if (v == 1) throw env.Ioe("bad " + x);
                        return x;
                    }
                    catch (InvalidOperationException e)
                    {
                        await env.T(1);
                        env.Log("caught " + e.Message);
                        throw;
                    }
                }
                """) { Variants = new[] { 0, 1 } },

            new("K02_AwaitInCatch_Recover", "ValueTask<int>", """
                {
                    var result = 0;
                    try
                    {
                        result = await env.VR(0, 7);
                    }
                    catch (Exception e) when (Filter(env, e))
                    {
                        result = await env.VR(1, -1);
                        env.Log("recovered " + result);
                    }
                    return result * 2;
                }
                """) { Members = Kit },

            new("K03_AwaitInCatch_WithFinally_InLoop", "Task<string>", """
                {
                    var log = "";
                    for (var i = 0; i < 3; i++)
                    {
                        try
                        {
                            if (i == v) throw env.Ioe("at " + i);
                            log += i;
                        }
                        catch (InvalidOperationException)
                        {
                            await env.T(0);
                            log += "c";
                            if (i == 2) break;
                            continue;
                        }
                        finally
                        {
                            env.Log("finally " + i);
                        }
                        log += ";";
                    }
                    return log;
                }
                """) { Variants = new[] { 0, 2 } },

            new("K04_AwaitInCatch_TwoClauses_ReturnFromCatch", "Task<int>", """
                {
                    try
                    {
                        await env.T(0);
                        if (v == 0) throw new ArgumentException("arg");
                        throw env.Ioe("ioe");
                    }
                    catch (ArgumentException e)
                    {
                        return await env.TR(1, e.Message.Length);
                    }
                    catch (InvalidOperationException)
                    {
                        env.Log("plain catch");
                        return -1;
                    }
                }
                """) { Variants = new[] { 0, 1 } },

            new("K05_AwaitInCatch_ThrowsNew_FinallyLogs", "Task", """
                {
                    try
                    {
                        try
                        {
                            await env.T(0);
                            throw env.Ioe("inner");
                        }
                        catch (InvalidOperationException e)
                        {
                            await env.T(1);
                            throw new ArgumentException("wrapped " + e.Message, e);
                        }
                        finally
                        {
                            env.Log("inner finally");
                        }
                    }
                    catch (ArgumentException e)
                    {
                        env.Log("outer " + e.Message);
                    }
                }
                """),

            // ---- awaits in finally blocks: the try runs as the compiler lowers it, then the finally, then rethrow/return ----
            new("Y01_AwaitInFinally_Return", "Task<int>", """
                {
                    try
                    {
                        var x = await env.TR(0, 5);
                        if (v == 1) throw env.Ioe("bad " + x);
                        return x * 2;
                    }
                    finally
                    {
                        env.Log("finally start");
                        await env.T(1);
                        env.Log("finally end");
                    }
                }
                """) { Variants = new[] { 0, 1 } },

            new("Y02_AwaitInFinally_FallThrough_ValueTask", "ValueTask", """
                {
                    var k = 0;
                    try
                    {
                        k = await env.VR(0, 3);
                        if (v == 1) return;
                    }
                    finally
                    {
                        await env.V(1);
                        env.Log("k=" + k);
                    }
                    env.Log("after");
                }
                """) { Variants = new[] { 0, 1 } },

            new("Y03_AwaitInFinally_WithCatchAwait_InLoop", "Task<string>", """
                {
                    var log = "";
                    for (var i = 0; i < 3; i++)
                    {
                        try
                        {
                            if (i == v) throw env.Ioe("at " + i);
                            log += i;
                            if (i == 2) return log;
                        }
                        catch (InvalidOperationException e)
                        {
                            await env.T(0);
                            log += "c" + e.Message.Length;
                        }
                        finally
                        {
                            await env.T(1);
                            log += "f";
                        }
                    }
                    return log;
                }
                """) { Variants = new[] { 0, 1 } },

            new("Y04_AwaitInFinally_ThrowFromFinally", "Task<int>", """
                {
                    try
                    {
                        await env.T(0);
                        throw env.Ioe("from try");
                    }
                    finally
                    {
                        await env.T(1);
                        if (v == 1) throw new ArgumentException("from finally");
                    }
                }
                """) { Variants = new[] { 0, 1 } },

            new("Y05_AwaitInFinally_DisposeAsyncByHand", "Task<int>", """
                {
                    var resource = new AsyncRes(env, "r");
                    try
                    {
                        return await env.TR(0, resource.Name.Length);
                    }
                    finally
                    {
                        await resource.DisposeAsync();
                    }
                }
                """) { Members = "private sealed class AsyncRes : IAsyncDisposable\n{\n    private readonly Env _env;\n    public AsyncRes(Env env, string name) { _env = env; Name = name; }\n    public string Name { get; }\n    public ValueTask DisposeAsync() { _env.Log(\"dispose \" + Name); return new ValueTask(_env.T(1)); }\n}" },

            new("Y06_Forwarded_BreakLeavesTryWithAwaitingFinally", "Task<int>", """
                {
                    var i = 0;
                    while (true)
                    {
                        try
                        {
                            if (++i == 2) break;
                        }
                        finally
                        {
                            await env.T(0);
                        }
                    }
                    return i;
                }
                """) { ExpectSplit = false },


            new("T13_AssignAwaitInTry_CatchKeepsOldValue", "Task<int>", """
                {
                    var result = 10;
                    try
                    {
                        result = await env.TR(0, 20);
                    }
                    catch (InvalidOperationException)
                    {
                        env.Log("caught");
                    }
                    return result;
                }
                """),


            // A local with no initializer, assigned after the await in the try block and in the catch, read after the try
            // statement: live there (an exception can skip the try block's assignment), but not assigned where the
            // synchronous path hands over, so the continuation declares it instead of taking it (else CS0165 there).
            new("T15_UninitializedLocalAssignedInTryAndCatch_ReadAfter", "Task<int>", """
                {
                    int result;
                    try
                    {
                        await env.T(0);
                        result = 20;
                    }
                    catch (InvalidOperationException)
                    {
                        result = 30;
                    }
                    return result;
                }
                """),


            new("K07_RethrowInLoopOfCatchBlock", "Task<int>", """
                {
                    try
                    {
                        throw env.Ioe("first");
                    }
                    catch (InvalidOperationException e)
                    {
                        for (var i = 0; i < 2; i++)
                        {
                            await env.T(0);
                            if (i == 1 && v == 0) throw;
                            env.Log("i=" + i + " " + e.Message);
                        }
                        return 5;
                    }
                }
                """) { Variants = new[] { 0, 1 } },

            new("O04_NameofParameterAfterAwait", "Task<int>", """
                {
                    var x = await env.TR(0, 1);
                    env.Log(nameof(v) + "=" + x);
                    return x;
                }
                """),


            new("K06_AwaitInCatchWithoutType_RethrowAfterNestedTry", "Task<int>", """
                {
                    try
                    {
                        throw env.Ioe("first");
                    }
                    catch
                    {
                        await env.T(0);
                        try
                        {
                            throw env.Ioe("second");
                        }
                        catch (InvalidOperationException e)
                        {
                            env.Log("inner " + e.Message);
                        }
                        throw;
                    }
                }
                """),

            // A variable declared in a while condition (a new one each iteration) live across an await of the body: the
            // continuation declared it as a parameter and again in the rest of the loop (CS0136), and with its declared
            // nullable type (CS8602 on every dereference).
            new("L40_WhileConditionOutVariable_LiveAcrossAwait", "Task<int>", """
                {
                    var queue = new Queue<string>(new[] { "a", "bb", "ccc" });
                    var n = 0;
                    while (queue.TryDequeue(out var item))
                    {
                        await env.T(0);
                        n += item.Length;
                        env.Log("item " + item);
                    }
                    return n;
                }
                """),
        };
    }
}