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
        };
    }
}
