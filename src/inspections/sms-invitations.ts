// Sends the capture link by SMS and records the outcome as SESSION:SMS_PROCESS.
import type { InspectionSessionStore } from '../store/inspection-sessions.js';
import type { InspectionSession } from '../domain/inspection-session.js';
import type { EventRecorder } from '../events/event-recorder.js';
import type { SmsProvider } from '../sms/sms-provider.js';
import type { SmsInvite } from '../domain/session-input.js';
import { smsProcessPayload } from '../domain/events.js';
import type { PublicUrls } from './public-urls.js';

export class SmsInvitations {
  constructor(
    private readonly provider: SmsProvider,
    private readonly recorder: EventRecorder,
    private readonly urls: PublicUrls,
    private readonly sessions: Pick<InspectionSessionStore, 'setSmsDelivery'>,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async invite(session: InspectionSession, invite: SmsInvite): Promise<void> {
    const greeting = invite.toName ? `Hello ${invite.toName}, ` : '';
    const sender = invite.by ? ` from ${invite.by}` : '';
    const body = `${greeting}please photograph your vehicle for the inspection${sender}: ${this.urls.captureUrl(session.key, session.captureToken)}`;
    const outcome = await this.provider.send({ to: invite.to, from: invite.from, body });
    // What the timeline may say: a success of the log provider reached no phone (docs/staff.md "Mail").
    await this.sessions.setSmsDelivery(session.key, outcome.status === 'error' ? 'failed' : outcome.sent ? 'sent' : 'logged');
    await this.recorder.record({
      apiKey: session.apiKey,
      callbackKey: session.createdWithKey,
      sessionKey: session.key,
      payload: {
        ...smsProcessPayload({
          sessionKey: session.key,
          name: invite.toName,
          phone: invite.to,
          status: outcome.status,
          message: outcome.status === 'error' ? outcome.message : null,
          at: this.clock(),
        }),
      },
    });
  }
}
