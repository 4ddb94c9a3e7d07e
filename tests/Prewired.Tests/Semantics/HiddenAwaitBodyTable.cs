using System.Collections.Generic;

namespace Prewired.Tests.Semantics
{
    /// <summary>
    /// Bodies with <c>await using</c> and <c>await foreach</c> (issue 9), whose hidden awaits (DisposeAsync, MoveNextAsync)
    /// are environment sites reached through the kit's resources and iterators (<see cref="BodyCase.HelperSites"/>), so
    /// every scenario completes them synchronously, later, faulted or canceled like the visible ones.
    /// </summary>
    public static class HiddenAwaitBodyTable
    {
        /// <summary>Async resources, async iterators and a struct async enumerator that log what is done to them.</summary>
        private const string Kit = """
            private sealed class ARes : IAsyncDisposable
            {
                private readonly Env _env;
                private readonly int _site;
                public ARes(Env env, string name, int site) { _env = env; _site = site; Name = name; env.Log("open " + name); }
                public string Name { get; }
                public ValueTask WriteAsync(int site) { _env.Log("write " + Name); return _env.V(site); }
                public ValueTask DisposeAsync() { _env.Log("dispose " + Name); return _env.V(_site); }
            }

            private struct StructARes : IAsyncDisposable
            {
                private readonly Env _env;
                private readonly int _site;
                public StructARes(Env env, int site) { _env = env; _site = site; env.Log("open struct"); }
                public ValueTask DisposeAsync() { _env.Log("dispose struct"); return _env.V(_site); }
            }

            // Not IAsyncDisposable: await using finds DisposeAsync by pattern.
            private sealed class PatternRes
            {
                private readonly Env _env;
                private readonly int _site;
                public PatternRes(Env env, int site) { _env = env; _site = site; env.Log("open pattern"); }
                public ValueTask DisposeAsync() { _env.Log("dispose pattern"); return _env.V(_site); }
            }

            private static async IAsyncEnumerable<int> Yields(Env env, int site, int count)
            {
                try
                {
                    for (var i = 0; i < count; i++)
                    {
                        await env.V(site);
                        env.Log("yield " + i);
                        yield return i;
                    }
                }
                finally
                {
                    env.Log("iterator finally");
                }
            }

            private static async IAsyncEnumerable<int> Cancelable(Env env, int site, [System.Runtime.CompilerServices.EnumeratorCancellation] CancellationToken ct = default)
            {
                for (var i = 0; i < 3; i++)
                {
                    await env.V(site);
                    ct.ThrowIfCancellationRequested();
                    env.Log("yield " + i);
                    yield return i;
                }
            }

            private static async IAsyncEnumerable<(string, int)> Pairs(Env env, int site)
            {
                await env.V(site);
                yield return ("a", 1);
                await env.V(site);
                yield return ("bb", 2);
            }

            private struct Countdown
            {
                private readonly Env _env;
                private readonly int _from;
                public Countdown(Env env, int from) { _env = env; _from = from; }
                public Enumerator GetAsyncEnumerator() => new Enumerator(_env, _from);
                public struct Enumerator
                {
                    private readonly Env _env;
                    private int _left;
                    public Enumerator(Env env, int from) { _env = env; _left = from + 1; }
                    public int Current => _left;
                    public ValueTask<bool> MoveNextAsync() { _left--; _env.Log("move " + _left); return _env.VR(1, _left > 0); }
                    public ValueTask DisposeAsync() { _env.Log("dispose countdown at " + _left); return _env.V(2); }
                }
            }
            """;

