import { describe, expect, it } from 'vitest';
import {
  isWebhookEvent,
  mergeCallbackPayload,
  noteInsertPayload,
  smsProcessPayload,
  stageChangePayload,
  statusChangePayload,
  WEBHOOK_EVENTS,
} from '../../src/domain/events.js';
import type { StatusChangeStatus } from '../../src/domain/statuses.js';

const at = new Date('2026-11-22T03:58:16.123Z');
const TIMESTAMP = '2026-11-22T03:58:16.123+00:00';

describe('webhook events', () => {
  it('are the six names in the order of docs/webhooks.md', () => {
    expect(WEBHOOK_EVENTS).toEqual([
      'SESSION:SMS_PROCESS',
      'SESSION:STAGE_CHANGE',
      'SESSION:STATUS_CHANGE',
      'SESSION:COMPLETE',
      'SESSION:NOTE_INSERT',
      'SESSION:REPORT_REVISED',
    ]);
  });

  it('isWebhookEvent accepts exactly those names', () => {
    for (const name of WEBHOOK_EVENTS) expect(isWebhookEvent(name)).toBe(true);
    for (const other of ['session:complete', 'SESSION:EXPIRED', '', null, 3]) expect(isWebhookEvent(other)).toBe(false);
  });
});

describe('SESSION:SMS_PROCESS payload', () => {
  it('has the spec fields in the spec order', () => {
    const payload = smsProcessPayload({ sessionKey: 'ABC-1234567890', name: 'Ana', phone: '+14155550123', status: 'success', at });
    expect(Object.keys(payload)).toEqual(['session_key', 'event', 'name', 'phone', 'status', 'message', 'timestamp']);
    expect(payload).toEqual({
      session_key: 'ABC-1234567890',
      event: 'SESSION:SMS_PROCESS',
      name: 'Ana',
      phone: '+14155550123',
      status: 'success',
      message: '',
      timestamp: TIMESTAMP,
    });
  });

  it('carries the error message on error, and "" for an unknown name', () => {
    const payload = smsProcessPayload({ sessionKey: 'K', phone: '+1', status: 'error', message: 'Unreachable handset.', at });
    expect(payload.name).toBe('');
    expect(payload.message).toBe('Unreachable handset.');
  });

  it('gives a generic message for an error without one, and none on success', () => {
    expect(smsProcessPayload({ sessionKey: 'K', phone: '+1', status: 'error', message: ' ', at }).message).toBe('The SMS message could not be delivered.');
    expect(smsProcessPayload({ sessionKey: 'K', phone: '+1', status: 'success', message: 'queued', at }).message).toBe('');
  });
});

describe('SESSION:STAGE_CHANGE payload', () => {
  const base = { sessionKey: 'ABC-1234567890', photoCode: 2, photoLabel: 'Interior', photoUrl: 'https://x/photos/p1', at };

  it('has the spec fields in the spec order', () => {
    const payload = stageChangePayload({ ...base, photoStatus: 'accepted' });
    expect(Object.keys(payload)).toEqual(['session_key', 'event', 'photo_code', 'photo_label', 'photo_url', 'photo_status', 'message', 'timestamp']);
    expect(payload).toEqual({
      session_key: 'ABC-1234567890',
      event: 'SESSION:STAGE_CHANGE',
      photo_code: 2,
      photo_label: 'Interior',
      photo_url: 'https://x/photos/p1',
      photo_status: 'accepted',
      message: '',
      timestamp: TIMESTAMP,
    });
  });

  it('carries the rejection reason when rejected', () => {
    expect(stageChangePayload({ ...base, photoStatus: 'rejected', message: 'The photo is too dark.' }).message).toBe('The photo is too dark.');
    expect(stageChangePayload({ ...base, photoStatus: 'rejected' }).message).toBe('The photo did not pass quality control.');
  });
});

describe('SESSION:STATUS_CHANGE payload', () => {
  it('has the spec fields in the spec order', () => {
    const payload = statusChangePayload({ sessionKey: 'ABC-1234567890', status: 'QC_PASSED', at });
    expect(Object.keys(payload)).toEqual(['session_key', 'event', 'status', 'timestamp']);
    expect(payload).toEqual({ session_key: 'ABC-1234567890', event: 'SESSION:STATUS_CHANGE', status: 'QC_PASSED', timestamp: TIMESTAMP });
  });

  it('is built for STARTED, PROCESS, QC_PASSED and CONFIRM only', () => {
    for (const status of ['STARTED', 'PROCESS', 'QC_PASSED', 'CONFIRM'] as const) {
      expect(statusChangePayload({ sessionKey: 'K', status, at }).status).toBe(status);
    }
    for (const status of ['IDLE', 'COMPLETE', 'EXPIRED']) {
      expect(() => statusChangePayload({ sessionKey: 'K', status: status as StatusChangeStatus, at })).toThrow(RangeError);
    }
  });
});

describe('SESSION:NOTE_INSERT payload', () => {
  it('has the spec fields in the spec order (timestamp before title)', () => {
    const payload = noteInsertPayload({ sessionKey: 'ABC-1234567890', title: 'Scratch', description: 'Left door', user: 'guest', at });
    expect(Object.keys(payload)).toEqual(['session_key', 'event', 'timestamp', 'title', 'description', 'user']);
    expect(payload).toEqual({
      session_key: 'ABC-1234567890',
      event: 'SESSION:NOTE_INSERT',
      timestamp: TIMESTAMP,
      title: 'Scratch',
      description: 'Left door',
      user: 'guest',
    });
  });
});

describe('mergeCallbackPayload', () => {
  const payload = statusChangePayload({ sessionKey: 'ABC-1234567890', status: 'PROCESS', at });

  it('adds the extra attributes after the default fields', () => {
    const body = mergeCallbackPayload(payload, { tenant: 'acme', tags: ['a'] });
    expect(Object.keys(body)).toEqual(['session_key', 'event', 'status', 'timestamp', 'tenant', 'tags']);
    expect(body.tenant).toBe('acme');
  });

  it('lets the default payload win a name clash', () => {
    const body = mergeCallbackPayload(payload, { status: 'HACKED', event: 'X', extra: 1 });
    expect(body).toEqual({ ...payload, extra: 1 });
  });

  it('returns a copy of the default payload without extras', () => {
    expect(mergeCallbackPayload(payload, null)).toEqual(payload);
    expect(mergeCallbackPayload(payload)).not.toBe(payload);
  });

  it('keeps a "__proto__" attribute as plain data', () => {
    const extra = JSON.parse('{"__proto__": {"polluted": true}, "ok": 1}') as Record<string, unknown>;
    const body = mergeCallbackPayload(payload, extra);
    expect(Object.getPrototypeOf(body)).toBe(Object.prototype);
    expect((body as { polluted?: unknown }).polluted).toBeUndefined();
    expect(JSON.parse(JSON.stringify(body))).toMatchObject({ ok: 1 });
    expect(JSON.stringify(body)).toContain('"__proto__":{"polluted":true}');
  });
});
