// A callback setting as the code works with it: the record the callback store returns and takes, whatever shape the
// database keeps it in (src/store/callbacks.ts maps one to the other). The API's names for it are the faces' business.

export type CallbackMethod = 'POST' | 'PUT' | 'PATCH';

export interface SigningSecret {
  secret: string;
  /** null for the current secret; a rotated-out secret signs until this time. */
  expiresAt: Date | null;
}

/** One account's callback for one event (at most one per pair). */
export interface Callback {
  apiKey: string;
  event: string;
  url: string;
  method: CallbackMethod;
  headers: Record<string, string>;
  payload: Record<string, unknown>;
  secrets: SigningSecret[];
  /**
   * false once disabled: a receiver answered 410 Gone, every attempt failed for CALLBACK_DISABLE_DAYS, or the API
   * asked for it ("disabled": true). Updating the callback, or "disabled": false, turns it back on.
   */
  active: boolean;
  /** Why it is disabled, in words; null while active. */
  disabledReason: string | null;
  /** The first failed attempt since the last successful one (test sends aside); null while the receiver answers. */
  failingSince: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** What the API sets of a callback. */
export type CallbackSetting = Pick<Callback, 'url' | 'method' | 'headers' | 'payload'>;
