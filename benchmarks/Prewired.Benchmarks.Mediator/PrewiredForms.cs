using System;

namespace Prewired.Benchmarks.Mediator
{
    /// <summary>The Prewired pipelines of one depth, built by hand (the generated constructors), as the interfaces the benchmarks call.</summary>
    internal static class PrewiredForms
    {
        /// <summary>
        /// The like-for-like pair of the typed/Task-only comparison: the typed form without the token (the Task-only form
        /// takes none) and the Task-only form with it (the typed form takes it), so each ratio prices the response alone.
        /// </summary>
        public static (IPipeline<Request, Pong> TypedPlain, ICancellablePipeline<Request> TaskOnlyCancellable) CreateLikeForLike(int depth)
        {
            var pass = new PlainPass<Request, Pong>();
            var handler = new PlainHandler();
            var task = new CancellableTaskPass<Request>();
            var taskHandler = new CancellableTaskHandler();
            return depth switch
            {
                1 => (new TypedPlain1(pass, handler), new TaskOnlyCancellable1(task, taskHandler)),
                5 => (new TypedPlain5(pass, pass, pass, pass, pass, handler), new TaskOnlyCancellable5(task, task, task, task, task, taskHandler)),
                10 => (new TypedPlain10(pass, pass, pass, pass, pass, pass, pass, pass, pass, pass, handler),
                    new TaskOnlyCancellable10(task, task, task, task, task, task, task, task, task, task, taskHandler)),
                20 => (new TypedPlain20(pass, pass, pass, pass, pass, pass, pass, pass, pass, pass, pass, pass, pass, pass, pass, pass, pass, pass, pass, pass, handler),
                    new TaskOnlyCancellable20(task, task, task, task, task, task, task, task, task, task, task, task, task, task, task, task, task, task, task, task, taskHandler)),
                _ => throw new ArgumentOutOfRangeException(nameof(depth), depth, "depths are 1, 5, 10 and 20"),
            };
        }

        public static (ICancellablePipeline<Request, Pong> Typed, IPipeline<Request, Pong> TypedStruct, IPipeline<Request> TaskOnly, ICancellablePipeline<Request, Pong> TypedAsync) Create(int depth)
        {
            var pass = new Pass<Request, Pong>();
            var inline = new InlinePass<Request, Pong>();
            var task = new TaskPass<Request>();
            var first = new AsyncPass<Request, Pong>();
            var handler = new Handler();
            var taskHandler = new TaskHandler();
            return depth switch
            {
                1 => (new Typed1(pass, handler), new TypedStruct1(inline, handler), new TaskOnly1(task, taskHandler), new TypedAsync1(first, handler)),
                5 => (new Typed5(pass, pass, pass, pass, pass, handler), new TypedStruct5(inline, inline, inline, inline, inline, handler),
                    new TaskOnly5(task, task, task, task, task, taskHandler), new TypedAsync5(first, pass, pass, pass, pass, handler)),
                10 => (new Typed10(pass, pass, pass, pass, pass, pass, pass, pass, pass, pass, handler),
                    new TypedStruct10(inline, inline, inline, inline, inline, inline, inline, inline, inline, inline, handler),
                    new TaskOnly10(task, task, task, task, task, task, task, task, task, task, taskHandler),
                    new TypedAsync10(first, pass, pass, pass, pass, pass, pass, pass, pass, pass, handler)),
                20 => (new Typed20(pass, pass, pass, pass, pass, pass, pass, pass, pass, pass, pass, pass, pass, pass, pass, pass, pass, pass, pass, pass, handler),
                    new TypedStruct20(inline, inline, inline, inline, inline, inline, inline, inline, inline, inline, inline, inline, inline, inline, inline, inline, inline, inline, inline, inline, handler),
                    new TaskOnly20(task, task, task, task, task, task, task, task, task, task, task, task, task, task, task, task, task, task, task, task, taskHandler),
                    new TypedAsync20(first, pass, pass, pass, pass, pass, pass, pass, pass, pass, pass, pass, pass, pass, pass, pass, pass, pass, pass, pass, handler)),
                _ => throw new ArgumentOutOfRangeException(nameof(depth), depth, "depths are 1, 5, 10 and 20"),
            };
        }
    }
}
