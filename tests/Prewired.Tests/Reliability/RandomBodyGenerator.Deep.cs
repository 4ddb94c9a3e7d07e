using System;
using System.Collections.Generic;
using System.Linq;
using System.Runtime.CompilerServices;
using Prewired.Tests.Semantics;

namespace Prewired.Tests.Reliability
{
    /// <summary>
    /// The Deep shape (issue 33, point 3): every statement kind [FastPath] splits nested in every other to any depth the
    /// budget allows, awaits in every position C# allows (statement forms, conditions, switch subjects, loop headers,
    /// using resources, try, catch, catch-when and finally blocks, switch sections, goto regions, nested functions), and
    /// each construct's own variables (catch and filter variables, pattern and out variables, loop, using and switch
    /// variables, the locals of every block) read and written again at the end of their scope, after the awaits nested
    /// in it: a continuation that resumes inside a nested construct must still see them. Every form here is one
    /// docs/diagnostics/PW0201.md says [FastPath] splits, so a Deep body must split (a forward is a finding).
    /// </summary>
    public static partial class RandomBodyGenerator
    {
        private static readonly ConditionalWeakTable<BodyCase, GeneratorCoverage> s_coverage = new();

        /// <summary>What the generator wrote into <paramref name="body"/> (null for a body it did not write, e.g. a shrunk one).</summary>
        public static GeneratorCoverage? CoverageOf(BodyCase body) => s_coverage.TryGetValue(body, out var coverage) ? coverage : null;

        private sealed partial class Writer
        {
            // Scopes deep (the method's block is 1; a construct adds one): constructs nest up to about six deep.
            private const int DeepMaxScopes = 8;

            // The constructs being written around the current point, innermost last.
            private readonly List<string> _enclosing = new();

            // Inside a finally block no statement may leave it (CS0157): Block writes no return or throw there.
            private int _finallyDepth;

            // The position the next Awaitable is written in, for the coverage table.
            private string? _position;

            // Inside a checked or unchecked block.
            private int _checkedDepth;

            // An await nested in an expression of a checked block: its operand has no operator the context changes (such an
            // operand forwards, PW0201 "nested in a checked or unchecked expression, and its operand computes what the
            // context changes"), so Awaitable writes plain values and no ConfigureAwaitOptions combination.
            private bool _plainOperand;

            // A filter reads the instance's _limit field.
            private bool _usesLimit;

            public GeneratorCoverage Coverage { get; } = new();

            private string Enclosing => _enclosing.Count == 0 ? "method" : _enclosing[^1];

            private bool CanAwait => _sites < MaxSites && !_yielded;

            private Chunk? DeepConstruct(bool allowEnd, bool inSection)
            {
                for (var attempt = 0; attempt < 8; attempt++)
                {
                    var chunk = _r.Next(20) switch
                    {
                        0 or 1 => DeepIf(),
                        2 or 3 => DeepSwitch(),
                        4 => DeepWhile(isDo: false),
                        5 => DeepWhile(isDo: true),
                        6 => DeepFor(),
                        7 => DeepForeach(),
                        8 => DeepAwaitForeach(),
                        9 => DeepUsing(inSection),
                        10 => DeepAwaitUsing(inSection),
                        11 => DeepBlock("block"),
                        12 => DeepBlock("checked"),
                        13 or 14 or 15 => DeepTry(),
                        16 => DeepGoto(backward: _r.Next(2) == 0),
                        17 => DeepFunction(),
                        _ => DeepExpressionAwait(),
                    };
                    if (chunk is not null) return chunk;
                }

                return null;
            }

            /// <summary>The body of a construct: a scope of its own, counted as <paramref name="kind"/> inside the construct around it.</summary>
            private List<Chunk> Nested(string kind, Func<List<Chunk>> build)
            {
                Coverage.Statement(kind, Enclosing);
                _enclosing.Add(kind);
                try
                {
                    return Scoped(build);
                }
                finally
                {
                    _enclosing.RemoveAt(_enclosing.Count - 1);
                }
            }

            /// <summary>A variable of the construct being written, in its innermost scope, touched again at the end of that scope.</summary>
            private Local Own(Local local)
            {
                _scopes[^1].Locals.Add(local);
                return local;
            }

