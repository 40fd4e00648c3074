// Every store over one database, built together so indexes are ensured in one place. Only use cases and the app's
// start-up receive them; faces never do (src/services.ts).
import type { Db } from 'mongodb';
import { CachedAccountStore } from '../accounts/account-cache.js';
import { AccessRecordStore } from './access-records.js';
import { CallbackStore } from './callbacks.js';
import { InspectionSessionStore } from './inspection-sessions.js';
import { CaptureStore } from './captures.js';
import { NoteStore } from './notes.js';
import { DamageStore } from './damages.js';
import { EventStore } from './events.js';
import { LeaseStore } from './leases.js';
import { DeliveryStore } from './deliveries.js';
import { UserStore } from './users.js';
import { SignInStore } from './sign-ins.js';
import { SignInFailureStore } from './sign-in-failures.js';
import { runMigrations } from './migrations/migrations.js';
import type { Logger } from '../logger.js';
import { IdempotencyKeyStore } from './idempotency-keys.js';
import { MailStore } from './mails.js';
import { ApiKeyStore } from './api-keys.js';
import type { ServerTraits } from './server-traits.js';

export interface Stores {
  accounts: CachedAccountStore;
  apiKeys: ApiKeyStore;
  accessRecords: AccessRecordStore;
  callbacks: CallbackStore;
  sessions: InspectionSessionStore;
  captures: CaptureStore;
  notes: NoteStore;
  damages: DamageStore;
  events: EventStore;
  leases: LeaseStore;
  deliveries: DeliveryStore;
  users: UserStore;
  signIns: SignInStore;
  signInFailures: SignInFailureStore;
  idempotencyKeys: IdempotencyKeyStore;
  mails: MailStore;
}

export interface StoreOptions {
  webhookRetentionDays?: number;
  /** What the database server does (Database.server); the plain traits are safe on any server. */
  server?: ServerTraits;
  /** The service's time, for the times a store stamps itself (a settled delivery's update). */
  clock?: () => Date;
}

export function createStores(db: Db, options: StoreOptions = {}): Stores {
  return {
    accounts: new CachedAccountStore(db),
    apiKeys: new ApiKeyStore(db),
    accessRecords: new AccessRecordStore(db),
    callbacks: new CallbackStore(db),
    sessions: new InspectionSessionStore(db, options.server),
    captures: new CaptureStore(db, options.server),
    notes: new NoteStore(db),
    damages: new DamageStore(db),
    events: new EventStore(db),
    leases: new LeaseStore(db),
    deliveries: new DeliveryStore(db, { retentionDays: options.webhookRetentionDays ?? 30, clock: options.clock }),
    users: new UserStore(db),
    signIns: new SignInStore(db),
    signInFailures: new SignInFailureStore(db),
    idempotencyKeys: new IdempotencyKeyStore(db),
    mails: new MailStore(db),
  };
}

export async function ensureIndexes(stores: Stores): Promise<void> {
  await Promise.all(Object.values(stores).map((store) => store.ensureIndexes()));
}

/** Before the app serves: the indexes, then the migrations this database has not had yet (migrations/migrations.ts). */
export async function prepareDatabase(db: Db, stores: Stores, options: { logger?: Logger; clock?: () => Date } = {}): Promise<void> {
  await ensureIndexes(stores);
  await runMigrations(db, stores.leases, options);
}
