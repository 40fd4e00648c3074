// Where a webhook delivery stands (docs/webhooks.md): one list for the store, the use cases and every face.
import { z } from 'zod';

export const DELIVERY_STATUSES = ['pending', 'delivering', 'succeeded', 'failed'] as const;

export const DeliveryStatusSchema = z.enum(DELIVERY_STATUSES).meta({
  id: 'DeliveryStatus',
  description:
    'pending: waiting for its next attempt; delivering: an attempt is being made; succeeded: a 2xx arrived; failed: the schedule ran out, the receiver answered 410 Gone, the callback was removed or disabled, or a test send was not answered with a 2xx.',
});

export type DeliveryStatus = z.output<typeof DeliveryStatusSchema>;
