using System.Collections.Generic;

namespace Prewired.Tests.Semantics
{
    /// <summary>
    /// Shapes found on real libraries whose generated code did not compile, or warned, where the body compiles without a
    /// warning (issue 20 point 1). <see cref="StrictCompileTests"/> builds them (like every body) with warnings as errors
    /// in nullable-enabled and nullable-disabled files; the differential tests run them.
    /// </summary>
    public static class CleanCompileBodyTable
    {
        public static IReadOnlyList<BodyCase> All { get; } = new List<BodyCase>
        {
            // A variable declared in a catch filter and read after an await in the catch block: the moved catch block
            // must declare it as well as the exception variable (CS0103).
            new("R01_CatchFilterVariableReadAfterAnAwait", "Task<int>", """
                {
                    var total = 0;
                    try
                    {
                        await env.T(0);
                        if (v == 0) throw new InvalidOperationException("retry me");
                    }
                    catch (InvalidOperationException ex) when (CanRetry(ex, v, out var delay))
                    {
                        total += await env.TR(1, delay);
                        env.Log(ex.Message + " " + delay);
                    }

                    return total;
                }
                """)
            {
                Variants = new[] { 0, 1 },
                Members = """
                    private static bool CanRetry(Exception ex, int v, out int delay)
                    {
                        delay = v + 10;
                        return ex.Message == "retry me";
                    }
                    """,
            },

            // The same with a pattern variable of the filter: it cannot be hoisted the same way, so the body forwards
            // (PW0201) rather than generate code that does not compile.
            new("R07_Forwarded_CatchFilterPatternVariableReadInTheBlock", "Task<int>", """
                {
                    try
                    {
                        await env.T(0);
                        if (v == 0) throw new InvalidOperationException("retry me");
                    }
                    catch (Exception ex) when (ex is InvalidOperationException { Message: var message })
                    {
                        await env.T(1);
                        env.Log(message);
                    }

                    return 1;
                }
                """) { Variants = new[] { 0, 1 }, ExpectSplit = false },

            // An out variable of the filter read after a custom awaitable's await in the block: the custom awaitable gets
            // a continuation of its own.
            new("R08_CatchFilterVariableReadAfterACustomAwait", "Task<int>", """
                {
                    var total = 0;
                    try
                    {
                        await env.T(0);
                        if (v == 0) throw new InvalidOperationException("retry me");
                    }
                    catch (InvalidOperationException ex) when (CanRetry(ex, v, out var delay))
                    {
                        total += await env.C(1, delay);
                        env.Log(ex.Message + " " + delay);
                    }

                    return total;
                }
                """)
            {
                Variants = new[] { 0, 1 },
                Members = """
                    private static bool CanRetry(Exception ex, int v, out int delay)
                    {
                        delay = v + 10;
                        return ex.Message == "retry me";
                    }
                    """,
            },

            // #pragma warning disable/restore inside the body: the copied statements keep the pragmas in effect where
            // the body has them (CS0618 here), in the synchronous path and the continuation.
            new("R02_PragmaWarningDisableAroundAwaits", "Task<int>", """
                {
                #pragma warning disable CS0618 // the old API on purpose
                    var a = Old(v);
                    await env.T(0);
                    a += Old(a);
                #pragma warning restore CS0618
                    await env.T(1);
                #pragma warning disable CS0618
                    a += Old(a);
                #pragma warning restore CS0618
                    return a;
                }
                """)
            {
                Members = """
                    [Obsolete("use New")]
                    private static int Old(int x) => x + 1;
                    """,
            },

            // Field and property null-state established before an await (a null check, Debug.Assert) holds after it, in
            // the compiler's flow analysis; the generated code must not lose it (CS8602/CS8604). A custom awaitable gets
            // a continuation of its own, which starts at the await.
            new("R03_FieldNullStateBeforeAnAwait", "Task<int>", """
                {
                    _name ??= "n" + v;
                    System.Diagnostics.Debug.Assert(Other != null);
                    await env.T(0);
                    env.Log(_name.Length + " " + Other.Length);
                    await env.C(1, 1);
                    return Use(_name) + Other.Length;
                }
                """)
            {
                Members = """
                    private string? _name;
                    public string? Other { get; set; } = "other";
                    private static int Use(string s) => s.Length;
                    """,
            },

            // An awaitable whose type carries a nullable annotation from an annotated declaration, awaited in a file with
            // nullable disabled: the continuation's parameter of that type must not warn there (CS8669).
            new("R04_ConfiguredAwaitableOfAnnotatedTypeInADisabledFile", "Task<int>", """
                {
                    var s = await Name(env, 0, v).ConfigureAwait(false);
                    var t = await Name(env, 1, v + 1).ConfigureAwait(true);
                    return (s == null ? 0 : s.Length) + (t == null ? 0 : t.Length);
                }
                """)
            {
                Variants = new[] { 0, 1 },
                Members = """
                    #nullable enable
                    private static ValueTask<string?> Name(Env env, int site, int v) => env.VR(site, v == 0 ? null : (string?)"x");
                    #nullable restore
                    """,
                HelperSites = "0:V,1:V",
            },

            // A nullable local assigned non-null inside a try whose finally reads it: its state after the assignment is
            // not-null, so the code after the await may dereference it (CS8602/CS8604 if handed over as nullable, which
            // the finally's read of a maybe-null state decides). The custom awaitable's continuation starts at its await.
            new("R05_NullableLocalAssignedInTryReadInFinally", "Task<int>", """
                {
                    string? name = null;
                    try
                    {
                        name = "n" + v;
                        await env.T(0);
                        env.Log(name.Length.ToString());
                        await env.C(1, 1);
                        return Use(name);
                    }
                    finally
                    {
                        env.Log("finally " + (name ?? "none"));
                    }
                }
                """)
            {
                Members = """
                    private static int Use(string s) => s.Length;
                    """,
            },

            // A local whose only read after an await is an argument of a [LoggerMessage] partial method: the logging
            // generator implements it, so it is a real call although Prewired's view of the compilation has no
            // implementation (CS0165 if the local is not handed over).
            new("R06_LocalReadOnlyByALoggerMessageAfterAnAwait", "Task<int>", """
                {
                    _logger.Env = env;
                    var count = v + 2;
                    await env.T(0);
                    LogCount(count);
                    return 1;
                }
                """)
            {
                Members = """
                    private readonly EnvLogger _logger = new();

                    [global::Microsoft.Extensions.Logging.LoggerMessage(EventId = 1, Level = global::Microsoft.Extensions.Logging.LogLevel.Information, Message = "count {Count}")]
                    partial void LogCount(int count);

                    private sealed class EnvLogger : global::Microsoft.Extensions.Logging.ILogger
                    {
                        public Env? Env { get; set; }
                        public IDisposable? BeginScope<TState>(TState state) where TState : notnull => null;
                        public bool IsEnabled(global::Microsoft.Extensions.Logging.LogLevel logLevel) => true;
                        public void Log<TState>(global::Microsoft.Extensions.Logging.LogLevel logLevel, global::Microsoft.Extensions.Logging.EventId eventId, TState state, Exception? exception, Func<TState, Exception?, string> formatter)
                            => Env?.Log("log " + formatter(state, exception));
                    }
                    """,
            },

            // Npgsql's NpgsqlParameter.Write and GSSStream.ReadAsync (a DbParameter and a Stream, both MarshalByRefObject):
            // after an await, a member of a struct field and a field passed by ref and out. On this the compiler allows
            // both; through the state-machine continuation's __this they were CS1690 and CS0197, errors under warnings
            // as errors.
            new("R09_MarshalByRefFieldsThroughTheContinuation", "Task<int>", """
                {
                    await env.T(0);
                    _counter.Add(v + 1);
                    var total = await env.TR(1, _counter.Count);
                    Advance(ref _position, out _next);
                    await env.T(2);
                    env.Log("at " + _position + " next " + _next);
                    return total + _counter.Count + _position + _next;
                }
                """)
            {
                Variants = new[] { 0, 1 },
                BaseClass = "MarshalByRefObject",
                Members = """
                    private Counter _counter;
                    private int _position = 3;
                    private int _next;

                    private struct Counter
                    {
                        public int Count;

                        public void Add(int n) => Count += n;
                    }

                    private static void Advance(ref int position, out int next)
                    {
                        position += 1;
                        next = position * 10;
                    }
                    """,
            },
            // Issue 33: awaits nested one construct deeper in a catch block, after which the catch variable or a local the
            // block declares before them is read. The continuation's dispatch jumps to a label in front of the nested
            // statement, past the declaration, so every read after it was CS0165 (use of unassigned local).
            new("R10_CatchVariableReadAfterANestedAwait", "Task<int>", """
                {
                    var total = 0;
                    try
                    {
                        await env.T(0);
                        if (v < 2) throw new InvalidOperationException("first " + v);
                    }
                    catch (InvalidOperationException ex)
                    {
                        if (v == 0) total += await env.TR(1, ex.Message.Length);
                        env.Log("caught " + ex.Message);
                        if (v == 1)
                        {
                            total += await env.TR(2, ex.Message.Length);
                            env.Log("again " + ex.Message);
                        }

                        total += ex.Message.Length;
                    }

                    try
                    {
                        await env.T(3);
                        if (v == 0) throw new ArgumentException("second");
                    }
                    catch (ArgumentException ex)
                    {
                        if (v == 0) await env.TR(4, ex.Message);
                        if (total > 100) throw;
                    }

                    return total;
                }
                """) { Variants = new[] { 0, 1, 2 } },

            new("R11_CatchBlockLocalReadAfterANestedTryThatAwaits", "Task<int>", """
                {
                    var total = 0;
                    try
                    {
                        await env.T(0);
                        if (v < 2) throw new InvalidOperationException("retry " + v);
                    }
                    catch (InvalidOperationException ex)
                    {
                        if (!TryGetDelay(ex, v, out var delay)) throw;
                        var label = "d" + delay;
                        try
                        {
                            await env.TR(1, delay + label.Length);
                        }
                        catch (OperationCanceledException)
                        {
                        }
                    }

                    return total;
                }
                """)
            {
                Variants = new[] { 0, 1, 2 },
                Members = """
                    private static bool TryGetDelay(Exception ex, int v, out int delay)
                    {
                        delay = v + 5;
                        return v == 0 || ex.Message.Length > 100;
                    }
                    """,
            },

            // The same, where the catch block that awaits belongs to a try nested in another catch block: the outer catch
            // variable is read in the inner catch block, after its await (from a held-out corpus of async test programs).
            new("R12_OuterCatchVariableReadInANestedCatchThatAwaits", "Task<int>", """
                {
                    try
                    {
                        throw new InvalidOperationException("outer " + v);
                    }
                    catch (InvalidOperationException first)
                    {
                        try
                        {
                            throw new ArgumentException("inner");
                        }
                        catch (ArgumentException)
                        {
                            await env.TR(2, first.Message);
                        }
                    }

                    return v;
                }
                """) { Variants = new[] { 0, 1 } },

            // A catch filter in a catch block that awaits reads an instance field and a parameter, and declares an out
            // variable only the await's operand reads: the state machine re-states the filter, through __this and the
            // variable carried into the block (CS0120 and CS0103 before).
            new("R13_CatchFilterReadingInstanceStateAroundAnAwait", "Task<int>", """
                {
                    var total = 0;
                    try
                    {
                        await env.T(0);
                        if (v < 2) throw new InvalidOperationException(v == 0 ? _expected : "other");
                    }
                    catch (InvalidOperationException ex) when (ex.Message == _expected && v >= 0)
                    {
                        await env.T(1);
                        total += 10;
                    }
                    catch (InvalidOperationException ex) when (CanRetry(ex, v, out var delay))
                    {
                        total += await env.TR(2, delay);
                    }

                    return total;
                }
                """)
            {
                Variants = new[] { 0, 1, 2 },
                Members = """
                    private readonly string _expected = "expected";

                    private static bool CanRetry(Exception ex, int v, out int delay)
                    {
                        delay = v + 20;
                        return ex.Message == "other";
                    }
                    """,
            },
            // Out, pattern and deconstruction variables of statements before a try that awaits, read in the try before the
            // await (not live: not read after it): the dispatch jumps past their declarations, so they are declared in the
            // list's preamble and assigned where they were declared (PW0201 "a pattern variable or deconstruction read after
            // a later await of its block" before, on a converted library's method that PW0202 had offered).
            new("R14_PatternAndDeconstructionVariablesReadBeforeANestedAwait", "Task<int>", """
                {
                    await env.T(0);
                    if (Describe(v) is not string text) return -1;
                    if (!Lookup(v, out var found) || found is not { Length: > 0 } name) name = "none";
                    var (a, b) = Pair(v);
                    (var c, var d) = Pair(v + 1);
                    var total = 0;
                    try
                    {
                        env.Log(text + " " + name + found + " " + a + b + c + d);
                        total += await env.TR(1, text.Length);
                        env.Log("in try " + total);
                    }
                    finally
                    {
                        env.Log("finally");
                    }

                    return total;
                }
                """)
            {
                Variants = new[] { 0, 1, 2 },
                Members = """
                    private static object Describe(int v) => v == 2 ? v : "text" + v;

                    private static bool Lookup(int v, out string found)
                    {
                        found = v == 0 ? string.Empty : "found" + v;
                        return v != 1;
                    }

                    private static (int, int) Pair(int v) => (v + 1, v + 2);
                    """,
            },
            // The siblings of R10-R13 (issue 33 point 1): every other variable a resume jump can skip, read by an await's
            // operand nested one or more constructs deeper (a finally block's local, a switch section's local and pattern
            // variable, a foreach variable, a using resource), and every piece of the body the continuation re-states
            // (a switch section's 'when', a loop's condition, a using's resource, a filter) reaching an instance field,
            // a parameter and a local.
            new("R15_VariablesSkippedByNestedResumePointsAndRestatedHeaders", "Task<int>", """
                {
                    var total = 0;
                    var limit = v + 2;
                    try
                    {
                        total += await env.TR(0, 1);
                    }
                    finally
                    {
                        var note = "f" + _factor;
                        if (v == 0)
                        {
                            try { await env.TR(1, note); } catch (InvalidOperationException e) when (e.Message == _marker && limit > 0) { env.Log("marker"); }
                        }
                    }

                    switch (Shape(v))
                    {
                        case string text when text.Length > _factor - limit:
                            var copy = text + "!";
                            if (v >= 0)
                            {
                                total += await env.TR(2, copy.Length + text.Length);
                            }

                            break;
                        case int n:
                            total += n;
                            break;
                    }

                    foreach (var item in Items(v))
                    {
                        if (item > _factor - 10)
                        {
                            while (total < limit + item * _factor)
                            {
                                total += await env.TR(3, item + 1);
                            }
                        }
                    }

                    using (var scope = new Scope(env, "s" + _factor + limit))
                    {
                        if (v < 2)
                        {
                            total += await env.TR(4, scope.Name.Length);
                        }
                    }

                    return total;
                }
                """)
            {
                Variants = new[] { 0, 1, 2 },
                Members = """
                    private readonly int _factor = 3;
                    private readonly string _marker = "marked";

                    private static object Shape(int v) => v == 1 ? 7 : "shape" + v;

                    private static int[] Items(int v) => v == 2 ? new int[0] : new[] { v, v + 1 };

                    private sealed class Scope : IDisposable
                    {
                        private readonly Env _env;

                        public Scope(Env env, string name)
                        {
                            _env = env;
                            Name = name;
                        }

                        public string Name { get; }

                        public void Dispose() => _env.Log("dispose " + Name);
                    }
                    """,
            },
            // A local assigned in a try block whose awaiting catch block returns (or assigns it itself), read after the
            // statement (quartznet's JobRunShell.NotifyListenersBeginning, JobStoreSupport.GetConnection): the lowered
            // catch runs after the try behind 'if (caught is not null)', and the path from the catch clause past it left
            // the local unassigned to the compiler (CS0165).
            new("R16_LocalAssignedInATryWhoseAwaitingCatchReturns", "Task<int>", """
                {
                    int first;
                    try
                    {
                        first = await env.TR(0, v + 1);
                        if (v == 1) throw new InvalidOperationException("one");
                    }
                    catch (InvalidOperationException ex)
                    {
                        await env.T(1);
                        env.Log(ex.Message);
                        return -1;
                    }

                    string second, third;
                    try
                    {
                        second = "s" + await env.TR(2, first);
                        if (v == 2) throw new InvalidOperationException("two");
                        third = "t";
                    }
                    catch (InvalidOperationException ex) when (ex.Message == "two")
                    {
                        await env.T(3);
                        second = "caught";
                        third = ex.Message;
                    }

                    for (var i = 0; i < 2; i++)
                    {
                        bool flag;
                        try
                        {
                            flag = await env.TR(4, i + v) > 1;
                        }
                        catch (Exception)
                        {
                            await env.T(5);
                            throw;
                        }

                        if (flag) env.Log("flag " + i);
                    }

                    return first + second.Length + third.Length;
                }
                """)
            {
                Variants = new[] { 0, 1, 2 },
            },
            // Two switch sections whose labels each declare a pattern variable of the same name, of different types, read
            // after an await (nats.net's NatsConnection.PublishEventsAsync): the continuation stored both in one
            // '__switchN_error' (CS0128, then CS0029 for the second type).
            new("R17_SameNamedPatternVariablesOfTwoSwitchSections", "Task<int>", """
                {
                    var total = 0;
                    for (var i = 0; i < 3; i++)
                    {
                        object o = (v + i) % 2 == 0 ? "text" + v : (object)(v + i);
                        switch ((v + i) % 3)
                        {
                            case 0 when o is string error:
                                total += await env.TR(0, error.Length);
                                env.Log(error);
                                break;
                            case 1 when o is int error:
                                total += await env.TR(1, error);
                                env.Log("int " + error);
                                break;
                            default:
                                await env.T(2);
                                total += 100;
                                break;
                        }
                    }

                    return total;
                }
                """)
            {
                Variants = new[] { 0, 1, 2 },
            },
            // The same with the variables read only in the awaited operands (nats.net's NatsConnection.PublishEventsAsync
            // itself): not live state, each stored in a variable of the switch, both named '__switchN_error' (CS0128).
            new("R18_SameNamedPatternVariablesOfTwoSwitchSectionsReadBeforeTheAwait", "Task<int>", """
                {
                    var total = 0;
                    for (var i = 0; i < 3; i++)
                    {
                        object o = (v + i) % 2 == 0 ? "text" + v : (object)(v + i);
                        switch ((v + i) % 3)
                        {
                            case 0 when o is string error:
                                total += await env.TR(0, error.Length);
                                break;
                            case 1 when o is int error:
                                total += await env.TR(1, error);
                                break;
                            default:
                                await env.T(2);
                                total += 100;
                                break;
                        }
                    }

                    return total;
                }
                """)
            {
                Variants = new[] { 0, 1, 2 },
            },
            // A foreach over a collection whose type arguments are inferred maybe-null (wolverine's
            // DelegatingMessageInbox.StoreIncomingAsync: a var list of groups keyed by a nullable property): the
            // enumerator handed to the continuation was typed from the foreach info, without the annotation (CS8620).
            new("R19_ForEachEnumeratorOfAnInferredMaybeNullTypeArgument", "Task<int>", """
                {
                    var items = ListOf(v == 0 ? null : "a" + v, "b");
                    var total = 0;
                    foreach (var item in items)
                    {
                        total += await env.TR(0, item?.Length ?? -1);
                    }

                    return total;
                }
                """)
            {
                Variants = new[] { 0, 1 },
                Members = """
                    private static System.Collections.Generic.List<T> ListOf<T>(T first, T second) => new System.Collections.Generic.List<T> { first, second };
                    """,
            },
            // Two locals of one name in sibling blocks, one read by a lambda (Foundatio's InMemoryCacheClient.ListAddAsync):
            // the continuation renames them ('items__1', 'items__2') but printed the lambda as written (CS0103).
            new("R20_RenamedLocalReadByALambda", "Task<int>", """
                {
                    var touched = 0;
                    if (v == 0)
                    {
                        var items = new System.Collections.Generic.List<string> { "a" + v };
                        touched += Apply(() => { touched++; return items[0].Length; });
                        await env.T(0);
                        return items.Count + touched;
                    }
                    else
                    {
                        var items = new System.Collections.Generic.List<int> { v, 2 };
                        touched += Apply(() => { touched++; var n = 0; foreach (var i in items) n += i; return n; });
                        await env.T(1);
                        return items.Count + touched;
                    }
                }
                """)
            {
                Variants = new[] { 0, 1 },
                Members = """
                    private static int Apply(Func<int> f) => f();
                    """,
            },
            // A local whose nullable state the catch block decides: it returns, so after the try statement the body knows the
            // try's non-null assignment ran. The synchronous path runs the awaiting catch block after the try, and the
            // compiler's flow analysis also follows the path past it (the stored exception null to it), where the local is
            // maybe-null: CS8602 in generated code only (Quartz 4 methods, Foundatio 1, issue 33 point 4).
            new("R21_NullableStateDecidedByAnAwaitingCatchThatReturns", "Task<int>", """
                {
                    string? text = v == 0 ? null : "a";
                    try
                    {
                        text = await env.TR(0, "b");
                    }
                    catch (InvalidOperationException)
                    {
                        await env.T(1);
                        return -1;
                    }

                    return text.Length;
                }
                """) { Variants = new[] { 0, 1 } },
        };
    }
}
