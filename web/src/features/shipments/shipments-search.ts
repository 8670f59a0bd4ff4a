import { oneOf, positiveId, searchOf, text } from '../../lib/search-params';

/** /shipments keeps its tab and filters in the URL, so a reload or a shared link shows the same view. */
export const SHIPMENT_TABS = ['records', 'plans', 'stats', 'mothers', 'sires'] as const;
export type ShipmentTab = (typeof SHIPMENT_TABS)[number];

export const shipmentsSearch = searchOf({
  tab: oneOf(SHIPMENT_TABS),
  from: text,
  to: text,
  /** Opens the record form for this animal (from the plan board or the animal's page). */
  record: positiveId,
});
export type ShipmentsSearch = ReturnType<typeof shipmentsSearch>;
