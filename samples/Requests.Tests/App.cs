using System;
using Microsoft.Extensions.DependencyInjection;
using Requests.Orders;

namespace Requests.Tests
{
    /// <summary>The sample composed as its Program composes it (one container per test, so ids start at 1), and what it wrote.</summary>
    public sealed class App : IDisposable
    {
        private readonly ServiceProvider _provider;

        public App()
        {
            _provider = new ServiceCollection()
                .AddSingleton(Journal)
                .AddSingleton<OrderStore>()
                .AddPrewired()
                .BuildServiceProvider(new ServiceProviderOptions { ValidateOnBuild = true, ValidateScopes = true });
            Sender = _provider.GetRequiredService<PrewiredSender>();
        }

        public Journal Journal { get; } = new();

        public PrewiredSender Sender { get; }

        public OrderStore Store => _provider.GetRequiredService<OrderStore>();

        public void Dispose() => _provider.Dispose();
    }
}
