using Prewired;

namespace Requests.Orders
{
    /// <summary>
    /// Published by <see cref="PlaceOrderHandler"/>. Its two handlers are found at compile time and run one after the other
    /// (the sequential publisher) in source order, file path first: <see cref="ReserveStock"/>, then <see cref="SendConfirmation"/>.
    /// </summary>
    public sealed record OrderPlaced(int Id, string Sku, int Quantity) : INotification;
}