            /// <summary>
            /// An await of the method (a resume point): counted at <see cref="_position"/>, and every variable in scope now
            /// lives across it. Awaits inside a nested function are not the method's and do not come here.
            /// </summary>
            private void ResumePoint()
            {
                Coverage.Await(_position ?? "other", Enclosing, _enclosing.Count);
                _position = null;
                foreach (var local in _scopes.SelectMany(s => s.Locals))
                {
                    local.AwaitsSince++;
                    local.DeepestAwaitSince = Math.Max(local.DeepestAwaitSince, _scopes.Count);
                }
            }

            private void Touched(Local local, string access)
            {
                if (local.AwaitsSince == 0) return;
                Coverage.Variable(local.Kind, access + " after a resume point");
                if (local.DeepestAwaitSince > _scopes.Count) Coverage.Variable(local.Kind, access + " after a resume point nested deeper");
            }

            private void Wrote(Local local) => Touched(local, "written");

            /// <summary>A construct variable at the end of its scope: written first where C# lets the body assign it, then read.</summary>
            private List<string> TouchLines(Local local)
            {
                var lines = new List<string>();
                if (local.Rewrite is { } rewrite && _r.Next(2) == 0)
                {
                    Wrote(local);
                    lines.Add(rewrite);
                }
                else if (local.Writable && local.ReadAs is null && local.Type == Ty.Int && _r.Next(2) == 0)
                {
                    Wrote(local);
                    lines.Add($"{local.Name} += {Expr(Ty.Int, 0, exclude: local)};");
                }

                lines.Add(_flavor == Flavor.Direct ? $"env.Log(\"{local.Name}=\" + {Use(local)});" : $"_ = {Use(local)};");
                return lines;
            }

            /// <summary>An awaitable for an await nested in a larger expression: with a plain operand inside a checked block.</summary>
            private string NestedAwaitable(Ty type)
            {
                _plainOperand = _checkedDepth > 0;
                try
                {
                    return Awaitable(type, tail: false);
                }
                finally
                {
                    _plainOperand = false;
                }
            }

            /// <summary>A value with no operator: a local, the parameter, a literal.</summary>
            private string PlainValue(Ty type) => type switch
            {
                Ty.Int => Readable(Ty.Int) is { } i && _r.Next(2) == 0 ? Use(i) : "v",
                Ty.Long => "40L",
                Ty.Str => $"\"s{_r.Next(10)}\"",
                _ => Readable(Ty.Bool) is { } b && _r.Next(2) == 0 ? Use(b) : "true",
            };

            /// <summary>An await of environment site with a fixed operand (a loop's step, a resource, a collection), counted at <paramref name="position"/>.</summary>
            private string SiteAwait(string position, string method, string? value)
            {
                _awaits++;
                _position = position;
                ResumePoint();
                var site = NextSite();
                return value is null ? $"await env.{method}({site})" : $"await env.{method}({site}, {value})";
            }

            // ---- conditionals ---------------------------------------------------------------------------------------

            private Chunk DeepIf()
            {
                Local? pattern = null;
                string condition;
                switch (_r.Next(_checkedDepth > 0 ? 2 : 4))
                {
                    case 1 when CanAwait:
                        _position = "if condition";
                        condition = "await " + Awaitable(Ty.Bool, tail: false);
                        break;
                    case 2:
                        // An out variable of the condition: in scope and assigned after the if too (C# puts it in the
                        // enclosing block), read there after the awaits of both branches.
                        var o = Own(new Local("o" + _names++, Ty.Int, true) { Kind = "out variable of an if condition", Touch = true });
                        condition = $"Fx.TryHalf(env, v, out var {o.Name})";
                        break;
                    case 3:
                        // A pattern variable: assigned only where the condition held, so it belongs to the then block.
                        var name = "p" + _names++;
                        pattern = new Local(name, Ty.Int, true) { Kind = "pattern variable of an if condition", Touch = true };
                        condition = $"Fx.Box(env, v) is int {name}" + (_r.Next(2) == 0 ? $" && {name} > {_r.Next(3)}" : string.Empty);
                        break;
                    default:
                        condition = Condition();
                        break;
                }

                var lines = new List<string> { $"if ({condition})" };
                var then = Nested("if", () =>
                {
                    if (pattern is not null) Own(pattern);
                    return Block();
                });
                AddBlock(lines, then);

                // With an out variable the end stays reachable (no else), so the enclosing block reads it after the if.
                if (_r.Next(4) == 0 || condition.Contains("out var", StringComparison.Ordinal)) return new Chunk(lines, true);
                var otherwise = Nested("else", () => Block());
                lines.Add("else");
                AddBlock(lines, otherwise);
                return new Chunk(lines, EndReachable(then) || EndReachable(otherwise));
            }

