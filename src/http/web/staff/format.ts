// Small formatting rules the staff pages share (times, vehicles, events in words).
import { formatTime as formatTimeOf, vehicleTitle as vehicleTitleOf } from '../assets/ui.js';

export function formatTime(iso: string | null | undefined): string {
  return iso ? formatTimeOf(iso) : '—';
}

/** A grade's name in words, as a person writes it: EXCELLENT → Excellent. */
export function gradeWord(name: string): string {
  return name.charAt(0) + name.slice(1).toLowerCase();
}

export function vehicleTitle(vehicle: Record<string, unknown> | null | undefined): string | null {
  return vehicleTitleOf(vehicle as never);
}

/** A mail about a session, in words: what it is, to whom, and only "sent" when the SMTP server took it. */
export function describeMail(mail: { kind: string; to: string; status: string; lastError?: string | null }): string {
  const what = MAIL_KINDS[mail.kind] ?? 'Mail';
  switch (mail.status) {
    case 'SENT':
      return `${what} sent to ${mail.to}`;
    case 'LOGGED':
      return `${what} to ${mail.to} not sent — no mail server is set up, so it was only logged`;
    case 'FAILED':
      return `${what} to ${mail.to} failed${mail.lastError ? ` — ${mail.lastError}` : ''}`;
    default:
      return `${what} to ${mail.to} waiting to be sent${mail.lastError ? ` (last try: ${mail.lastError})` : ''}`;
  }
}

const MAIL_KINDS: Record<string, string> = {
  invitation: 'Capture link',
  report_ready: 'Report link',
  review_waiting: 'Review notice',
};

/** What became of the session's SMS invitation (GraphQL smsDelivery); null when not known. */
type SmsDelivery = 'SENT' | 'LOGGED' | 'FAILED' | null | undefined;

/**
 * What an event says, in words: "Driver side photo rejected — too dark", "Note: Checked". An SMS the log provider only
 * logged reports success to webhooks, but is never called texted here (docs/staff.md "Mail").
 */
export function describeEvent(
  event: string,
  payload: Record<string, unknown>,
  words: { status: (code: string) => string; view: (code: number) => string },
  smsDelivery: SmsDelivery = null,
): string {
  switch (event) {
    case 'SESSION:STATUS_CHANGE':
      return `Now: ${words.status(String(payload.status))}`;
    case 'SESSION:STAGE_CHANGE': {
      const view = typeof payload.photo_code === 'number' ? words.view(payload.photo_code) : 'Photo';
      const verdict = payload.photo_status === 'accepted' ? 'accepted' : payload.photo_status === 'rejected' ? 'rejected' : String(payload.photo_status ?? '');
      return `${view} photo ${verdict}${payload.photo_status === 'rejected' && payload.message ? ` — ${String(payload.message).replace(/^REJECTED:\s*/, '')}` : ''}`;
    }
    case 'SESSION:NOTE_INSERT':
      return `Note: ${String(payload.title ?? '')}`;
    case 'SESSION:COMPLETE':
      return 'The report is ready';
    case 'SESSION:SMS_PROCESS':
      if (payload.status !== 'success') return `Text message failed${payload.message ? ` — ${String(payload.message)}` : ''}`;
      if (smsDelivery === 'SENT') return 'Capture link texted';
      if (smsDelivery === 'LOGGED') return 'Capture link not texted — no SMS provider is set up, so it was only logged';
      return 'Capture link handed to the SMS provider';
    case 'SESSION:REPORT_REVISED':
      return `Report revised${payload.reason ? ` — ${String(payload.reason)}` : ''}`;
    default:
      return '';
  }
}
