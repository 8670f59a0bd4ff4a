import { useMutation, useQueryClient } from '@tanstack/react-query';
import { alertKeys } from '../../api/alerts';
import { cattleKeys } from '../../api/cattle';
import { eventKeys } from '../../api/events';
import { kpiKeys } from '../../api/kpi';
import {
  type CreatePlanInput,
  type CreateShipmentInput,
  cancelPlan,
  createPlan,
  deleteShipment,
  movePlan,
  recordShipment,
  shipmentKeys,
  type UpdateShipmentInput,
  updateShipment,
} from '../../api/shipments';

/**
 * Every shipment change also changes the animal (status), its SHIPMENT event (§9), its alerts and the figures:
 * refresh them all.
 */
function useInvalidate() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [shipmentKeys.all, cattleKeys.all, eventKeys.all, alertKeys.all, kpiKeys.all].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

export function useShipmentMutations() {
  const invalidate = useInvalidate();
  return {
    create: useMutation({
      mutationFn: (input: CreateShipmentInput) => recordShipment(input),
      onSuccess: invalidate,
    }),
    update: useMutation({
      mutationFn: ({ shipmentId, input }: { shipmentId: string; input: UpdateShipmentInput }) =>
        updateShipment(shipmentId, input),
      onSuccess: invalidate,
    }),
    remove: useMutation({ mutationFn: (shipmentId: string) => deleteShipment(shipmentId), onSuccess: invalidate }),
  };
}

export function usePlanMutations() {
  const invalidate = useInvalidate();
  return {
    create: useMutation({ mutationFn: (input: CreatePlanInput) => createPlan(input), onSuccess: invalidate }),
    move: useMutation({
      mutationFn: ({ cattleId, plannedShipmentMonth }: { cattleId: number; plannedShipmentMonth: string }) =>
        movePlan(cattleId, plannedShipmentMonth),
      onSuccess: invalidate,
    }),
    cancel: useMutation({ mutationFn: (cattleId: number) => cancelPlan(cattleId), onSuccess: invalidate }),
  };
}
