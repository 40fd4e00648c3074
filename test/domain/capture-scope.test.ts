import { describe, expect, it } from 'vitest';
import { captureTokenAccess, guestBrand, guestEventPayload, guestVehicle, GUEST_NOTE_STATUSES } from '../../src/domain/capture-scope.js';
import { vehicleApiObject } from '../../src/domain/vehicle.js';

const DAY_MS = 86_400_000;
const completedAt = new Date('2026-01-01T00:00:00Z');
const at = (ms: number) => new Date(completedAt.getTime() + ms);

describe('captureTokenAccess', () => {
  it('captures before COMPLETE, reads for 30 days after it, then stops', () => {
    for (const status of ['IDLE', 'STARTED', 'PROCESS', 'QC_PASSED', 'CONFIRM', 'EXPIRED'] as const) {
      expect(captureTokenAccess({ status, completedAt: null }, at(365 * DAY_MS))).toBe('capture');
    }
    expect(captureTokenAccess({ status: 'COMPLETE', completedAt }, at(30 * DAY_MS - 1))).toBe('read-only');
    expect(captureTokenAccess({ status: 'COMPLETE', completedAt }, at(30 * DAY_MS))).toBe('expired');
  });
});

describe('guest view', () => {
  it('takes notes only while capturing', () => {
    expect(GUEST_NOTE_STATUSES).toEqual(['STARTED', 'PROCESS', 'QC_PASSED']);
  });

  it('keeps the fields that identify the car, not the odometer or transmission', () => {
    const vehicle = guestVehicle(vehicleApiObject({ make: 'Honda', model: 'Accord', year: 2019, odomReading: 42000, odomUnit: 'km', transmission: 'manual' }));
    expect(vehicle).toMatchObject({ make: 'Honda', model: 'Accord', year: 2019 });
    expect(vehicle).not.toHaveProperty('odom_reading');
    expect(vehicle).not.toHaveProperty('transmission');
  });

  it('passes progress events, guest notes only, a bare completion, and never SMS outcomes', () => {
    const timestamp = '2026-01-01T00:00:00+00:00';
    const stage = { session_key: 'K', event: 'SESSION:STAGE_CHANGE', photo_code: 1 };
    expect(guestEventPayload({ event: 'SESSION:STAGE_CHANGE', timestamp, payload: stage })).toEqual(stage);
    expect(guestEventPayload({ event: 'SESSION:NOTE_INSERT', timestamp, payload: { user: 'guest', title: 't' } })).toEqual({ user: 'guest', title: 't' });
    expect(guestEventPayload({ event: 'SESSION:NOTE_INSERT', timestamp, payload: { user: 'dealer', title: 't' } })).toBeNull();
    expect(guestEventPayload({ event: 'SESSION:SMS_PROCESS', timestamp, payload: { phone: '+1555' } })).toBeNull();
    expect(guestEventPayload({ event: 'SESSION:SOMETHING_NEW', timestamp, payload: {} })).toBeNull();
    const complete = { event: 'SESSION:COMPLETE', session: { session_key: 'K', options: { client_id: 'c' } }, vehicle: {} };
    expect(guestEventPayload({ event: 'SESSION:COMPLETE', timestamp, payload: complete })).toEqual({
      session_key: 'K',
      event: 'SESSION:COMPLETE',
      status: 'COMPLETE',
      timestamp,
    });
  });
});

describe('the brand a guest sees', () => {
  it("is the account's chosen name, colour and logo, never its username", () => {
    expect(guestBrand({ username: 'autos-sol', displayName: 'Autos Sol', brandColor: '#0b6e4f' }, '/brand/logo-1.png')).toEqual({
      name: 'Autos Sol',
      color: '#0b6e4f',
      logoUrl: '/brand/logo-1.png',
    });
    // An account that chose no display name shows as the username; a guest sees the service's own look instead.
    expect(guestBrand({ username: 'autos-sol', displayName: 'autos-sol', brandColor: null })).toEqual({ name: null, color: null, logoUrl: null });
    expect(guestBrand(null, '/brand/logo-1.png')).toEqual({ name: null, color: null, logoUrl: null });
  });
});