            /// <summary>
            /// A switch on an int with constant, relational, 'or'/'and' and guarded patterns (disjoint and in an order no
            /// section subsumes a later one: CS8120), a pattern variable per guarded section read after the section's
            /// awaits, and optionally an awaited subject.
            /// </summary>
            private Chunk DeepSwitch()
            {
                var roll = _r.Next(4);
                string subject;
                if (roll == 0 && CanAwait)
                {
                    _position = "switch subject";
                    subject = "await " + Awaitable(Ty.Int, tail: false);
                }
                else
                {
                    subject = roll == 1 && Readable(Ty.Int) is { } local ? Use(local) : roll == 2 ? "v % 4" : "v";
                }

                var sections = new List<(string Label, Local? Bound)>();
                if (_r.Next(2) == 0) sections.Add(("case 0:", null));
                if (_r.Next(2) == 0) sections.Add(("case 1 or 2:", null));
                if (_r.Next(3) == 0) sections.Add(("case < 0:", null));
                if (_r.Next(3) == 0) sections.Add(("case > 5 and < 9:", null));
                if (_r.Next(3) == 0) sections.Add(($"case 3 when {Condition()}:", null));
                if (_r.Next(2) == 0)
                {
                    var w = "w" + _names++;
                    sections.Add(($"case int {w} when {w} > {_r.Next(4)}:", new Local(w, Ty.Int, true) { Kind = "pattern variable of a switch section", Touch = true }));
                }

                if (_r.Next(3) == 0)
                {
                    var w = "w" + _names++;
                    sections.Add(($"case var {w} when ({w} & 1) == {_r.Next(2)}:", new Local(w, Ty.Int, true) { Kind = "pattern variable of a switch section", Touch = true }));
                }

                if (sections.Count == 0) sections.Add(("case 0:", null));
                var hasDefault = _r.Next(2) == 0;
                if (hasDefault) sections.Add(("default:", null));
                var lines = new List<string> { $"switch ({subject})", "{" };
                var reachable = !hasDefault;
                foreach (var (label, bound) in sections)
                {
                    lines.Add("    " + label);
                    var body = Nested("switch section", () =>
                    {
                        if (bound is not null) Own(bound);
                        return Block(inSection: true);
                    });
                    reachable |= SectionBreaks(body);
                    lines.AddRange(Render(body, 2).Split('\n'));
                }

                lines.Add("}");
                return new Chunk(lines, reachable);
            }

            private Chunk DeepBlock(string kind)
            {
                if (kind == "checked") _checkedDepth++;
                List<Chunk> block;
                try
                {
                    block = Nested(kind, () => Block());
                }
                finally
                {
                    if (kind == "checked") _checkedDepth--;
                }

                var lines = new List<string>();
                if (kind == "checked") lines.Add("checked");
                AddBlock(lines, block);
                return new Chunk(lines, EndReachable(block));
            }

            // ---- loops ----------------------------------------------------------------------------------------------

            /// <summary>A while or do loop over a counter the body cannot change (two iterations), its condition awaiting or not.</summary>
            private Chunk DeepWhile(bool isDo)
            {
                var name = "k" + _names++;
                var counter = new Local(name, Ty.Int, true) { Read = true, Writable = false, Kind = "loop counter" };
                var lines = new List<string> { $"var {name} = 0;" };
                var awaits = CanAwait && _checkedDepth == 0 && _r.Next(2) == 0;
                string Test()
                {
                    if (!awaits || !CanAwait) return $"{name} < 2";
                    _position = isDo ? "do condition" : "while condition";
                    return $"{name} < 2 && await {NestedAwaitable(Ty.Bool)}";
                }

                _scopes[^1].Locals.Add(counter);
                _loopDepth++;
                try
                {
                    if (!isDo) lines.Add($"while ({Test()})");
                    else lines.Add("do");
                    var body = Nested(isDo ? "do" : "while", () => Block(inLoop: true));
                    body.Add(Line($"{name}++;"));
                    AddBlock(lines, body);
                    if (isDo) lines.Add($"while ({Test()});");
                }
                finally
                {
                    _loopDepth--;
                }

                return new Chunk(lines, true);
            }

