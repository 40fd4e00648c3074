// A session record as the store holds one, for the store tests that write sessions straight through the store.
import { ObjectId } from 'mongodb';
import { untouchedSessionFields, type InspectionSession } from '../../src/domain/inspection-session.js';
import { emptyVehicle } from '../../src/domain/vehicle.js';

/** A LITE session of API key `apiKey` in `status`, created now, expiring in an hour, nothing captured yet. */
export function sessionRecord(key: string, status: InspectionSession['status'], apiKey: string): InspectionSession {
  const now = new Date();
  return {
    key,
    accountId: new ObjectId(),
    apiKey,
    completedAt: null,
    source: 'api',
    createdWithKey: apiKey,
    test: false,
    captureToken: `token-${key}`,
    captureTokenHash: `hash-${key}`,
    theme: 'LITE',
    status,
    redirectUrl: null,
    language: null,
    options: { clientId: null, sms: null, email: null, contact: null, reference: null },
    vehicle: emptyVehicle(),
    photos: {},
    location: null,
    capturedOdometer: null,
    expirationHours: 72,
    expiresAt: new Date(now.getTime() + 3_600_000),
    inspectStartedAt: null,
    inspectEndedAt: null,
    results: null,
    createdAt: now,
    updatedAt: now,
    lastActivityAt: now,
    searchTerms: [key],
    ...untouchedSessionFields('v0'),
  };
}