        public static IReadOnlyList<BodyCase> All { get; } = new List<BodyCase>
        {
            // ---- await using ---------------------------------------------------------------------------------------------
            new("H01_AwaitUsing_Statement", "Task<int>", """
                {
                    await using (var r = new ARes(env, "a", 1))
                    {
                        await r.WriteAsync(0);
                        env.Log("body");
                        if (v == 1) throw env.Ioe("in scope");
                    }
                    env.Log("after");
                    return 7;
                }
                """) { Members = Kit, HelperSites = "0:V,1:V", Variants = new[] { 0, 1 } },

            new("H02_AwaitUsing_TwoDeclarations_DisposalOrder", "ValueTask<int>", """
                {
                    env.Log("start");
                    await using var a = new ARes(env, "a", 1);
                    await using var b = new ARes(env, "b", 2);
                    await a.WriteAsync(0);
                    if (v == 1) return 1;
                    await b.WriteAsync(3);
                    env.Log("end");
                    return 0;
                }
                """) { Members = Kit, HelperSites = "0:V,1:V,2:V,3:V", Variants = new[] { 0, 1 } },

            new("H03_AwaitUsing_NullResource", "Task", """
                {
                    await using (ARes? r = v == 1 ? null : new ARes(env, "n", 1))
                    {
                        await env.T(0);
                        env.Log("null? " + (r is null));
                    }
                    env.Log("after");
                }
                """) { Members = Kit, HelperSites = "1:V", Variants = new[] { 0, 1 } },

            new("H04_AwaitUsing_Struct_And_Pattern", "ValueTask", """
                {
                    await using var s = new StructARes(env, 1);
                    await using (new PatternRes(env, 2))
                    {
                        await env.V(0);
                    }
                    env.Log("between");
                    await env.V(3);
                }
                """) { Members = Kit, HelperSites = "1:V,2:V" },

            new("H05_AwaitUsing_ConfigureAwaitFalse", "Task<int>", """
                {
                    var r = new ARes(env, "c", 1);
                    await using (r.ConfigureAwait(false))
                    {
                        await env.T(0);
                        env.Log("inside");
                    }
                    env.Log("after");
                    return 3;
                }
                """) { Members = Kit, HelperSites = "1:V" },

            new("H06_AwaitUsing_ReturnAwaitInScope", "Task<int>", """
                {
                    await using (var r = new ARes(env, "r", 1))
                    {
                        return await env.TR(0, 5) + v;
                    }
                }
                """) { Members = Kit, HelperSites = "1:V", Variants = new[] { 0, 1 } },

            new("H07_AwaitUsing_DeclarationInLoop", "Task<int>", """
                {
                    var n = 0;
                    for (var i = 0; i < 2; i++)
                    {
                        await using var r = new ARes(env, "r" + i, 1);
                        await r.WriteAsync(0);
                        n += i;
                    }
                    return n;
                }
                """) { Members = Kit, HelperSites = "0:V,1:V" },

            // ---- await foreach -------------------------------------------------------------------------------------------
            new("H10_AwaitForeach_AsyncIterator", "Task<int>", """
                {
                    var sum = 0;
                    await foreach (var x in Yields(env, 1, 3))
                    {
                        sum += x;
                        await env.T(0);
                        env.Log("got " + x);
                    }
                    return sum;
                }
                """) { Members = Kit, HelperSites = "1:V" },

            new("H11_AwaitForeach_BreakReturnThrow", "ValueTask<int>", """
                {
                    var sum = 0;
                    await foreach (var x in Yields(env, 1, 3))
                    {
                        await env.V(0);
                        if (x == 1)
                        {
                            if (v == 0) break;
                            if (v == 1) return 100;
                            if (v == 2) throw env.Ioe("stop");
                            continue;
                        }
                        sum += x;
                    }
                    env.Log("after loop");
                    return sum;
                }
                """) { Members = Kit, HelperSites = "1:V", Variants = new[] { 0, 1, 2, 3 } },

            new("H12_AwaitForeach_ConfigureAwaitFalse", "Task<int>", """
                {
                    var sum = 0;
                    await foreach (var x in Yields(env, 1, 2).ConfigureAwait(false))
                    {
                        sum += x;
                        env.Log("got " + x);
                    }
                    await env.T(0);
                    return sum;
                }
                """) { Members = Kit, HelperSites = "1:V" },

            new("H13_AwaitForeach_WithCancellation", "Task<int>", """
                {
                    var sum = 0;
                    var token = v == 1 ? new CancellationToken(true) : env.Token;
                    await foreach (var x in Cancelable(env, 1).WithCancellation(token))
                    {
                        sum += x;
                        await env.T(0);
                    }
                    return sum;
                }
                """) { Members = Kit, HelperSites = "1:V", Variants = new[] { 0, 1 } },

            new("H14_AwaitForeach_StructEnumerator", "ValueTask<int>", """
                {
                    var total = 0;
                    await foreach (var n in new Countdown(env, 3))
                    {
                        if (n == 1 && v == 1) break;
                        total += n;
                    }
                    await env.V(0);
                    return total;
                }
                """) { Members = Kit, HelperSites = "1:V,2:V", Variants = new[] { 0, 1 } },

            new("H15_AwaitForeach_Deconstruction_ExplicitType", "Task<int>", """
                {
                    var sum = 0;
                    await foreach (var (name, n) in Pairs(env, 1))
                    {
                        sum += name.Length * n;
                    }
                    await foreach (long x in Yields(env, 2, 2))
                    {
                        sum += (int)x;
                        await env.T(0);
                    }
                    return sum;
                }
                """) { Members = Kit, HelperSites = "1:V,2:V" },

            new("H16_AwaitForeach_InsideAwaitUsing", "Task<int>", """
                {
                    await using var log = new ARes(env, "log", 2);
                    var count = 0;
                    await foreach (var x in Yields(env, 1, 2))
                    {
                        await log.WriteAsync(0);
                        count++;
                    }
                    return count;
                }
                """) { Members = Kit, HelperSites = "0:V,1:V,2:V" },

            new("H17_AwaitUsingDeclarations_InsideAwaitUsingAndAwaitForeach", "Task<int>", """
                {
                    var n = 0;
                    await using (var outer = new ARes(env, "outer", 1))
                    {
                        await using var inner = new ARes(env, "inner", 2);
                        await foreach (var x in Yields(env, 3, 2))
                        {
                            await using var each = new ARes(env, "each" + x, 4);
                            await each.WriteAsync(0);
                            if (v == 1 && x == 1) return -1;
                            n += x;
                        }
                    }
                    return n;
                }
                """) { Members = Kit, HelperSites = "0:V,1:V,2:V,3:V,4:V", Variants = new[] { 0, 1 } },

            new("H18_AwaitForeach_ExtensionGetAsyncEnumerator", "ValueTask<int>", """
                {
                    var n = 0;
                    await foreach (var t in new Ticks(env, 3, 1))
                    {
                        await env.V(0);
                        if (v == 1 && t == 2) break;
                        n += t;
                    }
                    return n;
                }
                """) { HelperSites = "1:V,2:V", Variants = new[] { 0, 1 } },

            // A resource with a public DisposeAsync and an explicit IAsyncDisposable.DisposeAsync: Roslyn 4.8 binds the
            // interface's, 4.11 and later (the tests' 4.14, the SDK's compiler) the public one. The generator follows the
            // compiler running it (HiddenAwaitCalls.AwaitUsingBinding): here the public one, on the variable.
            new("H19_AwaitUsing_InterfaceBeforePattern", "Task", """
                {
                    await using (var r = new Both(env))
                    {
                        await env.T(0);
                    }
                }
                """)
            {
                HelperSites = "1:V,2:V",
                Members = """
                    private sealed class Both : IAsyncDisposable
                    {
                        private readonly Env _env;
                        public Both(Env env) => _env = env;
                        public ValueTask DisposeAsync() { _env.Log("pattern DisposeAsync"); return _env.V(1); }
                        ValueTask IAsyncDisposable.DisposeAsync() { _env.Log("interface DisposeAsync"); return _env.V(2); }
                    }
                    """,
            },

            // The same on a struct (declarations, two in one scope) and on an internal DisposeAsync of a derived class
            // beside its base class's explicit IAsyncDisposable.DisposeAsync.
            new("H20_AwaitUsing_StructAndDerived_PatternBesideInterface", "Task<int>", """
                {
                    await using var s = new BothStruct(env, v);
                    await using var d = new Derived(env);
                    var x = await env.TR(0, 3);
                    env.Log("scope " + x);
                    return x + s.Value;
                }
                """)
            {
                HelperSites = "1:V,2:V,3:V,4:V",
                Variants = new[] { 0, 1 },
                Members = """
                    private struct BothStruct : IAsyncDisposable
                    {
                        private readonly Env _env;
                        public BothStruct(Env env, int value) { _env = env; Value = value; }
                        public int Value { get; }
                        public ValueTask DisposeAsync() { _env.Log("struct pattern " + Value); return _env.V(1); }
                        ValueTask IAsyncDisposable.DisposeAsync() { _env.Log("struct interface " + Value); return _env.V(2); }
                    }

                    private class Base : IAsyncDisposable
                    {
                        protected readonly Env Env;
                        public Base(Env env) => Env = env;
                        ValueTask IAsyncDisposable.DisposeAsync() { Env.Log("base interface"); return Env.V(3); }
                    }

                    private sealed class Derived : Base
                    {
                        public Derived(Env env) : base(env) { }
                        internal ValueTask DisposeAsync() { Env.Log("derived internal pattern"); return Env.V(4); }
                    }
                    """,
            },
        };
    }
}