            /// <summary>A for loop awaiting in its initializer, condition or incrementor (or not at all); its variable is read after the body's awaits.</summary>
            private Chunk DeepFor()
            {
                var name = "k" + _names++;
                var form = CanAwait && _checkedDepth == 0 ? _r.Next(5) : 0;
                _loopDepth++;
                try
                {
                    string header;
                    switch (form)
                    {
                        case 1:
                            _position = "for initializer";
                            header = $"for (var {name} = await {NestedAwaitable(Ty.Int)} % 3; {name} < 2; {name}++)";
                            break;
                        case 2:
                            _position = "for condition";
                            header = $"for (var {name} = 0; {name} < 2 && await {NestedAwaitable(Ty.Bool)}; {name}++)";
                            break;
                        case 3:
                            // A step of 1 however the await completes (a fault leaves the loop).
                            header = $"for (var {name} = 0; {name} < 2; {name} += {SiteAwait("for incrementor", "TR", "1")})";
                            break;
                        default:
                            header = $"for (var {name} = 0; {name} < 2; {name}++)";
                            break;
                    }

                    var body = Nested("for", () =>
                    {
                        Own(new Local(name, Ty.Int, true) { Writable = false, Touch = true, Kind = "for variable" });
                        return Block(inLoop: true);
                    });
                    var lines = new List<string> { header };
                    AddBlock(lines, body);
                    return new Chunk(lines, true);
                }
                finally
                {
                    _loopDepth--;
                }
            }

            private Chunk DeepForeach()
            {
                var name = "q" + _names++;
                var collection = _r.Next(_checkedDepth > 0 ? 2 : 3) switch
                {
                    0 => "new[] { 0, 1 }",
                    1 => "new List<int> { 1, 2 }",
                    _ when CanAwait => SiteAwait("foreach collection", "TR", "new[] { 3, 4 }"),
                    _ => "new[] { 5, 6 }",
                };
                _loopDepth++;
                try
                {
                    var body = Nested("foreach", () =>
                    {
                        Own(new Local(name, Ty.Int, true) { Writable = false, Touch = true, Kind = "foreach variable" });
                        return Block(inLoop: true);
                    });
                    var lines = new List<string> { $"foreach (var {name} in {collection})" };
                    AddBlock(lines, body);
                    return new Chunk(lines, true);
                }
                finally
                {
                    _loopDepth--;
                }
            }

            /// <summary>await foreach over an async iterator whose MoveNextAsync awaits Task site <c>site</c> between its two items.</summary>
            private Chunk? DeepAwaitForeach()
            {
                if (!CanAwait) return null;
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
                _position = "await foreach (MoveNextAsync)";
                ResumePoint();
                _loopDepth++;
                try
                {
                    var body = Nested("await foreach", () =>
                    {
                        Own(new Local(name, Ty.Int, true) { Writable = false, Touch = true, Kind = "await foreach variable" });
                        return Block(inLoop: true);
                    });
                    var lines = new List<string> { $"await foreach (var {name} in {source})" };
                    AddBlock(lines, body);
                    return new Chunk(lines, true);
                }
                finally
                {
                    _loopDepth--;
                }
            }

            // ---- resources ------------------------------------------------------------------------------------------

