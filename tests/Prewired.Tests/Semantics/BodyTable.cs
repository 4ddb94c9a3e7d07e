using System.Collections.Generic;
using System.Linq;

namespace Prewired.Tests.Semantics
{
    /// <summary>
    /// The async bodies every differential test runs. Each is written once; <see cref="BodyCase.Source"/> compiles it as
    /// the original, the [FastPath] method and (Tail = true) the [TailAwait] method. Site numbers (env.T(k) ...) are what
    /// scenarios put into modes.
    /// </summary>
    public static class BodyTable
    {
        private const string StockPricesMembers = """
            private List<(string name, decimal price)>? _stockPricesCache;

            private async Task InitializeMapIfNeededAsync(Env env, int v)
            {
                if (_stockPricesCache != null)
                {
                    return;
                }

                if (v != 1) await env.T(0);
                _stockPricesCache = new List<(string name, decimal price)> { ("AAPL", 7.5m), ("MSFT", 42m) };
            }

            private decimal DoGetPriceFromCache(string name)
            {
                foreach (var kvp in _stockPricesCache!)
                {
                    if (kvp.name == name)
                    {
                        return kvp.price;
                    }
                }

                throw new InvalidOperationException($"Can't find price for '{name}'.");
            }
            """;

        private const string AsyncGet = """
            private static async Task<int> Get(Env env, int site, int value) => await env.TR(site, value);
            """;

