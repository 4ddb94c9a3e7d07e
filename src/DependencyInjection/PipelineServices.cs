using System;
using System.ComponentModel;
using System.Diagnostics.CodeAnalysis;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.DependencyInjection.Extensions;

namespace Prewired.DependencyInjection
{
    /// <summary>
    /// What the generated <c>services.Add{Pipeline}()</c> registrations call. Users call the generated method, not these.
    /// </summary>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public static class PipelineServices
    {
        /// <summary>
        /// Registers <typeparamref name="TStage"/> as a transient service unless it is registered already, so a stage the
        /// application registered itself keeps the lifetime it chose (a singleton stays shared, a scoped one per scope).
        /// </summary>
        /// <typeparam name="TStage">A behavior, connector or terminator type of the pipeline.</typeparam>
        /// <param name="services">The service collection.</param>
        public static void TryAddStage<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicConstructors)] TStage>(IServiceCollection services)
            where TStage : class
        {
            if (services is null) throw new ArgumentNullException(nameof(services)); // ThrowIfNull is .NET 6+
            services.TryAddTransient<TStage>();
        }

        /// <summary>
        /// Registers <typeparamref name="TStage"/> with <paramref name="lifetime"/> unless it is registered already: what
        /// <c>services.AddPrewired()</c> calls, with the assembly's lifetime (<see cref="PrewiredServicesAttribute"/>).
        /// </summary>
        /// <typeparam name="TStage">A behavior, connector or terminator type of a pipeline.</typeparam>
        /// <param name="services">The service collection.</param>
        /// <param name="lifetime">The lifetime of the stage when this call adds it.</param>
        public static void TryAddStage<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicConstructors)] TStage>(IServiceCollection services, ServiceLifetime lifetime)
            where TStage : class
        {
            if (services is null) throw new ArgumentNullException(nameof(services));
            services.TryAdd(new ServiceDescriptor(typeof(TStage), typeof(TStage), lifetime));
        }

        /// <summary>
        /// Registers the pipeline class, created by <paramref name="factory"/> from the container's stages, and
        /// <see cref="IPipeline{TContext}"/> as the same instance within the lifetime.
        /// </summary>
        /// <typeparam name="TPipeline">The generated pipeline class.</typeparam>
        /// <typeparam name="TContext">The context its first stage takes.</typeparam>
        /// <param name="services">The service collection.</param>
        /// <param name="factory">Calls the generated constructor with each stage resolved from the provider.</param>
        /// <param name="lifetime">
        /// The pipeline's lifetime. Transient (the default) is always safe; a singleton pipeline captures its stages for the
        /// application's life, so use it only when every stage is a singleton.
        /// </param>
        /// <returns><paramref name="services"/>, for chaining.</returns>
        public static IServiceCollection AddPipeline<TPipeline, TContext>(IServiceCollection services, Func<IServiceProvider, TPipeline> factory, ServiceLifetime lifetime)
            where TPipeline : class, IPipeline<TContext>
        {
            if (services is null) throw new ArgumentNullException(nameof(services));
            if (factory is null) throw new ArgumentNullException(nameof(factory));
            services.Add(new ServiceDescriptor(typeof(TPipeline), factory, lifetime));
            services.Add(new ServiceDescriptor(typeof(IPipeline<TContext>), static provider => provider.GetRequiredService<TPipeline>(), lifetime));
            return services;
        }

        /// <summary>Registers the pipeline class alone, created by <paramref name="factory"/> from the container's stages.</summary>
        /// <typeparam name="TPipeline">The generated pipeline class.</typeparam>
        /// <param name="services">The service collection.</param>
        /// <param name="factory">Calls the generated constructor with each stage resolved from the provider.</param>
        /// <param name="lifetime">The pipeline's lifetime (see the other overload).</param>
        /// <returns><paramref name="services"/>, for chaining.</returns>
        public static IServiceCollection AddPipeline<TPipeline>(IServiceCollection services, Func<IServiceProvider, TPipeline> factory, ServiceLifetime lifetime)
            where TPipeline : class
        {
            if (services is null) throw new ArgumentNullException(nameof(services));
            if (factory is null) throw new ArgumentNullException(nameof(factory));
            services.Add(new ServiceDescriptor(typeof(TPipeline), factory, lifetime));
            return services;
        }

        /// <summary>
        /// Registers <typeparamref name="TService"/> (a pipeline interface such as <see cref="IPipeline{TContext, TResult}"/> or
        /// <see cref="ICancellablePipeline{TContext}"/>) as the registered <typeparamref name="TPipeline"/> within the lifetime.
        /// </summary>
        /// <typeparam name="TService">The interface to resolve the pipeline by.</typeparam>
        /// <typeparam name="TPipeline">The generated pipeline class, registered before.</typeparam>
        /// <param name="services">The service collection.</param>
        /// <param name="lifetime">The pipeline's lifetime.</param>
        /// <returns><paramref name="services"/>, for chaining.</returns>
        public static IServiceCollection AddPipelineService<TService, TPipeline>(IServiceCollection services, ServiceLifetime lifetime)
            where TService : class
            where TPipeline : class, TService
        {
            if (services is null) throw new ArgumentNullException(nameof(services));
            services.Add(new ServiceDescriptor(typeof(TService), static provider => provider.GetRequiredService<TPipeline>(), lifetime));
            return services;
        }
    }
}
