// Small formatting rules the staff pages share (times, vehicles, events in words).
import { formatTime as formatTimeOf, vehicleTitle as vehicleTitleOf } from '../assets/ui.js';

export function formatTime(iso: string | null | undefined): string {
  return iso ? formatTimeOf(iso) : '—';
}

export function vehicleTitle(vehicle: Record<string, unknown> | null | undefined): string | null {
  return vehicleTitleOf(vehicle as never);
}

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
