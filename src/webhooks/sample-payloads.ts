// Sample default payloads for POST /v1/callbacks/:event/test, built with the same payload builders as real events
// so a receiver sees exactly the fields it will get, and marked `"test": true`.
import { noteInsertPayload, smsProcessPayload, stageChangePayload, statusChangePayload, type WebhookEvent } from '../domain/events.js';
import { buildSessionResults, reportRevisedPayload } from '../domain/results.js';
import { photoLabel, requiredPhotoCodes } from '../domain/themes.js';

/** Matches the session key format, and says what it is. */
export const SAMPLE_SESSION_KEY = 'TST-SAMPLE0000';

const SAMPLE_PHOTO_BASE = 'https://capture.example.com/photos/sample-';
const SAMPLE_REPORT_URL = 'https://capture.example.com/reports/sample';

export function samplePayload(event: WebhookEvent, at: Date): Record<string, unknown> & { test: true } {
  return { ...defaultSample(event, at), test: true };
}

function defaultSample(event: WebhookEvent, at: Date): Record<string, unknown> {
  const sessionKey = SAMPLE_SESSION_KEY;
  switch (event) {
    case 'SESSION:SMS_PROCESS':
      return { ...smsProcessPayload({ sessionKey, name: 'Sample Customer', phone: '+15555550100', status: 'success', at }) };
    case 'SESSION:STAGE_CHANGE':
      return {
        ...stageChangePayload({ sessionKey, photoCode: 1, photoLabel: photoLabel(1) ?? 'VIN', photoUrl: `${SAMPLE_PHOTO_BASE}1`, photoStatus: 'accepted', at }),
      };
    case 'SESSION:STATUS_CHANGE':
      return { ...statusChangePayload({ sessionKey, status: 'STARTED', at }) };
    case 'SESSION:NOTE_INSERT':
      return { ...noteInsertPayload({ sessionKey, title: 'Sample note', description: 'This is a test delivery.', user: 'guest', at }) };
    case 'SESSION:COMPLETE':
      return { ...sampleResults(at) };
    case 'SESSION:REPORT_REVISED':
      return { ...reportRevisedPayload(sampleResults(at, 2), 2, 'A scratch on the front bumper was missed.') };
  }
}

function sampleResults(at: Date, revision = 1) {
  const startedAt = new Date(at.getTime() - 10 * 60_000);
  return buildSessionResults({
    session: {
      sessionKey: SAMPLE_SESSION_KEY,
      theme: 'LITE',
      status: 'COMPLETE',
      language: 'en',
      redirectUrl: null,
      createdAt: new Date(at.getTime() - 60 * 60_000),
      inspectStartedAt: startedAt,
      inspectEndedAt: new Date(at.getTime() - 2 * 60_000),
      completedAt: at,
      source: 'api',
      options: { clientId: null, sms: null, email: null, contact: null, reference: null },
    },
    vehicle: { vin: '1HGCM82633A004352', year: 2019, make: 'Honda', model: 'Accord' },
    odometerCaptured: null,
    photos: requiredPhotoCodes('LITE').map((photoCode, index) => ({
      photoCode,
      url: `${SAMPLE_PHOTO_BASE}${photoCode}`,
      approved: true,
      approvedMessage: 'ACCEPTED',
      capturedAt: new Date(startedAt.getTime() + (index + 1) * 30_000),
    })),
    location: null,
    damages: [
      {
        damageId: 'sample-damage-1',
        item: 'front_bumper',
        damageType: 'scratch',
        grade: 2,
        photoCode: 5,
        region: { x: 0.42, y: 0.55, width: 0.12, height: 0.08 },
        source: 'manual',
        status: 'accepted',
      },
    ],
    review: { reviewedBy: 'api', reviewedAt: at, detectorRan: false },
    // A sample's links open nothing: a receiver can see their shape without a report behind them.
    reportLink: { url: SAMPLE_REPORT_URL, pdfUrl: `${SAMPLE_REPORT_URL}.pdf`, expiresAt: new Date(at.getTime() + 30 * 24 * 60 * 60_000), revision },
  });
}
