using System;
using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;

// CountPublishes selects the ICounted notifications by its constraint: the others (Solo, OrderShipped) are meant to go
// without it, which PW0326 would otherwise report at this typeof.
#pragma warning disable PW0326
[assembly: Prewired.NotificationDefaults(typeof(Prewired.Pipelines.Tests.Notifications.CountPublishes<>))]
#pragma warning restore PW0326

namespace Prewired.Pipelines.Tests.Notifications
{
    /// <summary>What a probe handler does when called.</summary>
    public enum Step
    {
        /// <summary>Completes synchronously.</summary>
        Complete,

        /// <summary>Throws from the call itself, before returning a task.</summary>
        Throw,

        /// <summary>Returns an already faulted task.</summary>
        Fault,

        /// <summary>Yields, then completes.</summary>
        Yield,

        /// <summary>Yields, then throws.</summary>
        YieldThenThrow,

        /// <summary>Throws OperationCanceledException when the token is canceled, else completes.</summary>
        HonourToken,

        /// <summary>Waits for <see cref="Probe.Gate"/>, then completes.</summary>
        Gate,

        /// <summary>Waits for <see cref="Probe.Gate"/>, then throws.</summary>
        GateThenThrow,
    }

    /// <summary>Counted by the assembly's notification behavior.</summary>
    public interface ICounted
    {
        int Published { get; set; }
    }

    /// <summary>The notification of the publish tests: each of its three handlers does what <see cref="Steps"/> says and logs it.</summary>
    public sealed class Probe : INotification, ICounted
    {
        public Step[] Steps = { Step.Complete, Step.Complete, Step.Complete };

        public List<string> Log { get; } = new();

        public int Published { get; set; }

        public int Completed;

        /// <summary>Logs nothing: the allocation tests measure the publish, not the log's strings.</summary>
        public bool Quiet;

        /// <summary>What the Gate steps wait for: the test opens it once every handler that will start has started.</summary>
        public TaskCompletionSource Gate { get; } = new(TaskCreationOptions.RunContinuationsAsynchronously);

        internal ValueTask Run(int handler, CancellationToken cancellationToken)
        {
            if (!Quiet) lock (Log) Log.Add("start " + handler);
            switch (Steps[handler])
            {
                case Step.Throw:
                    throw new InvalidOperationException("handler " + handler);
                case Step.Fault:
                    return new ValueTask(Task.FromException(new InvalidOperationException("handler " + handler)));
                case Step.Yield:
                case Step.YieldThenThrow:
                    return RunAsync(handler, Steps[handler] == Step.YieldThenThrow, gated: false);
                case Step.Gate:
                case Step.GateThenThrow:
                    return RunAsync(handler, Steps[handler] == Step.GateThenThrow, gated: true);
                case Step.HonourToken:
                    cancellationToken.ThrowIfCancellationRequested();
                    break;
            }

            Interlocked.Increment(ref Completed);
            return default;
        }

        private async ValueTask RunAsync(int handler, bool fail, bool gated)
        {
            if (gated) await Gate.Task;
            else await Task.Yield();
            if (!Quiet) lock (Log) Log.Add("end " + handler);
            if (fail) throw new InvalidOperationException("handler " + handler);
            Interlocked.Increment(ref Completed);
        }
    }

    // Three handlers of Probe, in source order: the order a publish runs them in.
    public sealed class FirstProbeHandler : INotificationHandler<Probe>
    {
        public ValueTask Handle(Probe notification, CancellationToken cancellationToken) => notification.Run(0, cancellationToken);
    }

    public sealed class SecondProbeHandler : INotificationHandler<Probe>
    {
        // Explicit: the generated publisher calls it through the interface.
        ValueTask INotificationHandler<Probe>.Handle(Probe notification, CancellationToken cancellationToken) => notification.Run(1, cancellationToken);
    }

    public sealed class ThirdProbeHandler : INotificationHandler<Probe>
    {
        public ValueTask Handle(Probe notification, CancellationToken cancellationToken) => notification.Run(2, cancellationToken);
    }

    /// <summary>A notification with one handler: its exception comes back unwrapped, as Mediator's.</summary>
    public sealed class Solo : INotification
    {
        public Step Step;
    }

    public sealed class SoloHandler : INotificationHandler<Solo>
    {
        public ValueTask Handle(Solo notification, CancellationToken cancellationToken)
            => notification.Step == Step.Throw ? throw new InvalidOperationException("solo") : default;
    }

    /// <summary>A notification nothing handles: publishing it runs nothing (and is the Info PW0324 where it is published).</summary>
    public sealed class Unheard : INotification, ICounted
    {
        public int Published { get; set; }
    }

    /// <summary>A base notification type: its handler handles every derived notification too.</summary>
    public abstract class ShopEvent : INotification
    {
        public List<string> Log { get; } = new();
    }

    public sealed class OrderShipped : ShopEvent
    {
    }

    public sealed class ShopEventLog : INotificationHandler<ShopEvent>
    {
        public ValueTask Handle(ShopEvent notification, CancellationToken cancellationToken)
        {
            notification.Log.Add("every shop event");
            return default;
        }
    }

    public sealed class OrderShippedHandler : INotificationHandler<OrderShipped>
    {
        public ValueTask Handle(OrderShipped notification, CancellationToken cancellationToken)
        {
            notification.Log.Add("order shipped");
            return default;
        }
    }

    /// <summary>The assembly's notification behavior: around every publish of a counted notification, once per publish.</summary>
    public sealed class CountPublishes<TNotification> : INotificationBehavior<TNotification>
        where TNotification : INotification, ICounted
    {
        public ValueTask Handle<TNext>(TNotification notification, TNext next, CancellationToken cancellationToken)
            where TNext : struct, INotificationNext<TNotification>
        {
            notification.Published++;
            return next.Invoke(notification, cancellationToken);
        }
    }
}
