using System;
using System.Threading.Tasks;
using Microsoft.Extensions.DependencyInjection;
using Xunit;

namespace Prewired.Pipelines.Tests
{
    /// <summary>
    /// 0 bytes per invocation when every stage completes synchronously, at the NServiceBus benchmark depths and in both
    /// shapes: the next delegates are bound at construction and the struct nexts live on the stack.
    /// </summary>
    public sealed class AllocationTests
    {
        private const int Invocations = 1000;

        public static TheoryData<string> Pipelines => new() { nameof(Delegate10), nameof(Delegate40), nameof(AsyncDelegate10), nameof(Inline10), nameof(Inline40) };

        [Theory]
        [MemberData(nameof(Pipelines))]
        public void Invocation_allocates_nothing(string name)
        {
            using var provider = new ServiceCollection()
                .AddDelegate10().AddDelegate40().AddAsyncDelegate10().AddInline10().AddInline40()
                .BuildServiceProvider();
            var pipeline = name switch
            {
                nameof(Delegate10) => (IPipeline<CountingContext>)provider.GetRequiredService<Delegate10>(),
                nameof(Delegate40) => provider.GetRequiredService<Delegate40>(),
                nameof(AsyncDelegate10) => provider.GetRequiredService<AsyncDelegate10>(),
                nameof(Inline10) => provider.GetRequiredService<Inline10>(),
                _ => provider.GetRequiredService<Inline40>(),
            };
            var context = new CountingContext();

            // Warm up: tiered compilation and first-call stubs allocate once, invocations must not.
            for (var i = 0; i < 100; i++) Wait(pipeline.Invoke(context));
            var before = GC.GetAllocatedBytesForCurrentThread();
            for (var i = 0; i < Invocations; i++) Wait(pipeline.Invoke(context));
            var allocated = GC.GetAllocatedBytesForCurrentThread() - before;

            Assert.Equal(0, allocated);
            Assert.Equal(100 + Invocations, context.Terminated);
        }

        private static void Wait(Task task)
        {
            if (!task.IsCompletedSuccessfully) throw new InvalidOperationException("Every stage completes synchronously here.");
        }
    }
}
