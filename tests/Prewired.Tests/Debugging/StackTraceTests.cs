using System;
using System.Diagnostics;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Runtime.Loader;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis.Emit;
using Xunit;

namespace Prewired.Tests.Debugging
{
    /// <summary>
    /// Issue 19 point 4: an exception thrown by a statement the generated code copied from the body reports the body's
    /// file and line, both from the synchronous path and from the continuation after a pending await (the assembly is
    /// loaded from bytes with its PDB embedded, as the runtime reads line numbers for a stack trace).
    /// </summary>
    public sealed class StackTraceTests
    {
        [Fact]
        public async Task An_exception_thrown_by_the_synchronous_path_reports_the_body_line()
        {
            var worker = Load(out var context);
            try
            {
                // Every await completed: the synchronous path runs the whole body and throws at @syncThrow.
                var task = (Task<int>)Invoke(worker, "ThrowAsync", 500, Task.FromResult(0));
                Assert.True(task.IsFaulted);
                var exception = await Assert.ThrowsAsync<InvalidOperationException>(() => task);
                Assert.Equal("sync", exception.Message);
                AssertThrownAt(exception, "ThrowAsync__Sync", DebuggedBodies.LineOf("syncThrow"));
            }
            finally
            {
                context.Unload();
            }
        }

        [Fact]
        public async Task An_exception_thrown_after_a_pending_await_reports_the_body_line()
        {
            var worker = Load(out var context);
            try
            {
                // The gate is pending: the continuation resumes after it and throws at @resumeThrow.
                var gate = new TaskCompletionSource<int>(TaskCreationOptions.RunContinuationsAsynchronously);
                var task = (Task<int>)Invoke(worker, "ThrowAsync", 5, gate.Task);
                Assert.False(task.IsCompleted);
                gate.SetResult(50);
                var exception = await Assert.ThrowsAsync<InvalidOperationException>(() => task);
                Assert.Equal("continuation", exception.Message);
                AssertThrownAt(exception, "<ThrowAsync__Resume>", DebuggedBodies.LineOf("resumeThrow"));
                // The trace as a user reads it names the method, not the state machine's MoveNext.
                Assert.Contains("Worker.ThrowAsync__Resume(", exception.ToString(), StringComparison.Ordinal);
            }
            finally
            {
                context.Unload();
            }
        }

        [Fact]
        public async Task An_exception_thrown_by_a_tail_await_wrapper_reports_the_body_line()
        {
            var worker = Load(out var context);
            try
            {
                var exception = await Assert.ThrowsAsync<ArgumentOutOfRangeException>(() => (Task<int>)Invoke(worker, "TailAsync", 500));
                AssertThrownAt(exception, "TailAsync", DebuggedBodies.LineOf("tailThrow"));
            }
            finally
            {
                context.Unload();
            }
        }

        /// <summary>The frame that threw (the first) is in <paramref name="method"/> and at the body's file and line.</summary>
        private static void AssertThrownAt(Exception exception, string method, int line)
        {
            var frame = new StackTrace(exception, fNeedFileInfo: true).GetFrames().First();
            var frameMethod = frame.GetMethod()!;
            var name = typeof(System.Runtime.CompilerServices.IAsyncStateMachine).IsAssignableFrom(frameMethod.DeclaringType) ? KickoffOf(frameMethod.DeclaringType!) : frameMethod.Name;
            Assert.True(name.StartsWith(method, StringComparison.Ordinal), $"Thrown in {name}, not {method}: {exception}");
            Assert.Equal(DebuggedBodies.SourcePath, frame.GetFileName());
            Assert.Equal(line, frame.GetFileLineNumber());
            Assert.Contains($"{DebuggedBodies.SourcePath}:line {line}", exception.ToString(), StringComparison.Ordinal);
        }

        /// <summary>
        /// A state machine's MoveNext as the method that starts it, "&lt;Name&gt;", found as the runtime's stack traces find it:
        /// the method of the declaring type whose [AsyncStateMachine] names the state machine (the compiler's, or the
        /// generated continuation struct); else the type's own name.
        /// </summary>
        private static string KickoffOf(Type stateMachine)
        {
            var kickoff = stateMachine.DeclaringType?.GetMethods(System.Reflection.BindingFlags.Public | System.Reflection.BindingFlags.NonPublic | System.Reflection.BindingFlags.Instance | System.Reflection.BindingFlags.Static | System.Reflection.BindingFlags.DeclaredOnly)
                .FirstOrDefault(m => m.GetCustomAttributes(typeof(System.Runtime.CompilerServices.StateMachineAttribute), inherit: false)
                    .Cast<System.Runtime.CompilerServices.StateMachineAttribute>().Any(a => a.StateMachineType == stateMachine));
            return kickoff is null ? stateMachine.Name : "<" + kickoff.Name + ">";
        }

        private static object Load(out AssemblyLoadContext context)
        {
            var (image, _) = DebuggedBodies.Emit(DebuggedBodies.Compile(), DebugInformationFormat.Embedded);
            context = new AssemblyLoadContext("Debugged." + Guid.NewGuid().ToString("N"), isCollectible: true);
            var assembly = context.LoadFromStream(new MemoryStream(image));
            return Activator.CreateInstance(assembly.GetType("Debugged.Worker", throwOnError: true)!)!;
        }

        private static object Invoke(object instance, string name, params object[] arguments)
            => instance.GetType().GetMethod(name, BindingFlags.Public | BindingFlags.Instance)!
                .Invoke(instance, BindingFlags.DoNotWrapExceptions, binder: null, arguments, culture: null)!;
    }
}
