import { describe, expect, it } from 'vitest';
import { acceptedPhotoCodes, approvedMessage, latestCapturePerCode } from '../../src/domain/photos.js';

describe('approvedMessage', () => {
  it('is ACCEPTED or REJECTED: <reason>', () => {
    expect(approvedMessage(true, null)).toBe('ACCEPTED');
    expect(approvedMessage(true, 'ignored')).toBe('ACCEPTED');
    expect(approvedMessage(false, 'The photo is too blurry.')).toBe('REJECTED: The photo is too blurry.');
  });

  it('still gives a reason when none was recorded', () => {
    expect(approvedMessage(false)).toBe('REJECTED: no reason given');
    expect(approvedMessage(false, '  ')).toBe('REJECTED: no reason given');
  });
});

describe('latestCapturePerCode', () => {
  const t = (seconds: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, seconds));

  it('keeps the latest capture of each code, ordered by code', () => {
    const latest = latestCapturePerCode([
      { photoCode: 5, capturedAt: t(3), id: 'a' },
      { photoCode: 1, capturedAt: t(9), id: 'b' },
      { photoCode: 5, capturedAt: t(7), id: 'c' },
      { photoCode: 1, capturedAt: t(2), id: 'd' },
    ]);
    expect(latest.map((capture) => capture.id)).toEqual(['b', 'c']);
  });

  it('lets the later entry win a time tie', () => {
    const latest = latestCapturePerCode([
      { photoCode: 2, capturedAt: t(1), id: 'first' },
      { photoCode: 2, capturedAt: t(1), id: 'second' },
    ]);
    expect(latest.map((capture) => capture.id)).toEqual(['second']);
  });

  it('acceptedPhotoCodes counts a code only when its latest capture is accepted', () => {
    expect(
      acceptedPhotoCodes([
        { photoCode: 1, capturedAt: t(1), approved: false },
        { photoCode: 1, capturedAt: t(2), approved: true },
        { photoCode: 2, capturedAt: t(1), approved: true },
        { photoCode: 2, capturedAt: t(2), approved: false },
        { photoCode: 3, capturedAt: t(1), approved: true },
      ]),
    ).toEqual([1, 3]);
  });
});
