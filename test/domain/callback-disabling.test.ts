// When the service disables a callback and how it says why (docs/webhooks.md#disabled-callbacks): the API's English
// reason, and the owners' mail in each of the five languages.
import { describe, expect, it } from 'vitest';
import { disabledReason, hasFailedTooLong } from '../../src/domain/callback-disabling.js';
import { CAPTURE_LANGUAGES } from '../../src/domain/languages.js';
import { callbackDisabledMail } from '../../src/domain/mail-texts.js';

const since = new Date('2026-03-09T14:02:11.381Z');
const failing = { kind: 'failing' as const, days: 5, since, lastError: 'HTTP 503 Service Unavailable' };

describe('disabling a callback', () => {
  it('counts whole days from the first failed attempt', () => {
    expect(hasFailedTooLong(since, new Date('2026-03-14T14:02:11.380Z'), 5)).toBe(false);
    expect(hasFailedTooLong(since, new Date('2026-03-14T14:02:11.381Z'), 5)).toBe(true);
    expect(hasFailedTooLong(since, new Date('2026-03-10T14:02:11.381Z'), 1)).toBe(true);
  });

  it('says why in the API, in English', () => {
    expect(disabledReason({ kind: 'gone' })).toBe('The receiver answered 410 Gone.');
    expect(disabledReason(failing)).toBe(
      'Every delivery attempt failed for 5 days (none succeeded since 2026-03-09T14:02:11.381Z). Last error: HTTP 503 Service Unavailable.',
    );
    expect(disabledReason({ ...failing, days: 1, lastError: null })).toBe(
      'Every delivery attempt failed for 1 day (none succeeded since 2026-03-09T14:02:11.381Z).',
    );
    expect(disabledReason({ ...failing, lastError: 'The connection was refused.' })).toMatch(/Last error: The connection was refused\.$/);
    // Cut at 200 characters, its spaces trimmed, ending in one stop: a stop inside the error does not count.
    expect(disabledReason({ ...failing, lastError: `  ${'x'.repeat(196)}   and more` })).toMatch(new RegExp(`Last error: ${'x'.repeat(196)}\\.$`));
    expect(disabledReason({ ...failing, lastError: 'getaddrinfo ENOTFOUND hooks.example.com' })).toMatch(
      /Last error: getaddrinfo ENOTFOUND hooks\.example\.com\.$/,
    );
    expect(disabledReason({ ...failing, lastError: 'Timed out!' })).toMatch(/Last error: Timed out!$/);
  });

  it('tells the owners in the account’s language which callback, why, and where to enable it again', () => {
    const subjects = new Set<string>();
    for (const language of CAPTURE_LANGUAGES) {
      const mail = callbackDisabledMail({
        language,
        event: 'SESSION:COMPLETE',
        url: 'https://hooks.example.com/done',
        cause: failing,
        settingsUrl: 'https://capture.example.com/dashboard/settings/developers',
      });
      subjects.add(mail.subject);
      expect(mail.subject).toContain('SESSION:COMPLETE');
      expect(mail.text).toContain('SESSION:COMPLETE (https://hooks.example.com/done)');
      expect(mail.text).toContain('HTTP 503 Service Unavailable');
      expect(mail.text).toContain('2026');
      expect(mail.text).toMatch(/\n\nhttps:\/\/capture\.example\.com\/dashboard\/settings\/developers\n$/);
      const gone = callbackDisabledMail({
        language,
        event: 'SESSION:COMPLETE',
        url: 'https://hooks.example.com/done',
        cause: { kind: 'gone' },
        settingsUrl: 'x',
      });
      expect(gone.text).toContain('410 Gone');
      expect(gone.text).not.toContain('HTTP 503');
    }
    expect(subjects.size).toBe(CAPTURE_LANGUAGES.length);
    expect(callbackDisabledMail({ language: 'es', event: 'SESSION:COMPLETE', url: 'https://h.example/x', cause: failing, settingsUrl: 'x' }).text).toContain(
      'Todas las entregas fallaron durante 5 días: ninguna ha tenido éxito desde el 9 de marzo de 2026',
    );
  });
});
