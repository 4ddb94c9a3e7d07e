using System.Collections.Generic;
using Prewired.Tests.Semantics;

namespace Prewired.Tests.Reliability
{
    /// <summary>
    /// Every random body that ever found a bug, shrunk to a minimal one by <see cref="BodyShrinker"/> (or by hand from
    /// its output), with what it found. <see cref="RandomBodyTests.Bodies_that_found_bugs_stay_fixed"/> runs them all,
    /// exactly as the fuzzer does (compiled together, every check, every scenario).
    /// </summary>
    public static class RegressionBodies
    {
        private const string HelperAvr = """
            private static async ValueTask<TR> AVR<TR>(int site, TR value, string note, Env env)
            {
                env.Log("AVR " + note);
                try
                {
                    return await env.VR(site, value);
                }
                finally
                {
                    env.Log("AVR done");
                }
            }
            """;

        public static IReadOnlyList<BodyCase> All { get; } = new List<BodyCase>
        {
            // Npgsql's NpgsqlConnector.WriteSASLInitialResponse (eng/RealCode, issue 20 point 1): a variable declared
            // non-null that the body tests for null ('x?.Length') before an await is maybe-null to the flow analysis there;
            // the hand-off passed it to the continuation's non-null parameter: warning CS8604 in generated code only.
            new("G25_NullTestedNonNullVariableHandedOver", "Task<int>", """
                {
                    string text = v > 0 ? "abc" : "d";
                    var n = text?.Length ?? 0;
                    n += await env.TR(0, v);
                    return n + (text == null ? 0 : text.Length);
                }
                """)
            {
                Variants = new[] { 0, 2 },
            },

            // Seed 20240601 body 216 (cont3): when the continuation stopped receiving what it does not read, the finally
            // lowering's pending-return flag of an 'await using' declaration, set to a constant by the synchronous path and
            // read only by the hand-off, was no longer passed: warning CS0219 in generated code. Generated variables stay.
            new("R134d8d9_216_min", "Task<long>", """
                {
                    _f = (v);
                    await using var u0 = Fx.UseAsync(env, 0);
                    return (3L);
                }
                """)
            {
                Variants = new[] { 1 },
                HelperSites = "0:V",
                Members = """
                    private int _f;
                    """,
            },

            // Seed 20240601 body 87 (and 127, 350): [TailAwait] kept the 'return;' after an if/else whose branches end in
            // tail calls; in the generated method it follows two returns: warning CS0162 in generated code.
            new("G01_TailReturnAfterIfElseOfTailCalls", "ValueTask", """
                {
                    if (v == 3)
                    {
                        throw new OperationCanceledException("x2", env.Token);
                    }
                    else
                    {
                        await env.VR(0, 1);
                    }

                    return;
                }
                """) { Tail = true, Variants = new[] { 0, 3 } },

            // The same for a 'break;' after such an if/else in a switch section, and a 'return;' after that switch.
            new("G02_TailBreakAfterIfElseOfTailCallsInSwitch", "Task", """
                {
                    switch (v)
                    {
                        case 0:
                            if (v == 1)
                            {
                                await env.T(0);
                            }
                            else
                            {
                                await env.V(1);
                            }

                            break;
                        default:
                            await env.T(2);
                            break;
                    }

                    return;
                }
                """) { Tail = true, Variants = new[] { 0, 1 } },

            // Seed 777 body 656: a continuation declared a local the rest of the method only writes (a constant): warning
            // CS0219 in the generated Resume method, though the user's method reads the local on another path.
            new("G03_ContinuationLocalOnlyWrittenAfterTheAwait", "Task", """
                {
                    var s = await env.TR(0, "a");
                    env.Log("s=" + s);
                    await env.T(1);
                    s = "t";
                }
                """) { Variants = new[] { 0 } },

            // Seed 4242 body 1 (suppressed-flow run): a guarded [TailAwait] method restored the caller's contexts in the
            // return expression, before the body's finally block ran: the finally saw the caller's AsyncLocal, not the body's.
            new("G04_TailReturnInsideTryFinally", "ValueTask", """
                {
                    Env.Flow.Value = "body";
                    try
                    {
                        return;
                    }
                    finally
                    {
                        env.Log("finally");
                    }
                }
                """) { Tail = true },

            // The same for a Dispose after a return inside a using statement, in a body with a tail await.
            new("G05_TailReturnInsideUsingBeforeATailAwait", "Task<int>", """
                {
                    SynchronizationContext.SetSynchronizationContext(env.BodyContext);
                    if (v == 1)
                    {
                        using (Fx.Use(env, "u"))
                        {
                            return 5;
                        }
                    }

                    return await env.TR(0, 7);
                }
                """) { Tail = true, Variants = new[] { 0, 1 } },

            // Seed 20240601 body 138: a [TailAwait] body that sets a notifying AsyncLocal: the async method's own continuation
            // switches ExecutionContext after the awaited task completes (two notifications) and the tail call has none.
            // Not a generator bug: the expectation was missing (FuzzExpectations), like the context hop Expectations has.
            new("E01_TailAwaitAfterNotifyingAsyncLocal", "Task<string>", """
                {
                    Env.Notified.Value = new Env.Tracked(env, "n");
                    return await env.VR(0, "s").ConfigureAwait(false);
                }
                """) { Tail = true },

            // Seed 20240601 body 179 (and 330): a tail await of an async helper with ConfigureAwait(false): the async body
            // resumes on the thread pool when the helper completes on the caller's context, the tail call lets the caller
            // see completion where the helper completed. Not a generator bug: the expectation was missing (FuzzExpectations).
            new("E02_TailAwaitOfHelperWithConfigureAwaitFalse", "ValueTask", """
                => await AVR(0, v, "n0", env).ConfigureAwait(false);
                """) { Tail = true, HelperSites = "0:V", TailAwaitsSiteDirectly = false, Members = HelperAvr },

            // Seed 2024 body 1939 (and 1447, 274), issue 9: a local declared in a loop body before a split await and assigned
            // after it was left undeclared in the continuation, because the rest of the loop declares it again (in its own
            // scope); the continuation's current iteration must declare it.
            new("G09_LoopBodyLocalAssignedAfterAwait", "Task<int>", """
                {
                    switch (v)
                    {
                        case 2:
                            for (var k0 = 0; k0 < 1; k0++)
                            {
                                long l1;
                                await AV0(0, "n0", env);
                                l1 = (1);
                                _ = l1;
                            }
                            break;
                    }
                    return (v);
                }
                """)
            {
                Variants = new[] { 2, 3 },
                HelperSites = "0:V",
                TailAwaitsSiteDirectly = false,
                Members = """
                    private static async ValueTask AV0(int site, string note, Env env)
                    {
                        env.Log("AV0 " + note);
                        try
                        {
                            await env.V(site);
                        }
                        finally
                        {
                            env.Log("AV0 done");
                        }
                    }
                    """,
            },

            // Seed 20261124 body 1531 (issue 9): an 'await using' declaration directly in the body of an 'await using'
            // statement was not written out (the statement's body was inlined statement by statement): [FastPath] forwarded
            // a body it splits.
            new("G10_AwaitUsingDeclarationInsideAwaitUsingStatement", "Task<int>", """
                {
                    await using (var u0 = Fx.UseAsync(env, 0))
                    {
                        await using var u1 = Fx.UseAsync(env, 1);
                        await foreach (var q2 in Fx.Items(env, 2).ConfigureAwait(false))
                        {
                            await using var u3 = Fx.UseAsync(env, 3);
                            env.Log("q2=" + q2);
                        }
                    }
                    return v;
                }
                """)
            {
                HelperSites = "0:V,1:V,2:T,3:V",
            },

            // Seed 20261127 body 6677 (and 6245, 3793): a local assigned in a try block after the await, not read by the
            // catch but after the try statement, was taken as assigned there, so the continuation did not carry its old
            // value (CS0165 in the generated code). An exception can leave the try block before that assignment.
            new("G11_LocalAssignedInTryAfterAwaitReadAfterCatch", "Task<int>", """
                {
                    var i0 = v;
                    try
                    {
                        long l1 = await env.VR(0, (0));
                        i0 = (int)l1;
                    }
                    catch (OperationCanceledException e2)
                    {
                        env.Log(e2.Message);
                    }

                    int i4 = i0;
                    return (v);
                }
                """)
            {
                Variants = new[] { 1 },
            },

            // Seed 20240601 body 308, with the one-continuation emitter (issue 19): the continuation started at a switch
            // whose section awaits; the switch itself and the statement after it (reached only when no section matched)
            // were written where nothing runs any more: warning CS0162 in generated code.
            new("G12_OneContinuationStartsInASwitchSection", "ValueTask<string?>", """
                {
                    string s0 = ("p");
                    switch (v)
                    {
                        case 3:
                            return await env.VR(0, ("p"));
                    }

                    return s0;
                }
                """)
            {
                Tail = true,
                Variants = new[] { 0, 3 },
            },

            // Mutant of M09 with the one-continuation emitter: two live locals of sibling scopes share a name, both renamed in
            // the one continuation; the renames were keyed by name (the generator threw, and the body forwarded).
            new("G13_SiblingLoopVariablesLiveAcrossAwaits", "Task<int>", """
                {
                    var total = 0;
                    for (var i = 0; i < 2; i++)
                    {
                        await env.T(0);
                        total += i;
                    }

                    for (var i = 0; i < 3; i++)
                    {
                        var x = await env.TR(1, i);
                        total += x;
                    }

                    return total;
                }
                """)
            {
                Variants = new[] { 0 },
            },

            // FastPathNotSplitTests, with the one-continuation emitter: two using resources of sibling scopes share a name;
            // the continuation renamed them but disposed the old name (CS0103 in the generated code).
            new("G14_SameNamedUsingResourcesOfSiblingScopes", "Task<int>", """
                {
                    using (var resource = new Logged(env, "a"))
                    {
                        await env.T(0);
                    }

                    if (v == 0)
                    {
                        using var resource = new Logged(env, "b");
                        var value = await env.TR(1, 7);
                        return value;
                    }

                    return v;
                }
                """)
            {
                Variants = new[] { 0, 1 },
                Members = """
                    private sealed class Logged : IDisposable
                    {
                        private readonly Env _env;
                        private readonly string _name;
                        public Logged(Env env, string name) { _env = env; _name = name; env.Log("open " + name); }
                        public void Dispose() => _env.Log("dispose " + _name);
                    }
                    """,
            },

            // Found by the consumer check of issue 18: a parameter read after an await only as the argument of another
            // [FastPath] method (a partial method whose implementation the generator's own view of the compilation does not
            // have, so the compiler's flow analysis drops the call) was not handed over: CS0165 in the generated code. The
            // one continuation takes every parameter the body names.
            new("G15_ParameterReadOnlyByAnotherFastPathCall", "Task<int>", """
                {
                    var a = await Inner(env, 0, v);
                    var b = await Inner(env, 1, v + 1);
                    return a + b;
                }
                """)
            {
                Variants = new[] { 0 },
                HelperSites = "0:V,1:V",
                Members = """
                    [FastPath(nameof(InnerCore))]
                    private partial ValueTask<int> Inner(Env env, int site, int value);

                    private async ValueTask<int> InnerCore(Env env, int site, int value) => await env.VR(site, value);
                    """,
            },

            // Seed 20261201 body 2149, with the one-continuation emitter: a catch block's returned await (no frame kept) did
            // not hand over its caught exception, so the continuation took the if/else chain past the block: it returned
            // what the statements after the try statement return.
            new("G16_ReturnedAwaitInACatchBlock", "Task<long>", """
                {
                    try
                    {
                        if (v == 1) throw new OperationCanceledException("x2");
                    }
                    catch (OperationCanceledException e2)
                    {
                        _ = e2;
                        return await env.TR(0, (long)v);
                    }

                    return 3L;
                }
                """)
            {
                Variants = new[] { 0, 1 },
            },

            // Seed 20261201 bodies 2866 and 85, with the one-continuation emitter: a local read before the await and
            // only assigned constants after it was declared in the continuation and warned CS0219 there.
            new("G17_LocalReadOnlyBeforeTheAwait", "Task<string>", """
                {
                    long l0 = 40L;
                    env.Log("l0=" + l0);
                    if (v > 1)
                    {
                        l0 = 42L;
                        return await env.TR(0, "s4");
                    }

                    return "p";
                }
                """)
            {
                Variants = new[] { 0, 2 },
            },

            // Seed 20261203 body 829, with the one-continuation emitter: a local declared after a switch none of whose
            // sections leaves it, read only by the await that the continuation starts at (so never printed): CS0219.
            new("G18_LocalReadOnlyByTheAwaitTheContinuationStartsAt", "Task<int>", """
                {
                    switch (v)
                    {
                        case 3:
                            _ = await env.TR(0, "t");
                            throw new InvalidOperationException("x1");
                    }

                    int i2 = v;
                    return await env.TR(1, i2);
                }
                """)
            {
                Variants = new[] { 2, 3 },
            },

            // Polly.Core converted whole (issue 21): DisposeHelper.TryDisposeSafeAsync and TaskExecution.InitializeAsync have
            // 'if (x is T y) await y.M();'. The continuation enters the branch when resuming with '__state >= 0 || (x is T y)',
            // so the await's own expression, skipped by the jump to its label, read 'y' not definitely assigned: CS0165.
            new("G19_PatternVariableReadOnlyByTheAwaitOfItsBranch", "Task<int>", """
                {
                    object o = v > 1 ? (object)"s" : 3;
                    if (o is string s)
                    {
                        await env.VR(0, s);
                    }

                    return v;
                }
                """)
            {
                Variants = new[] { 0, 2 },
            },

            // The same with an out variable of the condition (Polly's RetryResilienceStrategy: 'if (outcome.TryGetResult(out
            // var resultValue)) await ...(resultValue)'), and the else branch awaiting too (the branch test is then
            // '__state == 0 || __state < 0 && (...)').
            new("G20_OutVariableReadOnlyByTheAwaitOfItsBranch", "Task<int>", """
                {
                    if (int.TryParse((v * 10).ToString(), out var parsed) && v > 1)
                    {
                        await env.VR(0, parsed);
                    }
                    else
                    {
                        await env.V(1);
                    }

                    return v;
                }
                """)
            {
                Variants = new[] { 0, 2 },
            },

            // Polly's RetryResilienceStrategy.ExecuteCore: 'while (true)' left only by return. Resumed inside it, the loop
            // became 'while (__state >= 0 || (true))', whose end the compiler finds reachable: CS0161 in the continuation.
            new("G21_WhileTrueLeftOnlyByReturn", "Task<int>", """
                {
                    int i = 0;
                    while (true)
                    {
                        i += await env.VR(0, 1);
                        if (i > v) return i;
                    }
                }
                """)
            {
                Variants = new[] { 0, 2 },
            },

            // Npgsql converted whole (issue 21): NpgsqlConnector.ReadMessageLong awaits itself (its partial declaration, which
            // has no implementation in the generator's view) with named arguments spelled like its own parameters
            // ('ReadMessageLong(async, ..., readingNotifications: false)'). The arguments of such a call count as read (a
            // [LoggerMessage] method's would be), and the argument names, resolving to the callee's parameters, were taken
            // for variables: the continuation's parameter list named 'readingNotifications' twice (CS0100).
            new("G22_NamedArgumentOfAnUnimplementedPartialCall", "Task<int>", """
                {
                    var total = v;
                    if (v > 0)
                    {
                        total += await G22_NamedArgumentOfAnUnimplementedPartialCall(env, v: v - 1);
                    }

                    total += await env.VR(0, 1);
                    return total;
                }
                """)
            {
                Variants = new[] { 0, 2 },
            },

            // Npgsql's TsQueryConverter.Read: a switch whose sections await and 'continue', and whose last section,
            // 'case var tokenType:', matches everything and throws. The continuation jumped past the switch after it, code
            // the compiler finds unreachable as 'case var' leaves no value unmatched: warning CS0162 in generated code
            // (an error under warnings as errors). A 'default:' section was already known to end it.
            new("G23_SwitchEndedByACatchAllVarPattern", "Task<int>", """
                {
                    var total = 0;
                    for (var i = 0; i < 2; i++)
                    {
                        switch (i)
                        {
                            case 0:
                                total += await env.VR(0, v);
                                continue;
                            case 1:
                                total += await env.VR(1, 1);
                                continue;
                            case var other:
                                throw new InvalidOperationException("unexpected " + other);
                        }
                    }

                    return total;
                }
                """)
            {
                Variants = new[] { 0, 2 },
            },

            // The debugging tests' body (issue 19, #line gaps): two catch clauses whose blocks await. In the second block the
            // first clause's caught exception is null to the compiler's flow analysis (its 'is not null' test failed), and
            // the hand-off passed it as it is to the continuation's non-nullable parameter: warning CS8604 in generated code.
            new("G24_SecondAwaitingCatchHandsOverTheFirstCaughtException", "Task<int>", """
                {
                    var total = 0;
                    try
                    {
                        total += await env.TR(0, v);
                    }
                    catch (ArgumentException)
                    {
                        total += await env.TR(1, 1);
                    }
                    catch (InvalidOperationException e) when (e.Message.Length > 0)
                    {
                        total += await env.TR(2, 2);
                    }

                    return total;
                }
                """)
            {
                Variants = new[] { 0, 2 },
            },

            // Random body seed 20261204 #1352954 (2026-11-29): flow suppressed first, then a SynchronizationContext set inside
            // nested await foreach loops. A continuation resumed with a null captured ExecutionContext is not run through
            // ExecutionContext.Run, so the context it set stayed on the driver's thread; whether a later ConfigureAwait(false)
            // continuation then ran inline or hopped to the pool depended on timing, in the async body and the generated code
            // alike: one '[post body]' came and went from run to run. The driver now resets its thread after each completion,
            // as the thread pool does; this body or its plain-outer-loop variant diverged in four of five runs before, in none of fourteen after.
            new("R1352954_20_min", "Task<string?>", """
                {
                    ExecutionContext.SuppressFlow();
                    bool b1 = !(!((v > 1)));
                    var b2 = await env.TR(1, b1);
                    await foreach (var q3 in Fx.Items(env, 2).WithCancellation(env.Token))
                    {
                        await foreach (var q4 in Fx.Items(env, 3).ConfigureAwait(false))
                        {
                            env.Log("q4=");
                            SynchronizationContext.SetSynchronizationContext(env.BodyContext);
                        }

                        int i5 = await env.VR(4, v).ConfigureAwait(false);
                    }

                    return "t";
                }
                """)
            {
                Static = true,
                Variants = new[] { 0 },
                HelperSites = "2:T,3:T",
            },

            // Random body seed 3301 #39 (issue 33 point 3, the Deep shape, 2026-12-01): a try statement in a checked block
            // that awaits in its try block while its catch or finally block does not and computes something the context
            // changes. HiddenAwaitLowering's CheckedWriter writes such a block as 'checked { ... }' and cast it back to a
            // block: InvalidCastException (CheckedStatementSyntax to BlockSyntax) in the generator, and the body forwarded.
            new("R3301_39_CheckedTryWithoutAwaitInFinally", "Task<int>", """
                {
                    checked
                    {
                        try
                        {
                            await env.T(0);
                            if (v == 1) throw new InvalidOperationException("t" + v);
                        }
                        catch (InvalidOperationException e)
                        {
                            env.Log("caught " + e.Message + (v * 3));
                        }
                        finally
                        {
                            env.Log("finally " + (v + 1));
                        }
                    }

                    return v;
                }
                """)
            {
                Variants = new[] { 0, 1 },
            },

            // Random body seed 3302 #223 (issue 33 point 3, the Deep shape): an async local function of the body's block
            // awaited once. The continuation after that await does not call it, but the comment naming the resume point
            // ('// await A0(300)') did, to LocalFunctions.Called's text search: the continuation declared it again, unused,
            // warning CS8321 in generated code.
            new("R3302_223_LocalFunctionNamedOnlyInAComment", "Task", """
                {
                    async Task<int> A0(int x)
                    {
                        env.Log("A0 " + x);
                        await env.T(0);
                        return x + v;
                    }

                    var i1 = await A0(300);
                    env.Log("i1=" + i1);
                }
                """)
            {
                Variants = new[] { 0, 1 },
            },

            // Random body seed 20261201 #1455 (issue 33 point 3): a finally block that awaits, then declares a using variable.
            // The written-out finally joined the enclosing statements, so its resource lived to the end of the method
            // (disposed after what follows the try, not before) and the continuation's jump to a later resume point
            // passed the declaration: CS8648 in generated code. The finally's statements now keep a block of their own.
            new("R20261201_1455_UsingDeclarationAfterAnAwaitInAFinally", "Task<int>", """
                {
                    try
                    {
                        env.Log("try " + v);
                        await env.T(0);
                    }
                    finally
                    {
                        { env.Log("n " + await env.TR(1, "t")); }
                        using var u = Fx.Use(env, "u");
                        env.Log("u=" + u.Name);
                    }

                    env.Log("after");
                    await env.T(2);
                    return v;
                }
                """)
            {
                Variants = new[] { 0, 1 },
            },

            // Random bodies seed 20261201 #3981 and #9070 (issue 33 point 3), shrunk by hand: a notifying AsyncLocal set before
            // and after an await whose task completed faulted, the fault caught. The synchronous path handed the completed
            // task to the continuation to throw there; the continuation ran to its end synchronously, and its builder then
            // restored the ExecutionContext of the hand-off, a context switch (a '[notify b -> a, context switch]') the
            // async method does not make. A completed task now throws in place; only a pending one is handed over.
            new("R20261201_9070_NotifyingAsyncLocalAfterACaughtCompletedFault", "Task<int>", """
                {
                    Env.Notified.Value = new Env.Tracked(env, "a");
                    try { await env.T(0); } catch (InvalidOperationException) { env.Log("caught"); }
                    Env.Notified.Value = new Env.Tracked(env, "b");
                    return v;
                }
                """)
            {
                Variants = new[] { 0 },
            },

            // Random body seed 20261201 #5278 (issue 33 point 3): a goto back across an await, then an await using
            // declaration in the same block. The block's statements went through the await using lowering, which did not
            // write gotos out: the method forwarded ("jumps back across an await"), a form docs/diagnostics/PW0201.md says
            // splits. The gotos of such a block are now written out over the whole list.
            new("R20261201_5278_BackwardGotoBeforeAnAwaitUsingDeclaration", "Task<int>", """
                {
                    var g = 0;
                    G0: env.Log("G0 " + g);
                    {
                        await env.T(0);
                    }
                    if (++g < 2) goto G0;
                    await using var u = Fx.UseAsync(env, 1);
                    env.Log("body " + v);
                    return v + g;
                }
                """)
            {
                Variants = new[] { 0, 1 },
                HelperSites = "1:V",
            },

            // Seeds 3301 #74, 3304 #264 and #296 (issue 33 point 3): gotos inside an await foreach and an await using body
            // forwarded, both forms PW0201.md says split (back to a label of the block, forward from an if at its top):
            // the body's statements were inlined into the written-out loop and try without their gotos written out. Such a
            // body now stays a block of its own there.
            new("R3301_74_GotosInsideAwaitForeachAndAwaitUsingBodies", "Task<int>", """
                {
                    var total = 0;
                    await foreach (var q in Fx.Items(env, 0))
                    {
                        var g = 0;
                        G1: env.Log("G1 " + g + " " + q);
                        {
                            total += await env.TR(1, q);
                        }
                        if (++g < 2) goto G1;
                        if (q > v) goto L2;
                        {
                            await env.T(2);
                            env.Log("skipped " + q);
                        }
                        L2: env.Log("L2 " + q);
                    }

                    await using (Fx.UseAsync(env, 3))
                    {
                        var k = 0;
                        G3: env.Log("G3 " + k);
                        {
                            total += await env.TR(4, k);
                        }
                        if (++k < 2) goto G3;
                    }

                    return total;
                }
                """)
            {
                Variants = new[] { 0, 1 },
                HelperSites = "0:T,3:V",
            },

            // Random bodies of seed 777 (issue 33 point 3, once the Deep shape wrote every statement kind in checked blocks):
            // a switch section with a 'when' clause that has an operator, inside a checked block that awaits. The checked
            // writer gave up on any label with an operator ("inside a 'checked' statement", PW0201); a when clause is
            // evaluated at run time, so it is now wrapped like a condition, 'when checked(w + v > 2)'.
            new("R777_WhenClauseWithAnOperatorInACheckedSwitch", "Task<int>", """
                {
                    var total = 0;
                    checked
                    {
                        switch (v % 4)
                        {
                            case int w when w + v > 2:
                                total += await env.TR(0, w);
                                total += int.MaxValue - 3 + w; // overflows for v = 3 (OverflowException)
                                break;
                            default:
                                await env.T(1);
                                break;
                        }
                    }

                    return total;
                }
                """)
            {
                Variants = new[] { 0, 1, 2, 3 },
            },

            // The minimal body of issue 33 point 3's trial runs on which the test host crashed while the method forwarded
            // (a backward goto across an await in an await foreach body; docs/reliability.md). Since the gotos there are
            // written out it splits, and runs like the original in every scenario.
            new("R3301_BackwardGotoInAwaitForeachThatCrashedTheHost", "Task<int>", """
                {
                    await foreach (var q in Fx.Items(env, 0))
                    {
                        var g = 0;
                        G0: env.Log("G0 " + g);
                        {
                            await env.T(1);
                        }
                        if (++g < 2) goto G0;
                    }
                    return v;
                }
                """)
            {
                Variants = new[] { 0, 1 },
                HelperSites = "0:T",
            },

            // Random body seed 20261201 #6503 (issue 33 point 3, the run of 2026-12-02), shrunk by hand: a 'return await' in a
            // catch block of a try whose finally awaits, the catch entered on the synchronous path (a throw before any await,
            // or, since a completed fault throws in place, a faulted task). The hand-off at the returned await took no
            // live state ("a returned await needs nothing around it"), though the finally still runs and reads 'env' and
            // 'v': the continuation got default values (NullReferenceException). A catch frame whose try has a finally now
            // keeps the frames.
            new("R20261201_6503_ReturnedAwaitInACatchBeforeAnAwaitingFinally", "Task<int>", """
                {
                    try
                    {
                        if (v == 2) throw new InvalidOperationException("sync");
                        await env.T(0);
                    }
                    catch (InvalidOperationException)
                    {
                        return await env.TR(1, v);
                    }
                    finally
                    {
                        await env.T(2);
                        env.Log("finally " + v);
                    }
                    return v;
                }
                """)
            {
                Variants = new[] { 0, 1, 2 },
            },

            // Seed 20240601, body 929 (issue 35's verification, 2026-12-02): a lambda in the continuation reads a parameter
            // the body writes before the lambda exists ('v = v + 1;'), never after: the state machine took that as "written
            // again after its declaration" and the body forwarded with PW0201, although its value at the lambda's creation
            // is its value at every later read (the async-method continuation, deleted, split it).
            new("R20240601_929_LambdaReadsAParameterWrittenBeforeIt", "ValueTask<string>", """
                {
                    v = v + 1;
                    if (v > 1)
                    {
                        Func<Task> h1 = async () =>
                        {
                            env.Log("h1 " + v);
                        };
                        await h1();
                    }

                    return await env.VR(2, "s2");
                }
                """)
            {
                Variants = new[] { 0, 3 },
            },

            // The same, where Run creates the lambda again: on the loop's second iteration, after the resume.
            new("R20240601_929b_LambdaInALoopReadsAParameterWrittenBeforeIt", "Task<int>", """
                {
                    v = v + 2;
                    for (var i = 0; i < 2; i++)
                    {
                        Func<int> f = () => v * 10;
                        env.Log("f " + f() + " " + i);
                        await env.T(i);
                    }

                    return 1;
                }
                """)
            {
                Variants = new[] { 0, 3 },
            },

            // Seed 20240601, bodies 7970 and 8984 (the layout change's verification, 2026-12-03): a local function declared
            // in the scope of an 'await using' declaration, capturing a local of that scope. The declaration's scope is
            // written out as a try, and the lowering moved every local function of it out to the block's level, where the
            // local (or its shared object, when the body writes it after the function: 'i3__shared') is not in scope:
            // CS0103 in the written-out body, and the whole body forwarded with PW0201. A local function now leaves the try
            // only when the statements before the declaration call it.
            new("R20240601_7970_LocalFunctionSharingALocalOfAnAwaitUsingScope", "Task<int>", """
                {
                    await using var u2 = Fx.UseAsync(env, 2);
                    var i3 = v;
                    int A4(int x) => x + i3;
                    await env.T(3);
                    i3 += 6;
                    env.Log("A4 " + A4(1));
                    return i3;
                }
                """)
            {
                Variants = new[] { 0, 1 },
            },

            // The same with the local only read (no shared object: the local itself was out of scope).
            new("R20240601_7970b_LocalFunctionReadingALocalOfAnAwaitUsingScope", "Task<int>", """
                {
                    await using var u2 = Fx.UseAsync(env, 2);
                    var i3 = v;
                    int A4(int x) => x + i3;
                    await env.T(3);
                    env.Log("A4 " + A4(1));
                    return i3;
                }
                """)
            {
                Variants = new[] { 0, 1 },
            },

            // Body 8984's form: in the body of a for loop whose initializer awaits (the loop is written out too).
            new("R20240601_8984_LocalFunctionOfAnAwaitUsingScopeInAForWhoseInitializerAwaits", "Task<int>", """
                {
                    for (var k = await env.TR(0, v) % 3; k < 2; k++)
                    {
                        await using var u = Fx.UseAsync(env, 1);
                        var i = v;
                        int F(int x) => x + i;
                        await env.T(2);
                        i += 2;
                        env.Log("F " + F(k));
                    }

                    return v;
                }
                """)
            {
                Variants = new[] { 0, 1 },
            },

            // A local function the statements before the declaration call still leaves the try, with the one it calls.
            new("R20240601_7970c_LocalFunctionCalledBeforeTheAwaitUsingDeclaration", "Task<int>", """
                {
                    env.Log("H " + H(1));
                    await using var u = Fx.UseAsync(env, 0);
                    var i = v;
                    int G(int x) => x * 2;
                    int H(int x) => G(x) + 1;
                    int F(int x) => x + i;
                    await env.T(1);
                    i += 3;
                    return F(H(2));
                }
                """)
            {
                Variants = new[] { 0, 1 },
            },
        };
    }
}
