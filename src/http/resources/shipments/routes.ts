/** `/api/v1/shipments/`: shipments of placed orders (not in state `cart`), newest first, and one shipment (any). */
import { placedShipments, shipmentSortable, shipmentViewQuery } from "../../../data/orders/order-views";
import { shipments } from "../../../data/schema";
import { orderPartRoutes } from "../shared/order-parts";
import { serializeOrderShipment } from "../orders/serializer";
import { Shipment, ShipmentPage } from "../orders/schemas";

export const shipmentRoutes = orderPartRoutes({
  noun: "Shipment",
  table: shipments,
  placed: placedShipments,
  sortable: shipmentSortable,
  reads: (db, ids) => ({ shipments: shipmentViewQuery(db, ids) }),
  views: (found) => found.shipments,
  idOf: (row) => row.id,
  serialize: (row) => serializeOrderShipment(row),
  docs: { scope: "orders:read", listDescription: "Shipments not in state `cart`, newest first.", item: Shipment, page: ShipmentPage },
});