            private Chunk DeepUsing(bool inSection)
            {
                var name = "u" + _names++;
                var variable = new Local(name, Ty.Str, true) { ReadAs = name + ".Name", Writable = false, Touch = true, Kind = "using variable" };
                var form = _r.Next(inSection || _checkedDepth > 0 ? 3 : 4);
                if (form == 1 && _checkedDepth > 0) form = 0;
                if (form == 3)
                {
                    // A using declaration: disposed at the end of the enclosing block, read before it.
                    Coverage.Statement("using", Enclosing);
                    _scopes[^1].HasUsingDeclaration = true;
                    Own(new Local(name, Ty.Str, true) { ReadAs = name + ".Name", Writable = false, Touch = true, Kind = "using declaration variable" });
                    return Line($"using var {name} = Fx.Use(env, \"{name}\");");
                }

                var resource = form switch
                {
                    0 => $"var {name} = Fx.Use(env, \"{name}\")",
                    1 when CanAwait => SiteAwait("using resource", "TR", $"Fx.Use(env, \"{name}\")"),
                    _ => $"Fx.Use(env, \"{name}\")",
                };
                var body = Nested("using", () =>
                {
                    if (form == 0) Own(variable);
                    return Block();
                });
                var lines = new List<string> { $"using ({resource})" };
                AddBlock(lines, body);
                return new Chunk(lines, EndReachable(body));
            }

            /// <summary>
            /// await using: DisposeAsync awaits ValueTask site <c>site</c>. A class variable is read after the awaits of
            /// its scope; a struct resource has no variable (members called on a read-only struct variable forward, PW0201).
            /// </summary>
            private Chunk? DeepAwaitUsing(bool inSection)
            {
                if (!CanAwait) return null;
                var site = NextSite();
                _helperSites[site] = true;
                _awaits++;
                var name = "u" + _names++;
                var form = _r.Next(inSection ? 3 : 4);
                if (form == 3)
                {
                    // Disposed (awaited) at the end of the enclosing block: a resume point after everything else in it.
                    Coverage.Statement("await using", Enclosing);
                    Coverage.Await("await using (DisposeAsync)", Enclosing, _enclosing.Count);
                    _scopes[^1].HasUsingDeclaration = true;
                    Own(new Local(name, Ty.Str, true) { ReadAs = name + ".Name", Writable = false, Touch = true, Kind = "await using declaration variable" });
                    return Line($"await using var {name} = Fx.UseAsync(env, {site});");
                }

                var resource = form switch
                {
                    0 => $"var {name} = Fx.UseAsync(env, {site})",
                    1 => $"Fx.UseStructAsync(env, {site})",
                    _ => $"Fx.UseAsync(env, {site}).ConfigureAwait(false)",
                };
                var body = Nested("await using", () =>
                {
                    if (form == 0) Own(new Local(name, Ty.Str, true) { ReadAs = name + ".Name", Writable = false, Touch = true, Kind = "await using variable" });
                    return Block();
                });
                _position = "await using (DisposeAsync)";
                ResumePoint();
                var lines = new List<string> { $"await using ({resource})" };
                AddBlock(lines, body);
                return new Chunk(lines, EndReachable(body));
            }

            // ---- try ------------------------------------------------------------------------------------------------

