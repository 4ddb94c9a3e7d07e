using System;
using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;
using Prewired.Tests.Semantics;

namespace Prewired.Tests.Reliability
{
    /// <summary>
    /// Helpers random bodies call besides <see cref="Env"/> (compiled bodies see them through
    /// <c>using Prewired.Tests.Reliability;</c>). They live outside the compiled code, so the generator cannot look inside
    /// them: every call to one makes the synchronous part "unknown code" (the context guard is needed). Each one logs to
    /// the environment, so what it did and when is part of the compared log.
    /// </summary>
    public static class Fx
    {
        /// <summary>Returns <paramref name="value"/>, or throws an injected InvalidOperationException when <paramref name="v"/> is <paramref name="when"/>.</summary>
        public static int FailIf(Env env, int v, int when, int value)
        {
            env.Log($"FailIf {v}=={when}");
            if (v == when) throw env.Ioe($"FailIf {value}");
            return value;
        }

        /// <summary>Returns <paramref name="value"/>, or throws an injected OperationCanceledException (never-canceled token) when <paramref name="v"/> is <paramref name="when"/>.</summary>
        public static int CancelIf(Env env, int v, int when, int value)
        {
            env.Log($"CancelIf {v}=={when}");
            if (v == when) throw env.Oce($"CancelIf {value}");
            return value;
        }

        /// <summary>An out variable for an if condition: true for even <paramref name="v"/>, <paramref name="half"/> always assigned.</summary>
        public static bool TryHalf(Env env, int v, out int half)
        {
            env.Log("TryHalf " + v);
            half = v / 2;
            return v % 2 == 0;
        }

        /// <summary><paramref name="v"/> as an object, for a type pattern with a variable (<c>Fx.Box(env, v) is int p</c>).</summary>
        public static object Box(Env env, int v)
        {
            env.Log("Box " + v);
            return v;
        }

        /// <summary>
        /// A catch filter that declares an out variable: logs (filters run before inner finally blocks, so the order is
        /// part of the compared log), accepts exceptions whose message is longer than <paramref name="v"/>.
        /// </summary>
        public static bool Accept(Env env, Exception exception, int v, out int code)
        {
            env.Log("Accept " + exception.Message);
            code = exception.Message.Length;
            return code > v;
        }

        /// <summary>Installs the environment's body context from outside the compiled code.</summary>
        public static void UseBodyContext(Env env)
        {
            SynchronizationContext.SetSynchronizationContext(env.BodyContext);
            env.Log("Fx.UseBodyContext");
        }

        /// <summary>A using-statement resource that logs its disposal.</summary>
        public static Scope Use(Env env, string name)
        {
            env.Log("use " + name);
            return new Scope(env, name);
        }

        /// <summary>An await-using resource whose DisposeAsync awaits ValueTask site <paramref name="site"/>.</summary>
        public static AsyncScope UseAsync(Env env, int site) => new(env, site);

        /// <summary>A struct await-using resource (disposed on the variable, no boxing) whose DisposeAsync awaits ValueTask site <paramref name="site"/>.</summary>
        public static StructAsyncScope UseStructAsync(Env env, int site) => new(env, site);

        /// <summary>An async sequence of two items with Task site <paramref name="site"/> awaited between them.</summary>
        public static async IAsyncEnumerable<int> Items(Env env, int site, [System.Runtime.CompilerServices.EnumeratorCancellation] CancellationToken token = default)
        {
            env.Log("items start");
            yield return 1;
            await env.T(site);
            token.ThrowIfCancellationRequested();
            yield return 2;
            env.Log("items end");
        }

        public sealed class Scope : IDisposable
        {
            private readonly Env _env;
            private readonly string _name;

            internal Scope(Env env, string name)
            {
                _env = env;
                _name = name;
            }

            /// <summary>Read after the awaits of the using's scope (the variable lives across them).</summary>
            public string Name => _name;

            public void Dispose() => _env.Log("dispose " + _name);
        }

        public readonly struct StructAsyncScope : IAsyncDisposable
        {
            private readonly Env _env;
            private readonly int _site;

            internal StructAsyncScope(Env env, int site)
            {
                _env = env;
                _site = site;
            }

            public ValueTask DisposeAsync()
            {
                _env.Log("dispose struct async " + _site);
                return _env.V(_site);
            }
        }

        public sealed class AsyncScope : IAsyncDisposable
        {
            private readonly Env _env;
            private readonly int _site;

            internal AsyncScope(Env env, int site)
            {
                _env = env;
                _site = site;
            }

            /// <summary>Read after the awaits of the await using's scope (the variable lives across them).</summary>
            public string Name => "a" + _site;

            public ValueTask DisposeAsync()
            {
                _env.Log("dispose async " + _site);
                return _env.V(_site);
            }
        }
    }
}