        public static IReadOnlyList<BodyCase> All { get; } = new List<BodyCase>
        {
            // ---- the blog's shape ----------------------------------------------------------------------------------
            new("B01_GetStockPriceForAsync", "Task<decimal>", """
                {
                    await InitializeMapIfNeededAsync(env, v);
                    return DoGetPriceFromCache(v == 2 ? "NOPE" : "MSFT");
                }
                """) { Members = StockPricesMembers, Variants = new[] { 0, 1, 2 }, ExpectGuard = false },

            new("B02_GetStockPriceForAsync_ValueTask", "ValueTask<decimal>", """
                {
                    await InitializeMapIfNeededAsync(env, v);
                    return DoGetPriceFromCache(v == 2 ? "NOPE" : "MSFT");
                }
                """) { Members = StockPricesMembers, Variants = new[] { 0, 1, 2 }, ExpectGuard = false },

            // ---- several awaits, locals across awaits ----------------------------------------------------------------
            new("B03_TwoAwaits_TaskOfInt", "Task<int>", """
                {
                    env.Log("start");
                    var a = await env.TR(0, 10);
                    env.Log("a=" + a);
                    var b = await env.TR(1, 20);
                    env.Log("b=" + b);
                    return a + b;
                }
                """),

            new("B04_ThreeAwaits_MixedKinds", "ValueTask<int>", """
                {
                    int x = v + 1;
                    var a = await env.VR(0, 3);
                    x *= a;
                    await env.T(1);
                    env.Log("x=" + x);
                    var s = await env.TR(2, "s");
                    return x + s.Length;
                }
                """) { Variants = new[] { 0, 4 } },

            new("B05_FourAwaits_AllKinds", "Task<string>", """
                {
                    var text = "";
                    await env.V(0);
                    text += "a";
                    var n = await env.VR(1, 2);
                    text += n;
                    await env.T(2);
                    text += "c";
                    var t = await env.TR(3, "d");
                    env.Log(text + t);
                    return text + t;
                }
                """),

            new("B06_IfElse_AssignAcrossBranches", "Task<int>", """
                {
                    int r;
                    if (v == 0)
                    {
                        env.Log("then");
                        r = await env.TR(0, 1);
                        env.Log("then after " + r);
                    }
                    else
                    {
                        env.Log("else");
                        var t = await env.TR(1, 2);
                        r = t + 100;
                    }

                    env.Log("r=" + r);
                    return r;
                }
                """) { Variants = new[] { 0, 1 } },

            new("B07_ElseIfChain_TaskVoid", "Task", """
                {
                    if (v == 0) await env.T(0);
                    else if (v == 1)
                    {
                        env.Log("one");
                        await env.V(1);
                        env.Log("one after");
                    }
                    else
                    {
                        await env.T(2);
                    }

                    env.Log("end");
                }
                """) { Variants = new[] { 0, 1, 2 } },

            new("B08_SwitchSections_BreakAndReturn", "Task<int>", """
                {
                    int acc = 5;
                    switch (v)
                    {
                        case 0:
                            var a = await env.TR(0, 1);
                            acc += a;
                            break;
                        case 1:
                        case 2:
                            env.Log("case 1/2");
                            await env.V(1);
                            acc *= 2;
                            if (v == 2) break;
                            acc += 1000;
                            break;
                        default:
                            return await env.TR(2, -1);
                    }

                    env.Log("acc=" + acc);
                    var b = await env.VR(3, 7);
                    return acc + b;
                }
                """) { Variants = new[] { 0, 1, 2, 3 } },

            new("B09_SwitchPatterns_WhenClauses", "ValueTask<string>", """
                {
                    object o = v switch { 0 => 42, 1 => "str", _ => 3.5 };
                    switch (o)
                    {
                        case int i when i > 40:
                            await env.T(0);
                            env.Log("int " + i);
                            return "int:" + i;
                        case string s:
                            var t = await env.TR(1, "!");
                            return s + t;
                        default:
                            await env.V(2);
                            break;
                    }

                    return "other";
                }
                """) { Variants = new[] { 0, 1, 2 } },

            new("B10_ManyLocalsAcrossAwaits", "Task<string>", """
                {
                    var list = new List<int> { v };
                    string name = "n" + v;
                    long big = 1L << 40;
                    var tuple = (A: 1, B: "b");
                    await env.T(0);
                    list.Add(2);
                    var got = await env.TR(1, 3);
                    list.Add(got);
                    big += got;
                    tuple.A += got;
                    await env.V(2);
                    env.Log(name + " " + big + " " + tuple.A + tuple.B + " " + string.Join(",", list));
                    return name + big + tuple.A + list.Count;
                }
                """),

            new("B11_ParameterMutatedAcrossAwaits", "Task<int>", """
                {
                    v += 10;
                    await env.T(0);
                    v *= 2;
                    env.Log("v=" + v);
                    var k = await env.TR(1, v);
                    v -= k / 2;
                    return v;
                }
                """) { Variants = new[] { 0, 3 } },

            // ---- ConfigureAwait, Task.Yield --------------------------------------------------------------------------
            new("B12_ConfigureAwaitFalseThenTrue", "Task<int>", """
                {
                    env.Log("before");
                    var a = await env.TR(0, 1).ConfigureAwait(false);
                    env.Log("after false");
                    var b = await env.TR(1, 2).ConfigureAwait(true);
                    env.Log("after true");
                    await env.V(2).ConfigureAwait(false);
                    env.Log("after vt false");
                    return a + b;
                }
                """),

            new("B13_ConfigureAwaitMixed_ValueTaskVoid", "ValueTask", """
                {
                    await env.VR(0, 1).ConfigureAwait(true);
                    env.Log("1");
                    await env.T(1).ConfigureAwait(false);
                    env.Log("2");
                    await env.V(2);
                    env.Log("3");
                }
                """),

            new("B14_TaskYield", "Task<int>", """
                {
                    env.Log("before yield");
                    await Task.Yield();
                    env.Log("after yield");
                    var x = await env.TR(0, 4);
                    await Task.Yield();
                    env.Log("after second yield " + x);
                    return x;
                }
                """),

            new("B15_ConfigureAwaitFalseThenYield", "Task", """
                {
                    var a = await env.TR(0, 2).ConfigureAwait(false);
                    await Task.Yield();
                    env.Log("a=" + a);
                }
                """),

            new("B16_ConfigureAwaitOptions_SuppressThrowing", "Task", """
                {
                    await env.T(0).ConfigureAwait(ConfigureAwaitOptions.SuppressThrowing);
                    env.Log("after suppressed");
                    await env.T(1);
                    env.Log("end");
                }
                """),

            new("B17_ConfigureAwaitOptions_ForceYielding", "ValueTask<int>", """
                {
                    await env.T(0).ConfigureAwait(ConfigureAwaitOptions.ForceYielding | ConfigureAwaitOptions.ContinueOnCapturedContext);
                    env.Log("after forced yield");
                    var b = await env.VR(1, 5);
                    return b;
                }
                """) { RacesWithThreadPool = true },

            // ---- synchronous throws --------------------------------------------------------------------------------
            new("B18_ThrowBeforeFirstAwait", "Task<int>", """
                {
                    env.Log("start");
                    if (v == 1) throw env.Ioe("sync before await");
                    if (v == 2) throw env.Oce("oce before await");
                    var a = await env.TR(0, 1);
                    return a;
                }
                """) { Variants = new[] { 0, 1, 2 } },

            new("B19_ThrowAfterAwaits_ValueTaskOfT", "ValueTask<int>", """
                {
                    var a = await env.VR(0, 1);
                    env.Log("after 0");
                    if (v == 1) throw env.Ioe("after first await");
                    if (v == 2) throw env.Oce("oce after first await");
                    await env.T(1);
                    if (v == 3) throw new OperationCanceledException("fresh oce", env.Token);
                    return a;
                }
                """) { Variants = new[] { 0, 1, 2, 3 } },

            new("B20_ThrowBetweenAwaits_TaskVoid", "Task", """
                {
                    await env.T(0);
                    if (v == 1) throw new InvalidOperationException("new ioe " + v);
                    await env.V(1);
                    if (v == 2) throw new OperationCanceledException("new oce");
                    env.Log("done");
                }
                """) { Variants = new[] { 0, 1, 2 } },

            new("B21_OceNeverCanceledToken_ValueTaskVoid", "ValueTask", """
                {
                    env.Token.ThrowIfCancellationRequested();
                    if (v == 0) throw new OperationCanceledException(env.Token);
                    await env.V(0);
                    if (v == 1) throw env.Oce("after await");
                }
                """) { Variants = new[] { 0, 1, 2 } },

            // ---- tail-await-only bodies ----------------------------------------------------------------------------
            new("B22_Tail_ReturnTaskOfT_Branches", "Task<int>", """
                {
                    env.Log("tail " + v);
                    if (v == 1) return await env.TR(0, 1);
                    return await env.TR(1, 2);
                }
                """) { Tail = true, Variants = new[] { 0, 1 } },

            new("B23_Tail_Arrow_ValueTaskOfT", "ValueTask<int>", """
                => await env.VR(0, 5);
                """) { Tail = true },

            new("B24_Tail_FinalAwait_TaskVoid", "Task", """
                {
                    env.Log("before");
                    await env.T(0);
                }
                """) { Tail = true },

            new("B25_Tail_FinalAwaitOfValueTaskOfT_InTask", "Task", """
                {
                    env.Log("x");
                    await env.VR(0, 9);
                }
                """) { Tail = true },

            new("B26_Tail_TaskOfT_InValueTaskOfT_WithGuardThrow", "ValueTask<string>", """
                {
                    if (v == 1) throw env.Ioe("guard");
                    if (v == 2) throw env.Oce("guard oce");
                    return await env.TR(0, "r");
                }
                """) { Tail = true, Variants = new[] { 0, 1, 2 } },

            new("B27_Tail_ValueTask_InTask_ConfigureAwaitFalse", "Task", """
                {
                    await env.V(0).ConfigureAwait(false);
                }
                """) { Tail = true },

            new("B28_Tail_SwitchBranches", "Task<string>", """
                {
                    switch (v)
                    {
                        case 0:
                            return await env.TR(0, "zero");
                        case 1:
                            env.Log("one");
                            return await env.TR(1, "one").ConfigureAwait(false);
                        default:
                            if (v > 5) throw env.Oce("never");
                            return await env.TR(2, "many");
                    }
                }
                """) { Tail = true, Variants = new[] { 0, 1, 2, 6 } },

            new("B29_Tail_IfElse_ValueTaskVoid", "ValueTask", """
                {
                    if (v == 0)
                    {
                        await env.T(0);
                        return;
                    }
                    else if (v == 1)
                    {
                        env.Log("v1");
                        await env.V(1);
                    }
                    else
                    {
                        throw new OperationCanceledException("sync oce in tail", env.Token);
                    }
                }
                """) { Tail = true, Variants = new[] { 0, 1, 2 } },

            new("B30_Tail_SetsFlowBeforeTailAwait", "Task<int>", """
                {
                    Env.Flow.Value = "tail-body";
                    env.Log("set");
                    return await env.TR(0, 3);
                }
                """) { Tail = true },

            new("B31_Tail_InstallsBodyContextBeforeTailAwait", "Task", """
                {
                    SynchronizationContext.SetSynchronizationContext(env.BodyContext);
                    env.Log("installed body ctx");
                    await env.T(0);
                }
                """) { Tail = true },

            new("B32_Tail_ValueTaskOfT_ConfigureAwaitTrue", "ValueTask<long>", """
                {
                    env.Log("v=" + v);
                    return await env.VR(0, 40L + v).ConfigureAwait(true);
                }
                """) { Tail = true, Variants = new[] { 0, 2 } },

            new("B33_Tail_StaticTaskOfT_AsyncHelperNoGuard", "Task<int>", """
                {
                    if (v == 1) return await Get(env, 0, 11);
                    return await Get(env, 1, 12);
                }
                """) { Tail = true, Static = true, Members = AsyncGet, Variants = new[] { 0, 1 }, ExpectGuard = false, HelperSites = "0:T,1:T", TailAwaitsSiteDirectly = false },

            // ---- AsyncLocal and SynchronizationContext changes in the synchronous part ----------------------------------
            new("B34_SetFlowAcrossAwaits", "Task<string>", """
                {
                    Env.Flow.Value = "body-" + v;
                    env.Log("sync part");
                    await env.T(0);
                    env.Log("after 0");
                    Env.Flow.Value = "changed-in-continuation";
                    var s = await env.TR(1, "x");
                    env.Log("after 1");
                    return s;
                }
                """),

            new("B35_SetFlowThroughEnvMethod", "ValueTask<int>", """
                {
                    env.SetFlow("via-env");
                    var a = await env.VR(0, 1);
                    env.Log("a");
                    return a;
                }
                """),

            new("B36_InstallBodyContext", "Task<int>", """
                {
                    SynchronizationContext.SetSynchronizationContext(env.BodyContext);
                    env.Log("installed");
                    var a = await env.TR(0, 1);
                    env.Log("after 0");
                    if (v == 1) SynchronizationContext.SetSynchronizationContext(null);
                    var b = await env.TR(1, 2);
                    env.Log("after 1");
                    return a + b;
                }
                """) { Variants = new[] { 0, 1 } },

            new("B37_ClearCallerContext", "Task", """
                {
                    SynchronizationContext.SetSynchronizationContext(null);
                    env.Log("cleared");
                    await env.T(0);
                    env.Log("after");
                }
                """),

            new("B38_SuppressFlow", "Task", """
                {
                    ExecutionContext.SuppressFlow();
                    env.Log("suppressed");
                    await env.T(0);
                    env.Log("after");
                }
                """),

            new("B39_ContextAndFlowThenThrow", "Task", """
                {
                    SynchronizationContext.SetSynchronizationContext(env.BodyContext);
                    Env.Flow.Value = "before-throw";
                    if (v == 2) throw env.Ioe("sync throw after context change");
                    await env.T(0);
                    env.Log("after");
                    if (v == 1) throw env.Oce("async oce after context change");
                }
                """) { Variants = new[] { 0, 1, 2 } },

            // ---- no guard needed: only async helpers, reads and operators ------------------------------------------------
            new("B40_NoGuard_AsyncHelpersOnly", "ValueTask<int>", """
                {
                    var a = await Step(env, 0, 5);
                    await Touch(env, 1);
                    var b = await Step(env, 2, a * 2);
                    return a + b;
                }
                """)
            {
                Members = """
                    private static async Task<int> Step(Env env, int site, int value)
                    {
                        var r = await env.TR(site, value);
                        env.Log("step " + site);
                        return r;
                    }

                    private static async ValueTask Touch(Env env, int site)
                    {
                        await env.V(site);
                        env.Log("touch " + site);
                    }
                    """,
                ExpectGuard = false,
                HelperSites = "0:T,1:V,2:T",
            },

            new("B41_NoGuard_AsyncHelperChangesFlowItself", "Task<int>", """
                {
                    var x = await SetAndGet(env);
                    return x + 1;
                }
                """)
            {
                Members = """
                    private static async Task<int> SetAndGet(Env env)
                    {
                        Env.Flow.Value = "inner";
                        SynchronizationContext.SetSynchronizationContext(env.BodyContext);
                        env.Log("inner set");
                        return await env.TR(0, 1);
                    }
                    """,
                ExpectGuard = false,
            },

            // ---- context changes the static guard analysis must see -----------------------------------------------------
            new("B42_FlowChangedInDeconstruct", "Task<int>", """
                {
                    var (a, b) = new Pair(1, 2);
                    var c = await Get(env, 0, a + b);
                    return c;
                }
                """)
            {
                HelperSites = "0:T",
                Members = AsyncGet + """

                    private sealed class Pair
                    {
                        private readonly int _a;
                        private readonly int _b;

                        public Pair(int a, int b)
                        {
                            _a = a;
                            _b = b;
                        }

                        public void Deconstruct(out int a, out int b)
                        {
                            Env.Flow.Value = "set-by-deconstruct";
                            a = _a;
                            b = _b;
                        }
                    }
                    """,
            },

            new("B43_FlowChangedInPropertySetterViaIncrement", "Task<int>", """
                {
                    var c = new Counter();
                    c.Value++;
                    var r = await Get(env, 0, c.Value);
                    return r;
                }
                """)
            {
                HelperSites = "0:T",
                Members = AsyncGet + """

                    private sealed class Counter
                    {
                        private int _value;

                        public Counter()
                        {
                        }

                        public int Value
                        {
                            get => _value;
                            set
                            {
                                _value = value;
                                Env.Flow.Value = "set-by-setter";
                            }
                        }
                    }
                    """,
            },

            new("B44_FlowChangedInPropertyGetterViaCompoundAssignment", "ValueTask<int>", """
                {
                    var box = new Box();
                    box.Value += 1;
                    var r = await Get(env, 0, 7);
                    return r + v;
                }
                """)
            {
                HelperSites = "0:T",
                Members = AsyncGet + """

                    private sealed class Box
                    {
                        private int _value;

                        public Box()
                        {
                        }

                        public int Value
                        {
                            get
                            {
                                Env.Flow.Value = "set-by-getter";
                                return _value;
                            }
                            set => _value = value;
                        }
                    }
                    """,
            },

            new("B45_FlowChangedInBaseConstructor_NeedsGuard", "Task<int>", """
                {
                    var d = new Derived();
                    var r = await Get(env, 0, d.Id);
                    return r;
                }
                """)
            {
                HelperSites = "0:T",
                ExpectGuard = true,
                Members = AsyncGet + """

                    private class BaseWithEffect
                    {
                        public BaseWithEffect()
                        {
                            Env.Flow.Value = "set-by-base-constructor";
                        }
                    }

                    private sealed class Derived : BaseWithEffect
                    {
                        public Derived() : base()
                        {
                        }

                        public int Id => 3;
                    }
                    """,
            },

            new("B46_FlowChangedInFieldInitializer_NeedsGuard", "Task<int>", """
                {
                    var w = new WithInitializer();
                    var r = await Get(env, 0, w.Id);
                    return r;
                }
                """)
            {
                HelperSites = "0:T",
                ExpectGuard = true,
                Members = AsyncGet + """

                    private sealed class WithInitializer
                    {
                        private readonly int _id = Touch();

                        public WithInitializer()
                        {
                        }

                        public int Id => _id;

                        private static int Touch()
                        {
                            Env.Flow.Value = "set-by-field-initializer";
                            return 4;
                        }
                    }
                    """,
            },

            new("B47_FlowChangedInRecordEquals", "Task<int>", """
                {
                    var same = new Rec(1) == new Rec(1);
                    var r = await Get(env, 0, same ? 1 : 0);
                    return r;
                }
                """)
            {
                HelperSites = "0:T",
                Members = AsyncGet + """

                    private sealed record Rec(int X)
                    {
                        public bool Equals(Rec? other)
                        {
                            Env.Flow.Value = "set-by-record-equals";
                            return other is not null && X == other.X;
                        }

                        public override int GetHashCode() => X;
                    }
                    """,
            },

            new("B48_FlowChangedInRecordCopyConstructor", "Task<int>", """
                {
                    var r2 = new Rec2() with { X = 5 };
                    var r = await Get(env, 0, r2.X);
                    return r;
                }
                """)
            {
                HelperSites = "0:T",
                Members = AsyncGet + """

                    private record Rec2
                    {
                        public Rec2()
                        {
                        }

                        protected Rec2(Rec2 original)
                        {
                            Env.Flow.Value = "set-by-copy-constructor";
                            X = original.X;
                        }

                        public int X { get; init; }
                    }
                    """,
            },

            new("B49_FlowChangedInSetterViaTupleAssignment", "Task<int>", """
                {
                    var h = new Holder();
                    (h.P, h.Q) = (1, 2);
                    var r = await Get(env, 0, h.Q);
                    return r;
                }
                """)
            {
                HelperSites = "0:T",
                Members = AsyncGet + """

                    private sealed class Holder
                    {
                        private int _p;

                        public Holder()
                        {
                        }

                        public int P
                        {
                            get => _p;
                            set
                            {
                                _p = value;
                                Env.Flow.Value = "set-by-tuple-assignment";
                            }
                        }

                        public int Q { get; set; }
                    }
                    """,
            },

            new("B50_FlowChangedInIndexerViaIndexFromEnd", "Task<int>", """
                {
                    var items = new Items();
                    var last = items[^1];
                    var r = await Get(env, 0, last);
                    return r;
                }
                """)
            {
                HelperSites = "0:T",
                Members = AsyncGet + """

                    private sealed class Items
                    {
                        public Items()
                        {
                        }

                        public int Count => 3;

                        public int this[int index]
                        {
                            get
                            {
                                Env.Flow.Value = "set-by-indexer";
                                return index * 10;
                            }
                        }
                    }
                    """,
            },

            new("B76_StaticConstructorChangesFlow_NeedsGuard", "Task<int>", """
                {
                    var limit = Settings.Limit;
                    var r = await Get(env, 0, limit);
                    return r;
                }
                """)
            {
                HelperSites = "0:T",
                ExpectGuard = true,
                Members = AsyncGet + """

                    private static class Settings
                    {
                        public static readonly int Limit;

                        static Settings()
                        {
                            Env.Flow.Value = "set-by-static-constructor";
                            Limit = 5;
                        }
                    }
                    """,
            },

            // ---- live state edge cases -------------------------------------------------------------------------------
            new("B51_TwoTasksStartedThenAwaitedOutOfOrder", "Task<int>", """
                {
                    var first = env.TR(0, 1);
                    var second = env.VR(1, 2);
                    env.Log("both started");
                    var b = await second;
                    env.Log("second done");
                    var a = await first;
                    return a * 10 + b;
                }
                """),

            new("B52_WhenAll", "Task<int>", """
                {
                    var results = await Task.WhenAll(env.TR(0, 1), env.TR(1, 2));
                    env.Log("count=" + results.Length);
                    return results[0] + results[1];
                }
                """),

            new("B53_LambdaCapturesLocalChangedAfterAwait", "Task<int>", """
                {
                    int count = v;
                    Func<int> read = () => count;
                    await env.T(0);
                    count += 5;
                    env.Log("read=" + read());
                    return read();
                }
                """), // split since issue 20: count lives in one shared object, as in the compiler's display class

            new("B54_LambdaCapturesParameterAssignedByAwait", "ValueTask<int>", """
                {
                    Func<int> get = () => v;
                    v = await env.VR(0, 42);
                    env.Log("get=" + get());
                    return get();
                }
                """) { ExpectSplit = false },

            new("B55_ConstLocalUsedAfterAwait", "Task<int>", """
                {
                    const int K = 7;
                    var a = await env.TR(0, 1);
                    return a + K;
                }
                """),

            new("B56_SiblingBlocksReuseLocalName", "Task", """
                {
                    {
                        var t = 1 + v;
                        await env.T(0);
                        env.Log("first t=" + t);
                    }
                    {
                        var t = 2 + v;
                        env.Log("second t=" + t);
                    }
                }
                """),

            new("B57_PatternVariableAcrossAwait", "Task<string>", """
                {
                    object o = v == 0 ? "text" : (object)v;
                    if (o is string s && s.Length > 2)
                    {
                        await env.T(0);
                        return s.ToUpperInvariant();
                    }

                    var n = await env.TR(1, 1);
                    return (n + v).ToString();
                }
                """) { Variants = new[] { 0, 1 } },

            // Issue 35 point 1: the common guard shapes of pattern variables live across awaits: a negated pattern that
            // returns, a variable read after two awaits of its block, a property pattern with a designation.
            new("B105_PatternVariableGuardsAcrossSeveralAwaits", "Task<string>", """
                {
                    object o = v == 0 ? "text" : v == 1 ? "longer text" : (object)v;
                    if (o is not string s) return "none";
                    await env.T(0);
                    var trail = s;
                    if (o is string t)
                    {
                        await env.T(1);
                        await env.T(2);
                        trail += "|" + t.Length;
                    }

                    if (o is string { Length: > 5 } u && u.Length < 20)
                    {
                        trail += "|" + await env.TR(3, u.Length);
                        env.Log(u);
                    }

                    return trail;
                }
                """) { Variants = new[] { 0, 1, 2 } },

            new("B58_AwaitResultAssignedToField", "Task<int>", """
                {
                    _field = await env.TR(0, 5);
                    this._field += 1;
                    await env.T(1);
                    env.Log("field=" + _field);
                    _ = await env.TR(2, 99);
                    return _field;
                }
                """) { Members = "private int _field;" },

            new("B59_StaticBody_MixedConfigureAwait", "ValueTask<int>", """
                {
                    var a = await env.VR(0, 2);
                    var b = await env.TR(1, 3).ConfigureAwait(false);
                    return a * b;
                }
                """) { Static = true },

            // ---- builder-cached results ------------------------------------------------------------------------------
            new("B60_TaskOfBool_CachedResults", "Task<bool>", """
                {
                    await env.T(0);
                    return v == 0;
                }
                """) { Variants = new[] { 0, 1 } },

            new("B61_TaskOfInt_CacheBoundaries", "Task<int>", """
                {
                    var a = await env.TR(0, v);
                    return a;
                }
                """) { Variants = new[] { -2, -1, 0, 8, 9, 300 } },

            new("B62_TaskOfNullableString_NullResult", "Task<string?>", """
                {
                    await env.V(0);
                    return v == 0 ? null : "x";
                }
                """) { Variants = new[] { 0, 1 } },

            new("B63_TaskVoid_NoAwaitsTaken", "Task", """
                {
                    if (v == 0)
                    {
                        env.Log("no await");
                        return;
                    }

                    await env.T(0);
                }
                """) { Tail = true, Variants = new[] { 0, 1 } },

            // ---- more shapes: no awaits, conversions, nested statements, switch scoping ---------------------------------
            new("B66_NoAwaitsAtAll_ThrowsSynchronously", "Task<int>", """
                {
                    env.Log("no awaits");
                    if (v == 1) throw env.Oce("oce without awaits");
                    if (v == 2) throw env.Ioe("ioe without awaits");
                    return v;
                }
                """) { Tail = true, Variants = new[] { 0, 1, 2 } },

            new("B67_Tail_SwitchMixedSections", "Task", """
                {
                    switch (v)
                    {
                        case 0:
                            await env.T(0);
                            break;
                        case 1:
                            env.Log("one");
                            break;
                        default:
                            if (v > 5)
                            {
                                await env.V(1);
                                return;
                            }

                            env.Log("small");
                            break;
                    }
                }
                """) { Tail = true, Variants = new[] { 0, 1, 2, 6 } },

            new("B68_Tail_IfWithoutAwaitInElse", "ValueTask", """
                {
                    if (v == 0)
                    {
                        await env.T(0);
                    }
                    else
                    {
                        env.Log("else");
                    }
                }
                """) { Tail = true, Variants = new[] { 0, 1 } },

            new("B69_ConversionsOnDeclareAssignAndReturn", "Task<long>", """
                {
                    long l = await env.TR(0, 5);
                    object o = await env.VR(1, 6);
                    env.Log("l=" + l + " o=" + o);
                    if (v == 1) return await env.TR(2, 7);
                    return l + (int)o;
                }
                """) { Variants = new[] { 0, 1 } },

            new("B70_NestedSwitchInSwitch", "Task<int>", """
                {
                    int r = 0;
                    switch (v % 2)
                    {
                        case 0:
                            switch (v)
                            {
                                case 0:
                                    r = await env.TR(0, 1);
                                    break;
                                default:
                                    await env.V(1);
                                    r = 2;
                                    break;
                            }

                            env.Log("inner done " + r);
                            break;
                        default:
                            r = await env.TR(2, 3);
                            break;
                    }

                    env.Log("outer done " + r);
                    return r;
                }
                """) { Variants = new[] { 0, 1, 2 } },

            new("B71_BreakInsideIfBlockAfterAwait", "Task<string>", """
                {
                    var trail = "";
                    switch (v)
                    {
                        case 0:
                        case 1:
                            if (v == 0)
                            {
                                await env.T(0);
                                trail += "awaited";
                                break;
                            }

                            trail += "not zero";
                            break;
                        default:
                            trail += "default";
                            break;
                    }

                    env.Log(trail);
                    return trail;
                }
                """) { Variants = new[] { 0, 1, 2 } },

            new("B72_SwitchSectionsShareALocal", "Task<int>", """
                {
                    switch (v)
                    {
                        case 0:
                            int t = 10;
                            env.Log("t=" + t);
                            break;
                        default:
                            t = await env.TR(0, 20);
                            env.Log("t=" + t);
                            break;
                    }

                    return v;
                }
                """) { Variants = new[] { 0, 1 } },

            new("B73_OutVariableAcrossAwait", "ValueTask<int>", """
                {
                    if (!int.TryParse("4" + v, out var n)) n = -1;
                    await env.T(0);
                    env.Log("n=" + n);
                    return n;
                }
                """),

            new("B74_Tail_ArrowTaskVoid", "Task", """
                => await env.T(0);
                """) { Tail = true },

            new("B75_DeeplyNestedBlocksWithCodeAfterEachLevel", "Task<string>", """
                {
                    var trail = "s";
                    if (v >= 0)
                    {
                        trail += "a";
                        if (v >= 1)
                        {
                            trail += "b";
                            {
                                var inner = await env.TR(0, "c");
                                trail += inner;
                            }

                            trail += "d";
                        }

                        trail += "e";
                    }

                    trail += "f";
                    await env.V(1);
                    env.Log(trail);
                    return trail;
                }
                """) { Variants = new[] { -1, 0, 1 } },

            new("B77_SwitchInsideIfWithCodeAfter", "Task<int>", """
                {
                    var r = 1;
                    if (v >= 0)
                    {
                        switch (v)
                        {
                            case 0:
                                var t = await env.TR(0, 10);
                                r += t;
                                break;
                            case 1:
                                await env.V(1);
                                r += 100;
                                break;
                        }

                        r *= 2;
                    }

                    env.Log("r=" + r);
                    return r;
                }
                """) { Variants = new[] { -1, 0, 1, 2 } },

            new("B78_MultiLineStringLiteralsAcrossAwait", "Task<string>", """"
                {
                    var before = @"line one
                  indented line two";
                    await env.T(0);
                    var after = @"line three
                    line four";
                    var raw = """
                        raw a
                          raw b
                        """;
                    env.Log(before.Length + "/" + after.Length + "/" + raw.Length);
                    return before + "|" + after + "|" + raw;
                }
                """"),

            new("B79_Tail_ValueTaskOfNullableString_ReturnsNullLiteral", "ValueTask<string?>", """
                {
                    if (v == 1) return null;
                    return await env.VR(0, (string?)"x");
                }
                """) { Tail = true, Variants = new[] { 0, 1 } },

            new("B80_ValueTaskOfInt_ReturnsDefaultLiteral", "ValueTask<int>", """
                {
                    await env.V(0);
                    if (v == 1) return 3;
                    return default;
                }
                """) { Variants = new[] { 0, 1 } },

            new("B81_ValueTaskOfList_ReturnsTargetTypedNew", "ValueTask<List<int>>", """
                {
                    var n = await env.VR(0, 3);
                    if (n > 100) return new();
                    return new List<int> { n, v };
                }
                """),

            new("B82_Tail_TaskOfNullableString_AwaitsTaskOfString", "Task<string?>", """
                {
                    env.Log("v=" + v);
                    return await env.TR(0, "s");
                }
                """) { Tail = true },

            new("B83_AsyncLambdaDeclaredBeforeSplitAwait", "Task<int>", """
                {
                    Func<Task<int>> later = async () => await env.TR(1, 2);
                    await env.T(0);
                    env.Log("between");
                    return await later();
                }
                """),

            new("B84_Forwarded_AnonymousTypeAcrossAwait", "Task<int>", """
                {
                    var anon = new { A = v, B = "b" };
                    await env.T(0);
                    return anon.A + anon.B.Length;
                }
                """) { ExpectSplit = false },

            new("B85_CustomAwaitable_PatternCallsOncePerAwait", "Task<int>", """
                {
                    var a = await env.C(0, 5);
                    env.Log("a=" + a);
                    var b = await env.TR(1, 6);
                    return a + b;
                }
                """),

            // A custom awaitable in the one continuation: handed over once, then awaited again on later passes of its loop
            // (each pass asks GetAwaiter and IsCompleted once, as the async method does).
            new("B89_CustomAwaitable_InLoopAfterAnotherAwait", "Task<int>", """
                {
                    var total = await env.TR(0, 1);
                    for (var i = 0; i < 3; i++)
                    {
                        total += await env.C(1, i + 2);
                        env.Log("i=" + i + " total=" + total);
                    }
                    return total + await env.C(2, 10);
                }
                """),

            // Pattern variables live across an await in the one continuation (issue 19; a continuation per await before): the
            // pattern, evaluated again on a later pass (a loop's condition), assigns the continuation's parameter.
            new("B90_PatternVariablesLiveInLoopConditionAndNegated", "Task<int>", """
                {
                    var total = 0;
                    var items = new object[] { "ab", 3, "cde", 4.5, "f" };
                    var i = 0;
                    while (i < items.Length && items[i] is string s)
                    {
                        await env.T(0);
                        total += s.Length;
                        env.Log("s=" + s);
                        i++;
                    }

                    object o = v == 0 ? (object)7 : "no";
                    if (o is not int n) return -total;
                    await env.T(1);
                    total += n;
                    if (items[1] is int m and > 2 && m < 10)
                    {
                        total += await env.TR(2, m);
                        env.Log("m=" + m);
                    }

                    return total;
                }
                """) { Variants = new[] { 0, 1 } },

            // A recursive pattern's variables (property and positional) live across awaits, and a pattern in a for condition.
            new("B91_RecursivePatternVariablesLive", "Task<string>", """
                {
                    object p = v == 0 ? "plain" : (object)v;
                    var pair = (v + 3, "x");
                    var log = "";
                    if (pair is (var count, string text) { Item1: > 3 })
                    {
                        for (var k = 0; k < count && text is { Length: var length }; k++)
                        {
                            log += await env.TR(0, text) + length + k;
                        }

                        return log + count;
                    }

                    if (p is string { Length: var size } plain)
                    {
                        await env.T(1);
                        return plain + size;
                    }

                    return "none";
                }
                """) { Variants = new[] { 0, 1 } },

            // Deconstructions declaring live state: all live, partly live (the rest declared in place), nested with a discard.
            new("B92_DeconstructionsDeclaringLiveState", "Task<int>", """
                {
                    var (a, b) = (v + 1, "bb");
                    await env.T(0);
                    var total = a + b.Length;
                    for (var i = 0; i < 2; i++)
                    {
                        var (x, (y, _), z) = (i, (i * 10, "ignored"), i + v);
                        total += x + z;
                        total += await env.TR(1, y);
                        env.Log("y=" + y + " x=" + x);
                    }

                    var (c, d) = (a * 2, total);
                    total += await env.TR(2, c);
                    return total + c + d;
                }
                """) { Variants = new[] { 0, 2 } },

            // Issue 19: a switch after an await, with a kept section and moved ones: a live pattern variable (d, renamed in
            // its label), one that is not live (w), a section's local another section assigns (shared).
            new("B93_SwitchAfterAwait_LabelVariablesAndSharedLocal", "Task<int>", """
                {
                    var trail = "s" + await env.TR(0, v);
                    object o = v == 0 ? 41 : v == 1 ? "word" : v == 2 ? 7L : v == 3 ? 2.5 : 0.5;
                    switch (o)
                    {
                        case int n when n > trail.Length:
                            int shared = n;
                            trail += "i" + shared;
                            break;
                        case string w:
                            trail += w.Length;
                            shared = await env.TR(1, 3);
                            trail += "s" + shared + w;
                            break;
                        case long:
                            shared = await env.TR(2, 4);
                            trail += "l" + shared;
                            break;
                        case double d when d > 1:
                            var got = await env.TR(3, "d");
                            env.Log("d=" + (d * 2));
                            return got.Length + (int)d;
                        default:
                            trail += "none";
                            break;
                    }

                    await env.T(4);
                    return trail.Length;
                }
                """) { Variants = new[] { 0, 1, 2, 3, 4 } },

            // ---- lambdas, local functions and queries printed in the continuation: a state machine when they capture none of
            // its fields (a struct's method cannot, CS1673), the async continuation otherwise ----------------------------------
            new("B94_StaticLambdaAfterAwait", "Task<int>", """
                {
                    var a = await env.TR(0, v + 1);
                    Func<int, int> twice = static x => x * 2;
                    env.Log("twice=" + twice(a));
                    var b = await env.TR(1, 3);
                    return twice(a) + b;
                }
                """) { Variants = new[] { 0, 2 } },

            new("B95_LambdaCapturesOnlyALocalNoAwaitOutlives", "Task<int>", """
                {
                    var a = await env.TR(0, v + 1);
                    var k = a + 1;
                    Func<int> triple = () => k * 3;
                    env.Log("triple=" + triple());
                    return triple() + await env.TR(1, 2);
                }
                """),

            new("B96_LambdaCapturesLocalLiveAcrossALaterAwait", "Task<int>", """
                {
                    var a = await env.TR(0, v + 1);
                    Func<int> read = () => a;
                    var b = await env.TR(1, 2);
                    a += b;
                    env.Log("read=" + read());
                    return read() + b;
                }
                """),

            new("B97_LocalFunctionReadsAnInstanceFieldAfterAwait", "Task<int>", """
                {
                    var a = await env.TR(0, v + 1);
                    env.Log("a=" + a);
                    return Scaled(a) + await env.TR(1, 2);

                    int Scaled(int x) => x * _factor;
                }
                """) { Members = "private readonly int _factor = 4;" },

            new("B98_StaticLocalFunctionAndQueryAfterAwait", "Task<int>", """
                {
                    var items = await env.TR(0, new[] { 1, 2, 3 });
                    var doubled = (from x in items where x > 1 select x * 2).ToArray();
                    env.Log("doubled=" + string.Join(",", doubled));
                    return Sum(doubled) + await env.TR(1, 4);

                    static int Sum(int[] xs)
                    {
                        var s = 0;
                        foreach (var x in xs) s += x;
                        return s;
                    }
                }
                """) { FileUsings = "using System.Linq;" },

            // ---- primary constructor parameters read after an await: the state machine reads them through an accessor of the
            // type (a nested struct cannot name them); written or passed by ref, the async continuation ------------------------
            new("B99_PrimaryConstructorParametersReadAfterAwait", "Task<int>", """
                {
                    var a = await env.TR(0, v + factor);
                    env.Log("label=" + label + " a=" + a);
                    Func<int, int> scale = static x => x * 2;
                    var b = await env.TR(1, scale(factor));
                    return a + b + label!.Length + (int)day;
                }
                """) { PrimaryConstructor = "int factor, string? label, DayOfWeek day", PrimaryConstructorArguments = "3, \"lbl\", DayOfWeek.Tuesday", Variants = new[] { 0, 2 } },

            new("B100_PrimaryConstructorParameterWrittenAfterAwait", "Task<int>", """
                {
                    var a = await env.TR(0, v);
                    count += a;
                    env.Log("count=" + count);
                    await env.T(1);
                    return count;
                }
                """) { PrimaryConstructor = "int count", PrimaryConstructorArguments = "5" },

            // ---- base calls after an await: the state machine calls the base's implementation through an accessor of the
            // type; a call it cannot forward as written (named arguments) keeps the async continuation ----------------------
            new("B101_BaseCallsAfterAwait", "Task<int>", """
                {
                    var a = await env.TR(0, v);
                    var b = base.Scale(a, env) + await base.LoadAsync(env, 1);
                    env.Log("b=" + b);
                    return b + base.Scale(1, env) + Scale(1, env);
                }
                """)
            {
                BaseClass = "BaseForB101",
                HelperSites = "1:T",
                FileMembers = """
                    public class BaseForB101
                    {
                        public virtual int Scale(int x, Env env) { env.Log("base scale " + x); return x * 3; }
                        public virtual Task<int> LoadAsync(Env env, int site) => env.TR(site, 7);
                    }
                    """,
                Members = """
                    public override int Scale(int x, Env env) { env.Log("override scale " + x); return -x; }
                    public override Task<int> LoadAsync(Env env, int site) => Task.FromResult(-1);
                    """,
            },

            new("B102_BaseCallWithNamedArgumentsAfterAwait", "Task<int>", """
                {
                    var a = await env.TR(0, v);
                    return base.Scale(env: env, x: a);
                }
                """)
            {
                BaseClass = "BaseForB102",
                FileMembers = """
                    public class BaseForB102
                    {
                        public virtual int Scale(int x, Env env) { env.Log("base scale " + x); return x * 3; }
                    }
                    """,
                Members = "public override int Scale(int x, Env env) => -x;",
            },

            // A custom awaiter that is not an ICriticalNotifyCompletion, in a loop around try/catch: the state machine registers
            // with AwaitOnCompleted (the awaiter's OnCompleted, logged), as the compiler's does, and asks each awaiter once.
            new("B103_NotifyOnlyCustomAwaiterInLoopAndTry", "Task<int>", """
                {
                    var total = 0;
                    for (var i = 0; i < 2; i++)
                    {
                        try
                        {
                            total += await env.CN(i, i + 1);
                        }
                        catch (InvalidOperationException e)
                        {
                            env.Log("caught " + e.Message);
                            total += 100;
                        }
                    }

                    return total + await env.CN(2, 7);
                }
                """),

            // A base property read and written after awaits (the Roslyn compiler's own async tests, Property21): the state
            // machine reaches it through an accessor property of the type with a getter and a setter.
            new("B104_BasePropertyReadAndWrittenAfterAwait", "Task<int>", """
                {
                    var a = await env.TR(0, v);
                    base.Level += a;
                    env.Log("level=" + base.Level);
                    await env.T(1);
                    return base.Level * 10 + Level;
                }
                """)
            {
                BaseClass = "BaseForB104",
                FileMembers = """
                    public class BaseForB104
                    {
                        public virtual int Level { get; set; } = 2;
                    }
                    """,
                Members = "public override int Level { get => -1; set { } }",
            },

            new("B86_PartialDeclarationRenamesParameters", "Task<int>", """
                {
                    var x = v * 2;
                    var a = await env.TR(0, x);
                    env.Log("a=" + a);
                    return a + x;
                }
                """) { PartialParameters = "Env script, int x", Variants = new[] { 0, 3 } },

            new("B87_PartialDeclarationRenamesParameters_NoLocalClash", "ValueTask<int>", """
                {
                    v += 1;
                    var a = await env.VR(0, v);
                    env.Log("a=" + a + " v=" + v);
                    return a + v;
                }
                """) { PartialParameters = "Env script, int value", Variants = new[] { 0, 3 } },

            new("B88_NotifyingAsyncLocalAcrossAwaits", "Task<int>", """
                {
                    Env.Notified.Value = new Env.Tracked(env, "sync");
                    var a = await env.TR(0, 1);
                    Env.Notified.Value = new Env.Tracked(env, "after 0");
                    await env.V(1);
                    env.Log("end");
                    return a;
                }
                """),

            // ---- an await in a try (split since issue 9), and one the generator forwards (PW0201): still indistinguishable ---------------------------------------
            new("B64_AwaitInTry_CatchReturns", "Task<int>", """
                {
                    try
                    {
                        return await env.TR(0, 1);
                    }
                    catch (InvalidOperationException e)
                    {
                        env.Log("caught " + e.Message);
                        return -1;
                    }
                }
                """),

            new("B65_NestedAwaitExpressionBody", "Task<int>", """
                => await env.TR(0, 1) + await env.TR(1, 2);
                """),
        }.Concat(ConstructBodyTable.All).Concat(HiddenAwaitBodyTable.All).Concat(CleanCompileBodyTable.All).Concat(SpillBodyTable.All).Concat(StructuralShapeBodyTable.All).Concat(JumpBodyTable.All).Concat(ExpressionSpillBodyTable.All).Concat(OracleBodyTable.All).ToList();

        public static BodyCase Get(string name) => All.Single(b => b.Name == name);
    }
}