            /// <summary>
            /// try with one or two catches (named or not, with filters that read the exception, a local, a field, or
            /// declare an out variable the block reads), a finally, or both; awaits anywhere in each block; the catch
            /// variable and the filter's out variable read (and the catch variable reassigned) after the block's awaits.
            /// </summary>
            private Chunk DeepTry()
            {
                var lines = new List<string> { "try" };
                var tryBlock = Nested("try", () =>
                {
                    var chunks = new List<Chunk>();
                    if (_r.Next(2) == 0) chunks.Add(Line($"if ({Condition()}) throw {Exception()};"));
                    chunks.AddRange(Block());
                    return chunks;
                });
                AddBlock(lines, tryBlock);
                var reachable = EndReachable(tryBlock);
                var form = _r.Next(4);
                var catches = form switch
                {
                    2 => Array.Empty<string>(),
                    3 => new[] { "InvalidOperationException", "OperationCanceledException" },
                    _ => new[] { Pick("InvalidOperationException", "OperationCanceledException") },
                };
                foreach (var type in catches)
                {
                    var named = _r.Next(5) != 0;
                    var name = "e" + _names++;
                    var caught = new Local(name, Ty.Str, true)
                    {
                        Kind = "catch variable",
                        ReadAs = name + ".Message",
                        Writable = false,
                        Touch = true,
                        Rewrite = $"{name} = new {type}({name}.Message + \"!\");",
                    };
                    Local? filterOut = null;
                    string? filter = null;
                    switch (named ? _r.Next(6) : _r.Next(4) + 6)
                    {
                        case 0:
                            filter = $"{name}.Message.Length > {Expr(Ty.Int, 1)}";
                            break;
                        case 1:
                            filterOut = new Local("c" + _names++, Ty.Int, true) { Kind = "out variable of a catch filter", Touch = true };
                            filter = $"Fx.Accept(env, {name}, v, out var {filterOut.Name})";
                            break;
                        case 2 when !_static:
                            // An instance member in the filter: the re-stated filter must reach it through the instance.
                            _usesLimit = true;
                            filter = $"_limit > v || {name}.Message.Length > v";
                            break;
                        case 6:
                            filter = $"v != {_r.Next(4)}";
                            break;
                    }

                    lines.Add($"catch ({type}{(named ? " " + name : string.Empty)}){(filter is null ? string.Empty : $" when ({filter})")}");
                    var rethrow = _r.Next(3) == 0;
                    var catchBlock = Nested(filter is null ? "catch" : "catch when", () =>
                    {
                        if (named) Own(caught);
                        if (filterOut is not null) Own(filterOut);
                        var chunks = Block();
                        if (rethrow && EndReachable(chunks)) chunks.Add(new Chunk(new List<string> { "throw;" }, false));
                        return chunks;
                    });
                    AddBlock(lines, catchBlock);
                    reachable |= EndReachable(catchBlock);
                }

                if (catches.Length == 0 || (form == 1) || (form == 3 && _r.Next(2) == 0))
                {
                    _finallyDepth++;
                    try
                    {
                        var finallyBlock = Nested("finally", () => Block(inLoop: true));
                        lines.Add("finally");
                        AddBlock(lines, finallyBlock);
                    }
                    finally
                    {
                        _finallyDepth--;
                    }
                }

                return new Chunk(lines, reachable);
            }

            // ---- jumps ----------------------------------------------------------------------------------------------

            /// <summary>
            /// The two goto forms [FastPath] splits (docs/diagnostics/PW0201.md): a forward one from an if without else at
            /// the top level of its label's block, over a block that awaits; a backward one to a label of its block, run
            /// twice over a block that awaits (a loop, so no flow suppression in it). The labeled statement never awaits
            /// (an await in a labeled statement forwards). Not directly in a switch section: its statements are no block, and a
            /// goto back to a label there forwarded ("jumps back across an await").
            /// </summary>
            private Chunk? DeepGoto(bool backward)
            {
                // After a using or await using declaration of the same block a forward goto forwarded ("jumps forward
                // across an await"): the declaration's scope is the rest of the block, written out as a try.
                if (_scopes[^1].HasUsingDeclaration || _scopes[^1].IsSection) return null;

                var label = "G" + _labels++;
                var lines = new List<string>();
                if (!backward)
                {
                    lines.Add($"if ({Condition()}) goto {label};");
                    var skipped = Nested("labeled region (forward goto)", () => Block());
                    AddBlock(lines, skipped);
                    lines.Add($"{label}: env.Log(\"{label}\");");
                    return new Chunk(lines, true);
                }

                if (_scopes[^1].HasUsingDeclaration) return null;
                var counter = "g" + _names++;
                _scopes[^1].Locals.Add(new Local(counter, Ty.Int, true) { Read = true, Writable = false, Kind = "goto counter" });
                lines.Add($"var {counter} = 0;");
                lines.Add($"{label}: env.Log(\"{label} \" + {counter});");
                _loopDepth++;
                try
                {
                    var again = Nested("goto loop (backward goto)", () => Block(inLoop: true));
                    AddBlock(lines, again);
                }
                finally
                {
                    _loopDepth--;
                }

                lines.Add($"if (++{counter} < 2) goto {label};");
                return new Chunk(lines, true);
            }

            // ---- nested functions -----------------------------------------------------------------------------------

