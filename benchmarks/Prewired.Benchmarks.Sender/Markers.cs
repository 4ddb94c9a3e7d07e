namespace Prewired.Benchmarks.Sender
{
    // What both sides share: the response, and the marker interfaces their constrained behaviors select requests by (each
    // side's behaviors carry the same constraints, so the same requests get the same number of behaviors).

    /// <summary>The one response every request answers with (compared by reference in the wiring check).</summary>
    public sealed class Pong
    {
        public static readonly Pong Instance = new();
    }

    /// <summary>A request the first behavior applies to.</summary>
    public interface IOneBehavior { }

    /// <summary>A request all five behaviors apply to.</summary>
    public interface IFiveBehaviors : IOneBehavior { }

    /// <summary>A notification handler that counts its calls, so the wiring check sees every handler ran once per publish.</summary>
    public interface ICountsCalls
    {
        int Calls { get; }
    }
}
