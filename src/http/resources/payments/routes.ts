/** `/api/v1/payments/`: payments of placed orders (not in state `cart`), newest first, and one payment (any). */
import { paymentSortable, paymentViewQueries, paymentViewsFrom, placedPayments } from "../../../data/orders/order-views";
import { payments } from "../../../data/schema";
import { orderPartRoutes } from "../shared/order-parts";
import { serializeOrderPayment } from "../orders/serializer";
import { Payment, PaymentPage } from "../orders/schemas";

export const paymentRoutes = orderPartRoutes({
  noun: "Payment",
  table: payments,
  placed: placedPayments,
  sortable: paymentSortable,
  reads: paymentViewQueries,
  views: paymentViewsFrom,
  idOf: (view) => view.row.id,
  serialize: (view, detailed) => serializeOrderPayment(view, detailed ? "detailed" : "list"),
  docs: {
    scope: "orders:read",
    listDescription: "Payments not in state `cart`, newest first; each payment's method reduced to id, code, position, translations and its link.",
    item: Payment,
    page: PaymentPage,
  },
});
