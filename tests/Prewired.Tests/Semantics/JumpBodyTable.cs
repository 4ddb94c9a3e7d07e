using System.Collections.Generic;

namespace Prewired.Tests.Semantics
{
    /// <summary>
    /// Bodies with goto, labels, <c>goto case</c> and <c>goto default</c> (issue 20 point 2). A goto whose jump stays within
    /// code holding no await (its switch, or the statements from the goto to its label) is copied as it is into the
    /// synchronous path and the continuation; one that jumps across an await keeps the body forwarding (PW0201), and the
    /// fast path must still equal the body.
    /// </summary>
    public static class JumpBodyTable
    {
        public static IReadOnlyList<BodyCase> All { get; } = new List<BodyCase>
        {
            // Npgsql's NpgsqlCommand.ExecuteReader: a switch over a bool whose first section jumps to the second from a
            // foreach, before the await.
            new("J01_GotoCaseFromAForeachBeforeTheAwait", "Task<int>", """
                {
                    var prepared = 0;
                    var items = new[] { 1, v, 3 };
                    switch (v == 0)
                    {
                        case true:
                            foreach (var item in items)
                            {
                                if (item == 0)
                                {
                                    env.Log("reset");
                                    goto case false;
                                }
                                prepared += item;
                            }
                            env.Log("prepared " + prepared);
                            break;
                        case false:
                            prepared = -1;
                            env.Log("not prepared");
                            break;
                    }
                    var x = await env.TR(0, prepared);
                    env.Log("x=" + x);
                    return x + await env.TR(1, 10);
                }
                """) { Variants = new[] { 0, 1 } },

            // goto case, goto default and a backward goto inside a loop that awaits after them; the loop's live state
            // (total, round) is what the gotos changed.
            new("J02_GotoCaseDefaultAndBackwardGotoInAnAwaitingLoop", "ValueTask<int>", """
                {
                    var total = 0;
                    for (var round = 0; round < 3; round++)
                    {
                        var tries = 0;
                        again:
                        tries++;
                        if (tries < v + round) goto again;
                        switch ((round + v) % 3)
                        {
                            case 0:
                                total += 1;
                                goto case 1;
                            case 1:
                                total *= 2;
                                break;
                            default:
                                total += 100;
                                goto case 0;
                        }
                        env.Log($"round {round} tries {tries} total {total}");
                        total += await env.VR(0, round);
                    }
                    return total;
                }
                """) { Variants = new[] { 0, 1, 2 } },

            // Forward gotos after the await (to the end of an if, and out of a loop), and one before it.
            new("J03_ForwardGotosBeforeAndAfterTheAwait", "Task<string>", """
                {
                    var s = "s";
                    if (v == 1) goto skipped;
                    s += "-a";
                    skipped:
                    s += "-b";
                    var n = await env.TR(0, 3);
                    for (var i = 0; i < n; i++)
                    {
                        if (i == v) goto found;
                        s += i;
                    }
                    s += "-none";
                    goto end;
                    found:
                    s += "-found";
                    end:
                    env.Log(s);
                    return s + await env.TR(1, "!");
                }
                """) { Variants = new[] { 0, 1, 5 } },

            // A goto that jumps back across an await: written out as a loop (while (true) { ...; break; }, the goto a
            // continue; x, used after it, declared before it).
            new("J04_GotoBackAcrossAnAwait", "Task<int>", """
                {
                    var n = v;
                    retry:
                    n++;
                    var x = await env.TR(0, n);
                    if (x < 3) goto retry;
                    return x;
                }
                """) { Variants = new[] { 0, 2 } },

            // goto case inside a switch that awaits: not split yet.
            new("J05_Forwarded_GotoCaseInAnAwaitingSwitch", "Task<int>", """
                {
                    var x = 0;
                    switch (v)
                    {
                        case 0:
                            x += await env.TR(0, 5);
                            break;
                        default:
                            x = 1;
                            goto case 0;
                    }
                    return x;
                }
                """) { ExpectSplit = false, Variants = new[] { 0, 1 } },
        };
    }
}
