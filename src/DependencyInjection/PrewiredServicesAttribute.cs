using System;
using Microsoft.Extensions.DependencyInjection;

namespace Prewired.DependencyInjection
{
    /// <summary>
    /// How the generated <c>services.AddPrewired()</c> of this assembly registers its pipelines, their stages and the
    /// generated sender. Without it everything is a singleton, as Mediator's default is: the chain is built once and a send
    /// allocates nothing. Scoped or transient when a handler or behavior needs per-request services (a DbContext).
    /// </summary>
    /// <example>
    /// <code>
    /// [assembly: PrewiredServices(Lifetime = ServiceLifetime.Scoped)]
    /// </code>
    /// </example>
    [AttributeUsage(AttributeTargets.Assembly, AllowMultiple = false, Inherited = false)]
    public sealed class PrewiredServicesAttribute : Attribute
    {
        /// <summary>
        /// The lifetime of the sender, every pipeline and every stage <c>AddPrewired()</c> adds (a stage registered before
        /// the call keeps its own). Singleton by default; a singleton chain over a stage that takes a scoped service is
        /// warning PW0317.
        /// </summary>
        public ServiceLifetime Lifetime { get; set; } = ServiceLifetime.Singleton;
    }
}
