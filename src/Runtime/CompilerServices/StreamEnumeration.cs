using System;
using System.Collections.Generic;
using System.ComponentModel;
using System.Runtime.CompilerServices;
using System.Threading;
using System.Threading.Tasks;
using System.Threading.Tasks.Sources;

namespace Prewired.CompilerServices
{
    /// <summary>
    /// What <c>PrewiredSender.CreateStream</c> returns: the stream pipeline's stream, enumerated with one token that is both
    /// the one passed to <c>CreateStream</c> and the one passed to <c>WithCancellation</c> (or <c>GetAsyncEnumerator</c>).
    /// The chain gets that token as its argument and as its enumerator's, so a handler is canceled by either, whether or not
    /// it marks its own token <c>[EnumeratorCancellation]</c>, and no item is handed out after cancellation.
    /// </summary>
    /// <remarks>
    /// No async iterator of its own: <see cref="Linked"/> returns a small enumerable, whose <c>GetAsyncEnumerator</c> calls
    /// the chain with the one token. When neither token can be canceled that is all: the caller enumerates the chain's own
    /// enumerator. Otherwise the chain's enumerator is wrapped in one that checks the token after each item (a handler that
    /// ignores its token still stops) and disposes the linked source, which exists only when both tokens can be canceled and
    /// differ.
    /// </remarks>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public static class StreamEnumeration
    {
        /// <summary>Enumerates <paramref name="pipeline"/>'s stream for <paramref name="request"/> under both tokens.</summary>
        public static IAsyncEnumerable<TResponse> Linked<TPipeline, TRequest, TResponse>(TPipeline pipeline, TRequest request, CancellationToken cancellationToken)
            where TPipeline : IStreamPipeline<TRequest, TResponse>
            => new Stream<TPipeline, TRequest, TResponse>(pipeline, request, cancellationToken);

        /// <summary>
        /// As <see cref="Linked"/>, for a chain whose handler and behaviors all take the enumerator's token themselves
        /// (async iterators with an <c>[EnumeratorCancellation]</c> token, which the generator checks): when
        /// <paramref name="cancellationToken"/> cannot be canceled there is nothing to combine, and the chain's stream is
        /// handed out as it is, the token of <c>WithCancellation</c> reaching the first stage through its
        /// <c>GetAsyncEnumerator</c> and each later one through what the stage before passes on. Nothing is checked after
        /// each item then: a stage that marks its token and ignores it goes on, as under Mediator.
        /// </summary>
        public static IAsyncEnumerable<TResponse> Direct<TPipeline, TRequest, TResponse>(TPipeline pipeline, TRequest request, CancellationToken cancellationToken)
            where TPipeline : IStreamPipeline<TRequest, TResponse>
            => cancellationToken.CanBeCanceled
                ? new Stream<TPipeline, TRequest, TResponse>(pipeline, request, cancellationToken)
                : pipeline.Invoke(request, cancellationToken);

        private sealed class Stream<TPipeline, TRequest, TResponse> : IAsyncEnumerable<TResponse>
            where TPipeline : IStreamPipeline<TRequest, TResponse>
        {
            private readonly TPipeline _pipeline;
            private readonly TRequest _request;
            private readonly CancellationToken _token;

            public Stream(TPipeline pipeline, TRequest request, CancellationToken token)
            {
                _pipeline = pipeline;
                _request = request;
                _token = token;
            }

            public IAsyncEnumerator<TResponse> GetAsyncEnumerator(CancellationToken cancellationToken = default)
            {
                // One token for both, as the compiler's [EnumeratorCancellation] lowering combines them.
                CancellationTokenSource? linked = null;
                CancellationToken token;
                if (!_token.CanBeCanceled || _token.Equals(cancellationToken)) token = cancellationToken;
                else if (!cancellationToken.CanBeCanceled) token = _token;
                else
                {
                    linked = CancellationTokenSource.CreateLinkedTokenSource(_token, cancellationToken);
                    token = linked.Token;
                }

                IAsyncEnumerator<TResponse> inner;
                try
                {
                    inner = _pipeline.Invoke(_request, token).GetAsyncEnumerator(token);
                }
                catch
                {
                    linked?.Dispose();
                    throw;
                }

                // Nothing can cancel it: the chain's own enumerator, nothing in between.
                return token.CanBeCanceled ? new Enumerator<TResponse>(inner, token, linked) : inner;
            }
        }

        /// <summary>
        /// The chain's enumerator under a token that can be canceled: after each item the token is checked, so no item is
        /// handed out after cancellation; a pending move is completed through this object (a reusable value-task source, as
        /// a compiler async iterator is), so an asynchronous item costs no allocation.
        /// </summary>
        private sealed class Enumerator<TResponse> : IAsyncEnumerator<TResponse>, IValueTaskSource<bool>
        {
            private readonly IAsyncEnumerator<TResponse> _inner;
            private readonly CancellationToken _token;
            private readonly CancellationTokenSource? _linked;
            private ManualResetValueTaskSourceCore<bool> _source;
            private ConfiguredValueTaskAwaitable<bool>.ConfiguredValueTaskAwaiter _pending;
            private Action? _onPending;

            public Enumerator(IAsyncEnumerator<TResponse> inner, CancellationToken token, CancellationTokenSource? linked)
            {
                _inner = inner;
                _token = token;
                _linked = linked;
            }

            public TResponse Current => _inner.Current;

            public ValueTask<bool> MoveNextAsync()
            {
                var move = _inner.MoveNextAsync();
                if (move.IsCompletedSuccessfully)
                {
                    // A handler that ignores the token still stops here: no item is handed out after cancellation.
                    var more = move.Result;
                    if (more && _token.IsCancellationRequested) return new ValueTask<bool>(Task.FromException<bool>(new OperationCanceledException(_token)));
                    return new ValueTask<bool>(more);
                }

                // Pending (or faulted): completed through this source once the chain's move finishes. No ConfigureAwait on the
                // caller's side is decided here: the caller's awaiter tells the source where to continue.
                _pending = move.ConfigureAwait(false).GetAwaiter();
                _source.Reset();
                _pending.UnsafeOnCompleted(_onPending ??= OnPending);
                return new ValueTask<bool>(this, _source.Version);
            }

            private void OnPending()
            {
                var pending = _pending;
                _pending = default;
                bool more;
                try
                {
                    more = pending.GetResult();
                    if (more) _token.ThrowIfCancellationRequested(); // as in MoveNextAsync: no item after cancellation
                }
                catch (Exception exception)
                {
                    _source.SetException(exception);
                    return;
                }

                _source.SetResult(more);
            }

            public ValueTask DisposeAsync()
            {
                ValueTask disposing;
                try
                {
                    disposing = _inner.DisposeAsync();
                }
                catch
                {
                    _linked?.Dispose();
                    throw;
                }

                if (!disposing.IsCompleted) return DisposeAsync(disposing);
                try
                {
                    disposing.GetAwaiter().GetResult();
                }
                finally
                {
                    _linked?.Dispose();
                }

                return default;
            }

            private async ValueTask DisposeAsync(ValueTask disposing)
            {
                try
                {
                    await disposing.ConfigureAwait(false);
                }
                finally
                {
                    _linked?.Dispose();
                }
            }

            bool IValueTaskSource<bool>.GetResult(short token) => _source.GetResult(token);

            ValueTaskSourceStatus IValueTaskSource<bool>.GetStatus(short token) => _source.GetStatus(token);

            void IValueTaskSource<bool>.OnCompleted(Action<object?> continuation, object? state, short token, ValueTaskSourceOnCompletedFlags flags)
                => _source.OnCompleted(continuation, state, token, flags);
        }
    }
}
