using System;
using System.Collections.Generic;
using System.Linq;

namespace Prewired.Tests.Reliability
{
    public static partial class RandomBodyGenerator
    {
        private sealed partial class Writer
        {
            // ---- tail-await bodies ------------------------------------------------------------------------------------

            /// <summary>A synchronous prefix, then one tail construct; every path ends in a tail await, a return or a throw
            /// (or, in a method without a result, falls off the end).</summary>
            private List<Chunk> TailBlock(bool top)
            {
                var chunks = new List<Chunk>();
                var prefix = _r.Next(3);
                for (var i = 0; i < prefix; i++) chunks.Add(SyncStatement());
                var prefixEnd = chunks.Count;
                var depth = _scopes.Count;
                var roll = _r.Next(10);
                if (roll < 3 || depth >= 3 || _sites >= MaxSites)
                {
                    chunks.Add(TailLeaf(inSection: false));
                }
                else if (roll < 6)
                {
                    var lines = new List<string> { $"if ({Condition()})" };
                    var thenBlock = Scoped(() => TailBlock(top: false));
                    AddBlock(lines, thenBlock);
                    lines.Add("else");
                    var elseBlock = Scoped(() => TailBlock(top: false));
                    AddBlock(lines, elseBlock);
                    chunks.Add(new Chunk(lines, EndReachable(thenBlock) || EndReachable(elseBlock)));
                }
                else if (roll < 8)
                {
                    // Early out: if (c) { ...; tail; [return;] } and then the rest.
                    var lines = new List<string> { $"if ({Condition()})" };
                    var thenBlock = Scoped(() =>
                    {
                        var inner = TailBlock(top: false);
                        if (EndReachable(inner)) inner.Add(new Chunk(new List<string> { _result is { } r ? $"return {ResultExpr(r)};" : "return;" }, false));
                        return inner;
                    });
                    AddBlock(lines, thenBlock);
                    chunks.Add(new Chunk(lines, true));
                    chunks.AddRange(TailBlock(top: false));
                }
                else
                {
                    chunks.Add(TailSwitch());
                }

                if (top && _result is { } t && EndReachable(chunks)) chunks.Add(new Chunk(new List<string> { $"return {ResultExpr(t)};" }, false));
                // Before the tail construct: nothing may run after a tail await.
                Flush(chunks, prefixEnd);
                return chunks;
            }

            private Chunk TailSwitch()
            {
                var lines = new List<string> { $"switch ({(_r.Next(2) == 0 ? "v" : "v % 2")})", "{" };
                var labels = new[] { 0, 1, 2, 3 }.OrderBy(_ => _r.Next()).Take(1 + _r.Next(3)).ToList();
                var reachable = false;
                var hasDefault = _r.Next(2) == 0;
                foreach (var label in labels.Select(l => $"case {l}:").Concat(hasDefault ? new[] { "default:" } : Array.Empty<string>()))
                {
                    lines.Add("    " + label);
                    var body = Scoped(() =>
                    {
                        var chunks = new List<Chunk>();
                        if (_r.Next(2) == 0) chunks.Add(SyncStatement());
                        var prefixEnd = chunks.Count;
                        chunks.Add(TailLeaf(inSection: true));
                        if (EndReachable(chunks))
                        {
                            chunks.Add(new Chunk(new List<string> { _result is null && _r.Next(3) == 0 ? "return;" : "break;" }, false));
                            if (chunks[^1].Lines[0] == "break;") reachable = true;
                        }

                        Flush(chunks, prefixEnd);
                        return chunks;
                    });
                    lines.AddRange(Render(body, 2).Split('\n'));
                }

                if (!hasDefault) reachable = true;
                lines.Add("}");
                return new Chunk(lines, reachable);
            }

            /// <summary>A tail await (return await x / a final await x), a plain return or a throw.</summary>
            private Chunk TailLeaf(bool inSection)
            {
                var roll = _r.Next(10);
                if (roll < 7 && _sites < MaxSites)
                {
                    if (_result is { } t) return new Chunk(new List<string> { $"return await {Awaitable(t, tail: true)};" }, false);
                    return new Chunk(new List<string> { $"await {Awaitable(null, tail: true)};" }, true);
                }

                if (roll < 9)
                {
                    if (_result is { } t) return new Chunk(new List<string> { $"return {ResultExpr(t)};" }, false);
                    return Line(_flavor == Flavor.Direct ? Log() : "v++;"); // no declaration: the block's locals are read before it
                }

                return new Chunk(new List<string> { $"throw {Exception()};" }, false);
            }

            /// <summary>A statement with no await.</summary>
            private Chunk SyncStatement()
            {
                for (var attempt = 0; ; attempt++)
                {
                    switch (_r.Next(6))
                    {
                        case 0:
                            return Line(Log());
                        case 1:
                            return Line(Declare());
                        case 2:
                            if (Assign() is { } assign) return Line(assign);
                            break;
                        case 3:
                            return Line($"if ({Condition()}) throw {Exception()};");
                        default:
                            if (ContextChange() is { } change) return Line(change);
                            break;
                    }

                    if (attempt > 10) return Line(Declare());
                }
            }
        }
    }
}
