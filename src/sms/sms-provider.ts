// The port through which invitations are sent; providers answer with the outcome instead of throwing.
export interface SmsMessage {
  to: string;
  from: string | null;
  body: string;
}

/** `sent`: false when the provider only recorded the message (the log provider): nothing reached a phone. */
export type SmsOutcome = { status: 'success'; providerId: string | null; sent: boolean } | { status: 'error'; message: string };

export interface SmsProvider {
  readonly name: string;
  send(message: SmsMessage): Promise<SmsOutcome>;
}
