// A message pipeline written against NServiceBus before Prewired was added. The interface is a stand-in declared as
// NServiceBus declares IBehavior<TIn, TOut> (kept local so the check restores only Prewired). FanOut calls next twice
// concurrently on one context: Prewired's analyzer still finds that, but in a behavior that is not Prewired's it is the
// suggestion PW0322, not the warning PW0320, so this warnings-as-errors build stays clean.
namespace Adoption;

public interface IBehavior<in TInContext, out TOutContext>
{
    Task Invoke(TInContext context, Func<TOutContext, Task> next);
}

public sealed class MessageContext
{
    private int _handled;

    public int Handled => Volatile.Read(ref _handled);

    public void MarkHandled() => Interlocked.Increment(ref _handled);
}

public sealed class FanOut : IBehavior<MessageContext, MessageContext>
{
    public Task Invoke(MessageContext context, Func<MessageContext, Task> next) => Task.WhenAll(next(context), next(context));
}
