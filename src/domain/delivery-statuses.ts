// Where a webhook delivery stands (CONTRACT §8): one list for the store, the use cases and every face.

export const DELIVERY_STATUSES = ['pending', 'delivering', 'succeeded', 'failed'] as const;

export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
