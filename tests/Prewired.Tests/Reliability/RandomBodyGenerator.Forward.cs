using System;
using System.Collections.Generic;
using System.Linq;

namespace Prewired.Tests.Reliability
{
    public static partial class RandomBodyGenerator
    {
        private sealed partial class Writer
        {
            /// <summary>
            /// A construct around awaits: try/catch/finally, a for loop, a using, await foreach, await using (split since
            /// issue 9), or an await the generator does not split (nested after a call: the [FastPath] method must forward
            /// and PW0201 be reported).
            /// </summary>
            private Chunk? Forwarded(bool inSection)
            {
                // Direct bodies: 7 and 9 are await foreach, 8 and 10 await using (twice the weight: issue 9's hidden awaits).
                var roll = _r.Next(_flavor == Flavor.Direct ? 11 : 5);
                var lines = new List<string>();
                switch (roll)
                {
                    case 0:
                    {
                        // try/catch/finally around awaits: split since issue 9, awaits in the try block and (run
                        // after the try statement, as the compiler does) in a catch block, which may end in throw;,
                        // and in the finally of an outermost try (one nested in another whose finally awaits forwards).
                        lines.Add("try");
                        _tryDepth++;
                        var tryBlock = Scoped(() => Block());
                        AddBlock(lines, tryBlock);
                        var reachable = EndReachable(tryBlock);
                        var kind = _r.Next(3);
                        if (kind != 2)
                        {
                            var exception = _r.Next(2) == 0 ? "InvalidOperationException" : "OperationCanceledException";
                            var name = "e" + _names++;
                            lines.Add($"catch ({exception} {name})");
                            var rethrow = _r.Next(3) == 0;
                            var catchBlock = Scoped(() => Block());
                            var catchLines = new List<string>();
                            if (_flavor == Flavor.Direct) catchLines.Add($"env.Log(\"caught \" + {name}.Message);");
                            else catchLines.Add($"_ = {name};");
                            catchLines.AddRange(Render(catchBlock, 0).Split('\n').Where(l => l.Length > 0));
                            var catchReachable = EndReachable(catchBlock);
                            if (rethrow && catchReachable)
                            {
                                catchLines.Add("throw;");
                                catchReachable = false;
                            }

                            lines.Add("{");
                            lines.AddRange(catchLines.Select(l => "    " + l));
                            lines.Add("}");
                            reachable |= catchReachable;
                        }

                        _tryDepth--;
                        if (kind != 0)
                        {
                            lines.Add("finally");
                            var finallyBlock = Scoped(() =>
                            {
                                var statements = new List<Chunk>();
                                for (var i = _r.Next(3); i > 0; i--) statements.Add(SyncStatement());
                                Flush(statements, statements.Count);
                                return statements;
                            });
                            if (_flavor == Flavor.Direct) finallyBlock.Insert(0, Line("env.Log(\"finally\");"));
                            if (_flavor == Flavor.Direct && _tryDepth == 0 && _sites < MaxSites && !_yielded && _r.Next(2) == 0)
                            {
                                finallyBlock.Insert(1, Line("await " + Awaitable(null, tail: false) + ";"));
                            }
                            AddBlock(lines, finallyBlock);
                        }

                        return new Chunk(lines, reachable);
                    }

                    case 1:
                    {
                        var name = "k" + _names++;
                        lines.Add($"for (var {name} = 0; {name} < {1 + _r.Next(2)}; {name}++)");
                        _loopDepth++;
                        var body = Scoped(() =>
                        {
                            _scopes[^1].Locals.Add(new Local(name, Ty.Int, true) { Read = true });
                            return Block(inLoop: true);
                        });
                        _loopDepth--;
                        AddBlock(lines, body);
                        return new Chunk(lines, true);
                    }

                    case 2:
                    case 3:
                    {
                        // An await nested inside a larger expression: spilled before its statement (after a call, the
                        // call's value into a temporary first), and inside checked(...).
                        string line;
                        var shape = _r.Next(6);
                        if (shape == 0 && _flavor == Flavor.Direct)
                        {
                            line = $"env.Log(\"nested \" + await {Awaitable(Pick(Ty.Int, Ty.Str), tail: false)});";
                        }
                        else if (shape == 1)
                        {
                            // After a call: the call's value goes into a temporary first (split since issue 20).
                            var text = $"v.GetHashCode() + await {Awaitable(Ty.Int, tail: false)}";
                            line = $"var {NewLocal(Ty.Int, assigned: true).Name} = {text};";
                        }
                        else if (shape == 5)
                        {
                            // Inside checked(...): split (an awaited operand the context changes goes into a checked temporary).
                            var text = $"checked(v + await {Awaitable(Ty.Int, tail: false)})";
                            line = $"var {NewLocal(Ty.Int, assigned: true).Name} = {text};";
                        }
                        else if (shape == 3)
                        {
                            // The await as a conditional operand: spilled with its conditional, awaited on one branch only.
                            var text = $"v % 2 == 0 ? await {Awaitable(Ty.Int, tail: false)} : {Expr(Ty.Int, 1)}";
                            line = $"var {NewLocal(Ty.Int, assigned: true).Name} = {text};";
                        }
                        else if (shape == 4)
                        {
                            var text = $"v > 1 && await {Awaitable(Ty.Bool, tail: false)}";
                            line = $"if ({text}) {(_flavor == Flavor.Direct ? $"env.Log(\"L{_labels++}\")" : "v++")};";
                        }
                        else
                        {
                            line = $"if (await {Awaitable(Ty.Bool, tail: false)}) {(_flavor == Flavor.Direct ? $"env.Log(\"L{_labels++}\")" : "v++")};";
                        }

                        return Line(line);
                    }

