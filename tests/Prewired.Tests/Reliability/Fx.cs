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

            public ValueTask DisposeAsync()
            {
                _env.Log("dispose async " + _site);
                return _env.V(_site);
            }
        }
    }
}