            /// <summary>
            /// A local function or lambda, synchronous (called after an await of the method, the variable it captures
            /// changed across it) or async (awaiting a site in its own body, and awaited by the method). It captures the
            /// parameter or a declared local only: other variables (out, pattern, foreach, for, catch) shared with a
            /// nested function and changed across an await forward (PW0201), and so does a variable of all iterations
            /// of a loop around it, so in a loop it captures only a local of the innermost block.
            /// </summary>
            private Chunk? DeepFunction()
            {
                // A local of a switch section is not of a block: it cannot be kept in a shared object (docs/fast-path.md), so
                // a function there captures only the parameter, and none is written in a section inside a loop.
                var inSection = _scopes[^1].IsSection;
                if (!CanAwait || (inSection && _loopDepth > 0)) return null;
                var captured = inSection ? new List<Local>() : _scopes[^1].Locals
                    .Where(l => l.Type == Ty.Int && l.Assigned && l.Writable && l.ReadAs is null && l.Kind.StartsWith("local", StringComparison.Ordinal) && !l.Name.StartsWith('k'))
                    .ToList();
                var lines = new List<string>();
                Local? local = captured.Count > 0 && (_loopDepth > 0 || _r.Next(2) == 0) ? captured[_r.Next(captured.Count)] : null;
                if (local is null && _loopDepth > 0)
                {
                    // In a loop: a local of this iteration's block to capture.
                    var value = Expr(Ty.Int, 1);
                    local = NewLocal(Ty.Int, assigned: true);
                    lines.Add($"var {local.Name} = {value};");
                }

                var capture = local is null ? "v" : Use(local);
                var n = _names++;
                var form = _r.Next(4);
                var kind = form is 0 or 2 ? "local function" : "lambda";
                Coverage.Statement(kind, Enclosing);
                if (form < 2)
                {
                    var call = form == 0 ? $"F{n}" : $"f{n}";
                    lines.Add(form == 0 ? $"int F{n}(int x) => x + {capture};" : $"Func<int, int> f{n} = x => x * 2 + {capture};");
                    _position = "await x;";
                    lines.Add("await " + Awaitable(null, tail: false) + ";");
                    if (local is null)
                    {
                        lines.Add("v += 2;");
                    }
                    else
                    {
                        Wrote(local);
                        lines.Add($"{local.Name} += 2;");
                    }

                    lines.Add($"env.Log(\"{call} \" + {call}({Expr(Ty.Int, 1)}));");
                    return new Chunk(lines, true);
                }

                // An async nested function: its await is its own (no resume point of the method), awaited by the method.
                _awaits++;
                var inner = NextSite();
                _enclosing.Add(kind);
                Coverage.Await(kind == "lambda" ? "lambda body" : "local function body", kind, _enclosing.Count);
                _enclosing.RemoveAt(_enclosing.Count - 1);
                if (form == 2)
                {
                    lines.Add($"async Task<int> A{n}(int x)");
                    lines.Add("{");
                    lines.Add($"    env.Log(\"A{n} \" + x);");
                    lines.Add($"    await env.T({inner});");
                    lines.Add($"    return x + {capture};");
                    lines.Add("}");
                    _position = "awaited local function or lambda";
                    ResumePoint();
                    _awaits++;
                    var argument = Expr(Ty.Int, 1);
                    var result = NewLocal(Ty.Int, assigned: true);
                    lines.Add($"var {result.Name} = await A{n}({argument});");
                }
                else
                {
                    lines.Add($"Func<Task> h{n} = async () =>");
                    lines.Add("{");
                    lines.Add($"    env.Log(\"h{n} \" + {capture});");
                    lines.Add($"    await env.T({inner});");
                    lines.Add("};");
                    _position = "awaited local function or lambda";
                    ResumePoint();
                    _awaits++;
                    lines.Add($"await h{n}();");
                }

                return new Chunk(lines, true);
            }

            /// <summary>An await nested in a larger expression (spilled before its statement) or as the right operand of &amp;&amp;.</summary>
            private Chunk? DeepExpressionAwait()
            {
                if (!CanAwait) return null;
                if (_r.Next(2) == 0)
                {
                    _position = "nested in an expression";
                    return Line($"env.Log(\"n{_labels++} \" + await {NestedAwaitable(Pick(Ty.Int, Ty.Str))});");
                }

                _position = "conditional operand";
                return Line($"if (v > 1 && await {NestedAwaitable(Ty.Bool)}) env.Log(\"L{_labels++}\");");
            }
        }
    }
}
