#if !PREWIRED_PLAIN
namespace Prewired.AotApp
{
    // A request pipeline with a typed response, the CancellationToken, and open generic behaviors closed by the generator.
    // Built with -p:AotVariant=plain, RequestPipeline.RuntimePrewired.cs replaces it.
    [Pipeline(typeof(Intake), typeof(Trace<,>), typeof(Check<,>), typeof(ToLine), typeof(Fulfil))]
    public sealed partial class RequestPipeline;
}
#endif
