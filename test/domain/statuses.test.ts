import { describe, expect, it } from 'vitest';
import {
  acceptsDamages,
  acceptsPhotos,
  canDelete,
  checkSessionUpdate,
  expiresWhenIdle,
  isFinal,
  isSessionStatus,
  retakeReplacesIn,
  nextStatus,
  SESSION_STATUSES,
  SESSION_TRIGGERS,
  sourcesOf,
  targetOf,
  webhookEventForMove,
  type SessionStatus,
  type SessionTrigger,
} from '../../src/domain/statuses.js';

// Written out independently of the implementation: docs/events.md.
const EXPECTED: Record<SessionTrigger, Partial<Record<SessionStatus, SessionStatus>>> = {
  start: { IDLE: 'STARTED' },
  firstPhoto: { STARTED: 'PROCESS' },
  allPhotosAccepted: { PROCESS: 'QC_PASSED' },
  confirm: { QC_PASSED: 'CONFIRM' },
  reportGenerated: { CONFIRM: 'COMPLETE' },
  expire: { IDLE: 'EXPIRED', STARTED: 'EXPIRED', PROCESS: 'EXPIRED' },
};

describe('session statuses', () => {
  it('let an accepted retake replace its view until confirmation, a rejected one only before every view is accepted', () => {
    expect(retakeReplacesIn(true)).toEqual(['STARTED', 'PROCESS', 'QC_PASSED']);
    expect(retakeReplacesIn(false)).toEqual(['STARTED', 'PROCESS']);
  });

  it('expire when idle only before every photo is accepted', () => {
    expect(SESSION_STATUSES.filter(expiresWhenIdle)).toEqual(['IDLE', 'STARTED', 'PROCESS']);
  });

  it('lists the seven statuses in lifecycle order', () => {
    expect(SESSION_STATUSES).toEqual(['IDLE', 'STARTED', 'PROCESS', 'QC_PASSED', 'CONFIRM', 'COMPLETE', 'EXPIRED']);
  });

  it('knows the six triggers', () => {
    expect([...SESSION_TRIGGERS].sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it('recognises statuses', () => {
    expect(isSessionStatus('QC_PASSED')).toBe(true);
    expect(isSessionStatus('qc_passed')).toBe(false);
    expect(isSessionStatus(undefined)).toBe(false);
  });
});

describe('nextStatus', () => {
  for (const trigger of Object.keys(EXPECTED) as SessionTrigger[]) {
    for (const from of SESSION_STATUSES) {
      const to = EXPECTED[trigger][from] ?? null;
      it(`${trigger} from ${from} → ${to ?? 'no move'}`, () => {
        expect(nextStatus(from, trigger)).toBe(to);
      });
    }
  }

  it('never leaves COMPLETE or EXPIRED', () => {
    for (const trigger of SESSION_TRIGGERS) {
      expect(nextStatus('COMPLETE', trigger)).toBeNull();
      expect(nextStatus('EXPIRED', trigger)).toBeNull();
    }
  });
});

describe('sourcesOf / targetOf', () => {
  it('gives the statuses a trigger applies from, for compare-and-set filters', () => {
    for (const trigger of SESSION_TRIGGERS) {
      expect(sourcesOf(trigger).sort()).toEqual(Object.keys(EXPECTED[trigger]).sort());
    }
    expect(sourcesOf('expire')).toEqual(['IDLE', 'STARTED', 'PROCESS']);
  });

  it('returns a fresh array each time', () => {
    const sources = sourcesOf('expire');
    sources.push('COMPLETE');
    expect(sourcesOf('expire')).toEqual(['IDLE', 'STARTED', 'PROCESS']);
  });

  it('gives the target of each trigger', () => {
    expect(targetOf('start')).toBe('STARTED');
    expect(targetOf('reportGenerated')).toBe('COMPLETE');
    expect(targetOf('expire')).toBe('EXPIRED');
  });
});

describe('status rules', () => {
  const cases: [SessionStatus, { final: boolean; photos: boolean; deletable: boolean }][] = [
    ['IDLE', { final: false, photos: false, deletable: true }],
    ['STARTED', { final: false, photos: true, deletable: false }],
    ['PROCESS', { final: false, photos: true, deletable: false }],
    ['QC_PASSED', { final: false, photos: true, deletable: false }],
    ['CONFIRM', { final: false, photos: false, deletable: false }],
    ['COMPLETE', { final: true, photos: false, deletable: false }],
    ['EXPIRED', { final: true, photos: false, deletable: false }],
  ];
  for (const [status, rule] of cases) {
    it(`${status}: final=${rule.final}, photos=${rule.photos}, deletable=${rule.deletable}`, () => {
      expect(isFinal(status)).toBe(rule.final);
      expect(acceptsPhotos(status)).toBe(rule.photos);
      expect(canDelete(status)).toBe(rule.deletable);
    });
  }
});

describe('webhookEventForMove', () => {
  it('announces STARTED, PROCESS, QC_PASSED and CONFIRM with STATUS_CHANGE', () => {
    for (const to of ['STARTED', 'PROCESS', 'QC_PASSED', 'CONFIRM'] as const) {
      expect(webhookEventForMove(to)).toBe('SESSION:STATUS_CHANGE');
    }
  });

  it('announces COMPLETE with SESSION:COMPLETE', () => {
    expect(webhookEventForMove('COMPLETE')).toBe('SESSION:COMPLETE');
  });

  it('sends no webhook for EXPIRED (nor IDLE, which no move reaches)', () => {
    expect(webhookEventForMove('EXPIRED')).toBeNull();
    expect(webhookEventForMove('IDLE')).toBeNull();
  });

  it('every move of the table emits what docs/events.md lists', () => {
    const emitted = SESSION_TRIGGERS.map((trigger) => [trigger, webhookEventForMove(targetOf(trigger))]);
    expect(Object.fromEntries(emitted)).toEqual({
      start: 'SESSION:STATUS_CHANGE',
      firstPhoto: 'SESSION:STATUS_CHANGE',
      allPhotosAccepted: 'SESSION:STATUS_CHANGE',
      confirm: 'SESSION:STATUS_CHANGE',
      reportGenerated: 'SESSION:COMPLETE',
      expire: null,
    });
  });
});

describe('checkSessionUpdate', () => {
  it('allows every field while IDLE', () => {
    expect(checkSessionUpdate('IDLE', ['theme', 'redirect_url', 'language', 'vehicle', 'options'])).toBeNull();
  });

  it('allows an empty update in any status', () => {
    for (const status of SESSION_STATUSES) expect(checkSessionUpdate(status, [])).toBeNull();
  });

  it('refuses theme once capture has started, naming the field and status', () => {
    for (const status of ['STARTED', 'PROCESS', 'QC_PASSED', 'CONFIRM', 'COMPLETE', 'EXPIRED'] as const) {
      expect(checkSessionUpdate(status, ['theme'])).toBe(`theme can only be changed while the session is IDLE; it is ${status}.`);
    }
  });

  it('allows the other fields until the session is final', () => {
    for (const status of ['IDLE', 'STARTED', 'PROCESS', 'QC_PASSED', 'CONFIRM'] as const) {
      expect(checkSessionUpdate(status, ['redirect_url', 'language', 'vehicle', 'options'])).toBeNull();
    }
  });

  it('refuses the other fields once COMPLETE or EXPIRED', () => {
    for (const status of ['COMPLETE', 'EXPIRED'] as const) {
      for (const field of ['redirect_url', 'language', 'vehicle', 'options']) {
        expect(checkSessionUpdate(status, [field])).toBe(`${field} can no longer be changed: the session is ${status}.`);
      }
    }
  });

  it('reports the first refused field', () => {
    expect(checkSessionUpdate('PROCESS', ['vehicle', 'theme'])).toMatch(/^theme /);
  });

  it('names an unknown field', () => {
    expect(checkSessionUpdate('IDLE', ['colour'])).toBe('Unknown field colour. Use one of theme, redirect_url, language, vehicle, options.');
  });
});

describe('damage records', () => {
  it('are accepted until the inspection is confirmed', () => {
    expect(['IDLE', 'STARTED', 'PROCESS', 'QC_PASSED', 'CONFIRM'].every((status) => acceptsDamages(status as never))).toBe(true);
    expect(['COMPLETE', 'EXPIRED'].some((status) => acceptsDamages(status as never))).toBe(false);
  });
});