                    case 4:
                    {
                        // A loop of each kind (for, foreach over an array or a List<int>, while, do, while with an
                        // awaited condition, do with an awaited condition, for with an awaited initializer) with an
                        // await and a break-free body; its variable is the loop's own.
                        var name = "k" + _names++;
                        var kind = _r.Next(8);
                        var step = kind is >= 3 and <= 6 ? $"    {name}++;" : null;
                        string? doCondition = null;
                        switch (kind)
                        {
                            case 0:
                                lines.Add($"for (var {name} = 0; {name} < 2; {name}++)");
                                break;
                            case 1:
                                lines.Add($"foreach (var {name} in new[] {{ 0, 1 }})");
                                break;
                            case 2:
                                lines.Add($"foreach (var {name} in new List<int> {{ 0, 1 }})");
                                break;
                            case 3:
                                lines.Add($"var {name} = 0;");
                                lines.Add($"while ({name} < 2)");
                                break;
                            case 4:
                                lines.Add($"var {name} = 0;");
                                lines.Add("do");
                                break;
                            case 5:
                                // Awaited again at the top of every iteration; one or two iterations, as the value says.
                                lines.Add($"var {name} = 0;");
                                _loopDepth++;
                                var condition = "await " + Awaitable(Ty.Bool, tail: false);
                                _loopDepth--;
                                lines.Add($"while ({condition} ? {name} < 2 : {name} < 1)");
                                break;
                            case 6:
                                // Awaited after each iteration, after an operand C# evaluates first.
                                lines.Add($"var {name} = 0;");
                                lines.Add("do");
                                _loopDepth++;
                                doCondition = $"while ({name} < 2 && await {Awaitable(Ty.Bool, tail: false)});";
                                _loopDepth--;
                                break;
                            default:
                                // Awaited once, before the first test: zero to two iterations, as the value says.
                                lines.Add($"for (var {name} = await {Awaitable(Ty.Int, tail: false)} % 3; {name} < 2; {name}++)");
                                break;
                        }

                        _loopDepth++;
                        var awaitLine = "await " + Awaitable(null, tail: false) + ";";
                        _loopDepth--;
                        lines.Add("{");
                        lines.Add("    " + awaitLine);
                        lines.Add(_flavor == Flavor.Direct ? $"    env.Log(\"{name}=\" + {name});" : $"    v += {name};");
                        if (step is not null) lines.Add(step);
                        lines.Add("}");
                        if (kind == 4) lines.Add($"while ({name} < 2);");
                        if (doCondition is not null) lines.Add(doCondition);
                        return new Chunk(lines, true);
                    }

                    case 5:
                    case 6:
                    {
                        lines.Add($"using (Fx.Use(env, \"u{_labels++}\"))");
                        var body = Scoped(() => Block());
                        AddBlock(lines, body);
                        return new Chunk(lines, EndReachable(body));
                    }

                    case 7:
                    case 9:
                    {
                        // await foreach (split since issue 9): MoveNextAsync and DisposeAsync are hidden awaits of Task
                        // site `site` (inside the iterator); the body is a loop body of its own, with awaits of its own.
                        var site = NextSite();
                        _helperSites[site] = false;
                        _awaits++;
                        var name = "q" + _names++;
                        var source = _r.Next(3) switch
                        {
                            0 => $"Fx.Items(env, {site}).ConfigureAwait(false)",
                            1 => $"Fx.Items(env, {site}).WithCancellation(env.Token)",
                            _ => $"Fx.Items(env, {site})",
                        };
                        lines.Add($"await foreach (var {name} in {source})");
                        _loopDepth++;
                        var body = Scoped(() => Block(inLoop: true));
                        _loopDepth--;
                        body.Insert(0, Line($"env.Log(\"{name}=\" + {name});"));
                        AddBlock(lines, body);
                        return new Chunk(lines, true);
                    }

                    default:
                    {
                        // await using (split since issue 9): DisposeAsync awaits ValueTask site `site`; a class, a struct
                        // or a null resource, ConfigureAwait(false), or a declaration whose scope is the rest of the block.
                        var site = NextSite();
                        _helperSites[site] = true;
                        _awaits++;
                        var kind = _r.Next(inSection ? 4 : 5);
                        if (kind == 4)
                        {
                            return Line($"await using var u{_names++} = Fx.UseAsync(env, {site});");
                        }

                        var resource = kind switch
                        {
                            0 => $"Fx.UseAsync(env, {site}).ConfigureAwait(false)",
                            1 => $"Fx.UseStructAsync(env, {site})",
                            2 => $"(v == 1 ? null : Fx.UseAsync(env, {site}))",
                            _ => $"var u{_names++} = Fx.UseAsync(env, {site})",
                        };
                        lines.Add($"await using ({resource})");
                        var body = Scoped(() => Block());
                        AddBlock(lines, body);
                        return new Chunk(lines, EndReachable(body));
                    }
                }
            }
        }
    }
}
