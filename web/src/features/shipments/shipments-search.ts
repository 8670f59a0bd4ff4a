import { z } from 'zod';

/** /shipments keeps its tab and filters in the URL, so a reload or a shared link shows the same view. */
export const SHIPMENT_TABS = ['records', 'plans', 'stats', 'mothers', 'sires'] as const;
export type ShipmentTab = (typeof SHIPMENT_TABS)[number];

export const shipmentsSearchSchema = z.object({
  tab: z.enum(SHIPMENT_TABS).optional().catch(undefined),
  from: z.string().optional().catch(undefined),
  to: z.string().optional().catch(undefined),
  /** Opens the record form for this animal (from the plan board or the animal's page). */
  record: z.coerce.number().int().positive().optional().catch(undefined),
});
export type ShipmentsSearch = z.infer<typeof shipmentsSearchSchema>;
