// The "Several awaits, branches, a switch, and the guard" example of docs/fast-path.md, with the types it needs. The
// generated code that page shows is the generator's output for this file (tests/Prewired.Tests/Docs/GeneratedCodeDocsTests.cs).
using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;
using Prewired;

namespace Shop
{
    public sealed record Cart(IReadOnlyList<string> Lines, decimal Total);

    public interface ICartStore
    {
        ValueTask<Cart> LoadAsync(int cartId, CancellationToken cancellationToken);
    }

    public interface ICoupons
    {
        ValueTask<decimal> DiscountAsync(string coupon);
    }

    public interface IAudit
    {
        Task RecordAsync(int cartId, CancellationToken cancellationToken);
    }

    public partial class Checkout
    {
        private readonly ICartStore _carts;
        private readonly ICoupons _coupons;
        private readonly IAudit _audit;

        public Checkout(ICartStore carts, ICoupons coupons, IAudit audit) => (_carts, _coupons, _audit) = (carts, coupons, audit);

        [FastPath(nameof(TotalCoreAsync))]
        public partial ValueTask<decimal> TotalAsync(int cartId, string? coupon, CancellationToken cancellationToken);

        private async ValueTask<decimal> TotalCoreAsync(int cartId, string? coupon, CancellationToken cancellationToken)
        {
            var cart = await _carts.LoadAsync(cartId, cancellationToken);
            decimal discount;
            if (coupon is null)
            {
                discount = 0;
            }
            else
            {
                discount = await _coupons.DiscountAsync(coupon).ConfigureAwait(false);
            }

            switch (cart.Lines.Count)
            {
                case 0:
                    return 0;
                default:
                    await _audit.RecordAsync(cartId, cancellationToken);
                    break;
            }

            return cart.Total - discount;
        }
    }
}
