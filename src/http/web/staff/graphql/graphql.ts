/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
/** The PATCH /v1/account body in camelCase: only what is given changes. */
export type AccountSettingsInput = {
  /** The colour of the capture page and the report, #rrggbb; null for the default. */
  brandColor?: string | null | undefined;
  /** The language of sessions created without one: the capture page and the condition report are written in it. One of en, es, fr, de, pt. */
  defaultLanguage?: string | null | undefined;
  /** PRO: photos 1-13 and a damage inspection; LITE: photos 1, 2, 4, 5, 7, 8; CAPT: photos 1-13, no damage inspection. One of PRO, LITE, CAPT. */
  defaultTheme?: string | null | undefined;
  /** Shown on the capture page, the dashboard and the report. */
  displayName?: string | null | undefined;
  /** How long a session may stay idle before it expires. */
  expirationHours?: number | null | undefined;
  /** Who is told when a session starts waiting for review and when a callback is disabled. */
  notificationEmails?: Array<string> | null | undefined;
  /** Where the capture page sends the person when done, unless the session names another; null for none. */
  redirectUrl?: string | null | undefined;
  /** manual: a person completes each review; auto: the report is generated on confirmation. One of manual, auto. */
  reviewMode?: string | null | undefined;
};

/** The HTTP method each delivery of a callback is sent with. */
export type CallbackMethod =
  /** Deliveries are PATCH requests. */
  | 'PATCH'
  /** The default. */
  | 'POST'
  /** Deliveries are PUT requests. */
  | 'PUT';

/** Where an event goes and what each delivery carries; a field left out goes back to its default. */
export type CallbackSettingInput = {
  /** Headers sent with each delivery: a JSON object of string values (at most 32), or a string holding one; null or "" mean none. Host, Content-Length, Transfer-Encoding, Connection, Content-Type and the webhook-* signing headers are set by the service, whose values win. */
  headers?: unknown;
  /** The HTTP method of each delivery; default POST. */
  method?: CallbackMethod | null | undefined;
  /** Extra attributes added to each event's default payload (the default field wins a clash): a JSON object, or a string holding one. */
  payload?: unknown;
  /** Absolute http(s) URL; non-public addresses are refused unless WEBHOOK_ALLOW_PRIVATE_TARGETS=true. */
  url: string;
};

/** The POST /v1/sessions body in camelCase. */
export type CreateInspectionSessionInput = {
  /** When given (and mail is set up), the person gets the capture link by email in the session's language, and the report link when the session completes. */
  email?: EmailInvitationInput | null | undefined;
  /** How the capture looks and the integrator's own data. */
  session?: SessionSettingsInput | null | undefined;
  /** When given, an SMS invitation with the capture link is sent and its outcome emitted as SESSION:SMS_PROCESS. */
  sms?: SmsInvitationInput | null | undefined;
  /** The vehicle: every key optional, null or blank for unknown; unknown keys are refused with 400. */
  vehicle?: VehicleInput | null | undefined;
};

/** A new person of the account: the POST /v1/users body. */
export type CreateUserInput = {
  /** The name the pages show, at most 200 characters; defaults to the username. */
  name?: string | null | undefined;
  /** At least 12 characters. */
  password: string;
  /** What the user may do. */
  role: UserRole;
  /** Unique across the service: 3-64 of a-z, 0-9, ".", "_", "-". */
  username: string;
};

/** A box on a photo, in fractions (0-1) of its width and height; x + width <= 1, y + height <= 1. */
export type DamageRegionInput = {
  /** The box's height, as a fraction of the photo's height: more than 0, at most 1 - y. */
  height: number;
  /** The box's width, as a fraction of the photo's width: more than 0, at most 1 - x. */
  width: number;
  /** The box's left edge, as a fraction (0-1) of the photo's width. */
  x: number;
  /** The box's top edge, as a fraction (0-1) of the photo's height. */
  y: number;
};

/** Whether a damage record counts in the results: only ACCEPTED ones do. */
export type DamageStatus =
  /** Counts in the results: recorded by a person or the API, or a proposal a person accepted. */
  | 'ACCEPTED'
  /** A proposal a person declined: kept, but left out of the results. */
  | 'DECLINED'
  /** Found by the damage detector, waiting for a person to accept or decline it; left out of the results until accepted. */
  | 'PROPOSED';

/** Where a delivery stands. */
export type DeliveryStatus =
  /** Claimed by a worker, being sent. */
  | 'DELIVERING'
  /** No more automatic attempts (the schedule ran out, 410 Gone, the callback removed or disabled); it can be redelivered. */
  | 'FAILED'
  /** Waiting for its next attempt. */
  | 'PENDING'
  /** A 2xx arrived. */
  | 'SUCCEEDED';

/** When given (and mail is set up), the person gets the capture link by email in the session's language, and the report link when the session completes. */
export type EmailInvitationInput = {
  /** The email address (at most 254 characters). */
  to?: string | null | undefined;
  /** The recipient's name. At most 100 characters; blank means null. */
  toName?: string | null | undefined;
};

/** Where a mail the service means to send stands (docs/staff.md "Mail"). */
export type MailStatus =
  /** Every attempt failed; lastError says why. */
  | 'FAILED'
  /** Only written to the service log: no SMTP server is set up, so nothing was sent. */
  | 'LOGGED'
  /** Waiting to be sent, or to be tried again after a failure. */
  | 'QUEUED'
  /** The SMTP server accepted it. */
  | 'SENT';

/** Where a session's review stands (docs/staff.md "Review revisions"). */
export type ReviewState =
  /** A person (or the API) completed the review. */
  | 'COMPLETED'
  /** No person reviews it: not yet confirmed, or completed without a review (auto mode). */
  | 'NONE'
  /** Confirmed, waiting for a person to complete its review. */
  | 'PENDING'
  /** A completed review reopened for a correction: damages may change until it is completed again. */
  | 'REOPENED';

/** The filters of GET /v1/sessions/search (and the CSV export) in camelCase, checked by the same schema; every one optional. */
export type SessionSearchInput = {
  /** true: only confirmed sessions waiting for a person to complete their review (the review queue, manual review mode); false: every other session. */
  awaitingReview?: boolean | null | undefined;
  /** Only sessions created at or after this time; a date means its midnight UTC. ISO 8601: a date-time with Z or an offset, or a date. */
  createdFrom?: string | null | undefined;
  /** Only sessions created at or before this time; a date means up to the end of that day (UTC). ISO 8601: a date-time with Z or an offset, or a date. */
  createdTo?: string | null | undefined;
  /** The next_cursor of the previous page, with the same filters; omit it for the newest sessions. */
  cursor?: string | null | undefined;
  /** Sessions per page, 1–100 (default 25). */
  limit?: number | null | undefined;
  /** Finds sessions whose session key, VIN, client_id, reference values, or contact's name, phone or email contain this text, in any case. A phone number matches whatever its separators. */
  q?: string | null | undefined;
  /** Only sessions in these statuses (any of IDLE, STARTED, PROCESS, QC_PASSED, CONFIRM, COMPLETE, EXPIRED); in a query string, a comma-separated list. */
  status?: Array<string> | null | undefined;
  /** true: only sessions made with a test key; false (the default): only live ones. */
  test?: boolean | null | undefined;
  /** Only sessions whose representation changed (updated_at) at or after this time; a date means its midnight UTC. ISO 8601: a date-time with Z or an offset, or a date. */
  updatedSince?: string | null | undefined;
};

/** How the capture looks and the integrator's own data. */
export type SessionSettingsInput = {
  /** The integrator's own reference for the session. At most 200 characters; blank means null. */
  clientId?: string | null | undefined;
  /** Free-form contact details (a JSON object). null clears it. */
  contact?: Record<string, unknown> | null | undefined;
  /** The capture page's language: one of en, es, fr, de, pt (a regional tag such as pt-BR is stored as its language, pt); blank means null (English). */
  language?: string | null | undefined;
  /** Absolute http(s) URL; blank or null means none. */
  redirectUrl?: string | null | undefined;
  /** Free-form reference data (a JSON object). null clears it. */
  reference?: Record<string, unknown> | null | undefined;
  /** One of PRO, LITE, CAPT; null or left out means the account's default theme. */
  theme?: string | null | undefined;
};

/** Where a session is in its lifecycle (docs/events.md); COMPLETE and EXPIRED are final. */
export type SessionStatus =
  /** The condition report is generated. Final. */
  | 'COMPLETE'
  /** The person confirmed the inspection; the damage review and the condition report are under way. */
  | 'CONFIRM'
  /** The session stayed idle longer than the account's `expiration_hours`. Final. */
  | 'EXPIRED'
  /** Created; nobody has opened the capture link yet. */
  | 'IDLE'
  /** Photos are being taken. */
  | 'PROCESS'
  /** Every photo the theme requires has an accepted capture. */
  | 'QC_PASSED'
  /** The capture link was opened; no photo yet. */
  | 'STARTED';

/** What became of a session's SMS invitation. */
export type SmsDelivery =
  /** The provider refused it or could not be reached. */
  | 'FAILED'
  /** Only written to the service log (the log provider): no text message was sent. */
  | 'LOGGED'
  /** Handed to the SMS provider, which accepted it. */
  | 'SENT';

/** When given, an SMS invitation with the capture link is sent and its outcome emitted as SESSION:SMS_PROCESS. */
export type SmsInvitationInput = {
  /** Who the message says sends the link, e.g. Acme Motors. At most 100 characters; blank means null. */
  by?: string | null | undefined;
  /** The sender number, e.g. +14155550100. At most 32 characters; blank means null. */
  from?: string | null | undefined;
  /** Phone number in international format (E.164); spaces, dots, dashes and parentheses are removed. */
  to?: string | null | undefined;
  /** The recipient's name, e.g. Jane Doe. At most 100 characters; blank means null. */
  toName?: string | null | undefined;
};

/** What changes about a person of the account: the PATCH /v1/users/{username} body; only what is given changes. */
export type UpdateUserInput = {
  /** The name the pages show, at most 200 characters. */
  name?: string | null | undefined;
  /** A new password, at least 12 characters; every other sign-in of the user ends. */
  password?: string | null | undefined;
  /** What the user may do; the account's last owner stays an owner. */
  role?: UserRole | null | undefined;
};

/** What a signed-in user may do (docs/staff.md). */
export type UserRole =
  /** Reads, adds notes and damages, does reviews. */
  | 'INSPECTOR'
  /** Everything, including callbacks, deliveries and users. */
  | 'OWNER'
  /** Reads sessions, photos, notes, results and reports. */
  | 'VIEWER';

/** What the vehicle check saw on an exterior view: the whole vehicle, none, one cut off by the edge, or one too small in the picture. */
export type VehicleCheck =
  /** The vehicle runs past the left, right or top edge of the photo. */
  | 'CUT_OFF'
  /** No vehicle was found. */
  | 'NO_VEHICLE'
  /** The whole vehicle is in the picture and fills enough of it. */
  | 'OK'
  /** The vehicle is too small in the picture: less than 40 % of its width and of its height. */
  | 'TOO_FAR';

/** The vehicle: every key optional, null or blank for unknown; unknown keys are refused with 400. */
export type VehicleInput = {
  /** The body type, e.g. Sedan. At most 100 characters; blank means null. */
  bodyType?: string | null | undefined;
  /** Exterior colour. At most 100 characters; blank means null. */
  extCol?: string | null | undefined;
  /** Interior colour. At most 100 characters; blank means null. */
  intCol?: string | null | undefined;
  /** The manufacturer, e.g. Toyota. At most 100 characters; blank means null. */
  make?: string | null | undefined;
  /** The model, e.g. Corolla. At most 100 characters; blank means null. */
  model?: string | null | undefined;
  /** Odometer reading, at least 0, in the given unit. null clears it. */
  odomReading?: number | null | undefined;
  /** km or mi; KILOMETRES and MILES are accepted as the same units. One of km, mi, KILOMETRES, MILES. null clears it. */
  odomUnit?: string | null | undefined;
  /** The transmission, e.g. Automatic. At most 100 characters; blank means null. */
  transmission?: string | null | undefined;
  /** The trim level. At most 100 characters; blank means null. */
  trim?: string | null | undefined;
  /** Up to 17 letters and digits without I, O, Q; upper-cased; blank means null. */
  vin?: string | null | undefined;
  /** Model year; at most next calendar year. null clears it. */
  year?: number | null | undefined;
};

/** A webhook event name. GraphQL enum values use _ where the event name has a colon. */
export type WebhookEvent =
  /** SESSION:COMPLETE, the condition report is generated; the payload is the results object. */
  | 'SESSION_COMPLETE'
  /** SESSION:NOTE_INSERT, a note added by a user, the API or the capture app. */
  | 'SESSION_NOTE_INSERT'
  /** SESSION:REPORT_REVISED, a reopened review completed again: the revised results object with revision and reason. */
  | 'SESSION_REPORT_REVISED'
  /** SESSION:SMS_PROCESS, the outcome of a capture-link SMS: sent, or the error. */
  | 'SESSION_SMS_PROCESS'
  /** SESSION:STAGE_CHANGE, a processed photo: accepted, or rejected with the reason. */
  | 'SESSION_STAGE_CHANGE'
  /** SESSION:STATUS_CHANGE, a move to STARTED, PROCESS, QC_PASSED or CONFIRM. */
  | 'SESSION_STATUS_CHANGE';

export type AccountSettingsFieldsFragment = { username: string, displayName: string, brandColor: string | null, defaultLanguage: string, defaultTheme: string, expirationHours: number, reviewMode: string, redirectUrl: string | null, notificationEmails: Array<string>, hasLogo: boolean, logoUrl: string | null };

export type AccountSettingsQueryVariables = Exact<{ [key: string]: never; }>;


export type AccountSettingsQuery = { accountSettings: { username: string, displayName: string, brandColor: string | null, defaultLanguage: string, defaultTheme: string, expirationHours: number, reviewMode: string, redirectUrl: string | null, notificationEmails: Array<string>, hasLogo: boolean, logoUrl: string | null } };

export type UpdateAccountSettingsMutationVariables = Exact<{
  input: AccountSettingsInput;
}>;


export type UpdateAccountSettingsMutation = { updateAccountSettings: { username: string, displayName: string, brandColor: string | null, defaultLanguage: string, defaultTheme: string, expirationHours: number, reviewMode: string, redirectUrl: string | null, notificationEmails: Array<string>, hasLogo: boolean, logoUrl: string | null } };

export type CallbacksQueryVariables = Exact<{ [key: string]: never; }>;


export type CallbacksQuery = { callbacks: Array<{ event: string, url: string, method: CallbackMethod, headers: Record<string, unknown>, payload: Record<string, unknown>, secret: string, disabled: boolean, disabledReason: string | null }> };

export type SetCallbackMutationVariables = Exact<{
  event: WebhookEvent;
  input: CallbackSettingInput;
}>;


export type SetCallbackMutation = { setCallback: { event: string } };

export type DeleteCallbackMutationVariables = Exact<{
  event: WebhookEvent;
}>;


export type DeleteCallbackMutation = { deleteCallback: string };

export type TestCallbackMutationVariables = Exact<{
  event: WebhookEvent;
}>;


export type TestCallbackMutation = { testCallback: { id: string } };

export type RotateSecretMutationVariables = Exact<{
  event: WebhookEvent;
}>;


export type RotateSecretMutation = { rotateCallbackSecret: { event: string } };

export type SetCallbackDisabledMutationVariables = Exact<{
  event: WebhookEvent;
  disabled: boolean;
}>;


export type SetCallbackDisabledMutation = { setCallbackDisabled: { event: string, disabled: boolean } };

export type RecoverDeliveriesMutationVariables = Exact<{
  since: string;
  event?: WebhookEvent | null | undefined;
}>;


export type RecoverDeliveriesMutation = { recoverDeliveries: { queued: number } };

export type EventDeliveriesQueryVariables = Exact<{
  event: WebhookEvent;
}>;


export type EventDeliveriesQuery = { deliveries: { edges: Array<{ node: { id: string, event: WebhookEvent, sessionKey: string, test: boolean, status: DeliveryStatus, attemptCount: number, nextAttemptAt: string | null, lastStatusCode: number | null, lastError: string | null, createdAt: string, attempts: Array<{ attempt: number, statusCode: number | null, responseBody: string | null }> } }> } };

export type StaffContextQueryVariables = Exact<{ [key: string]: never; }>;


export type StaffContextQuery = { me: { username: string, name: string, role: UserRole, account: string, permissions: Array<string> } | null, accountSettings: { displayName: string, logoUrl: string | null }, dashboardSettings: { awaitingReview: string, statuses: Array<{ code: string, label: string }>, events: Array<{ code: string, label: string }>, callbackEvents: Array<{ code: string, label: string }>, roles: Array<{ code: string, label: string, description: string | null }>, reviewModes: Array<{ code: string, label: string, description: string | null }>, languages: Array<{ code: string, label: string }>, themes: Array<{ name: string, photoCount: number, damageInspection: boolean }>, views: Array<{ photoCode: number, name: string, defaultItem: string }>, limits: { damageNoteMax: number, noteTitleMax: number, noteDescriptionMax: number, searchMax: number, passwordMin: number, usernamePattern: string, displayNameMax: number, expirationHoursMax: number, notificationEmailsMax: number, logoMaxBytes: number } } };

export type DeliveryFieldsFragment = { id: string, event: WebhookEvent, sessionKey: string, test: boolean, status: DeliveryStatus, attemptCount: number, nextAttemptAt: string | null, lastStatusCode: number | null, lastError: string | null, createdAt: string, attempts: Array<{ attempt: number, statusCode: number | null, responseBody: string | null }> };

export type CallbackEventsQueryVariables = Exact<{ [key: string]: never; }>;


export type CallbackEventsQuery = { callbacks: Array<{ event: string }> };

export type DeliveriesQueryVariables = Exact<{
  event: WebhookEvent;
  sessionKey?: string | null | undefined;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type DeliveriesQuery = { deliveries: { edges: Array<{ node: { id: string, event: WebhookEvent, sessionKey: string, test: boolean, status: DeliveryStatus, attemptCount: number, nextAttemptAt: string | null, lastStatusCode: number | null, lastError: string | null, createdAt: string, attempts: Array<{ attempt: number, statusCode: number | null, responseBody: string | null }> } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } };

export type RedeliverMutationVariables = Exact<{
  id: string | number;
}>;


export type RedeliverMutation = { redeliver: { id: string, event: WebhookEvent, sessionKey: string, test: boolean, status: DeliveryStatus, attemptCount: number, nextAttemptAt: string | null, lastStatusCode: number | null, lastError: string | null, createdAt: string, attempts: Array<{ attempt: number, statusCode: number | null, responseBody: string | null }> } };

export type AccountEventsSubscriptionVariables = Exact<{
  after?: string | null | undefined;
}>;


export type AccountEventsSubscription = { sessionEvents: { id: string, event: string, sessionKey: string, timestamp: string, payload: unknown } };

export type SessionTimelineSubscriptionVariables = Exact<{
  sessionKey: string;
  after?: string | null | undefined;
}>;


export type SessionTimelineSubscription = { sessionEvents: { id: string, event: string, sessionKey: string, timestamp: string, payload: unknown } };

export type CreateSessionMutationVariables = Exact<{
  input?: CreateInspectionSessionInput | null | undefined;
}>;


export type CreateSessionMutation = { createInspectionSession: { captureUrl: string | null, sessionKey: string, status: SessionStatus, awaitingReview: boolean, theme: string, vehicle: Record<string, unknown>, lastActivityAt: string, acceptedPhotoCount: number, reportedDamages: number | null, smsDelivery: SmsDelivery | null, requiredPhotos: Array<{ photoCode: number }>, reportGrade: { grade: number, name: string } | null } };

export type UsersQueryVariables = Exact<{ [key: string]: never; }>;


export type UsersQuery = { users: Array<{ username: string, name: string, role: UserRole, createdAt: string }> };

export type CreateUserMutationVariables = Exact<{
  input: CreateUserInput;
}>;


export type CreateUserMutation = { createUser: { username: string } };

export type DeleteUserMutationVariables = Exact<{
  username: string;
}>;


export type DeleteUserMutation = { deleteUser: string };

export type UpdateUserMutationVariables = Exact<{
  username: string;
  input: UpdateUserInput;
}>;


export type UpdateUserMutation = { updateUser: { username: string, name: string, role: UserRole } };

export type ReopenReviewMutationVariables = Exact<{
  sessionKey: string;
  reason: string;
}>;


export type ReopenReviewMutation = { reopenReview: { status: SessionStatus } };

export type CompleteReviewMutationVariables = Exact<{
  sessionKey: string;
  noDamageFound?: boolean | null | undefined;
}>;


export type CompleteReviewMutation = { completeReview: { status: SessionStatus } };

export type DamageCatalogQueryVariables = Exact<{ [key: string]: never; }>;


export type DamageCatalogQuery = { damageCatalog: { items: Array<{ code: string, label: string }>, damageTypes: Array<{ code: string, label: string, summary: string, gradeMeanings: Array<string>, defaultGrade: number }> } };

export type AddDamageMutationVariables = Exact<{
  sessionKey: string;
  item: string;
  damageType?: string | null | undefined;
  grade?: number | null | undefined;
  note?: string | null | undefined;
  photoCode?: number | null | undefined;
  region?: DamageRegionInput | null | undefined;
}>;


export type AddDamageMutation = { addDamage: { damageId: string | null } };

export type EditDamageMutationVariables = Exact<{
  sessionKey: string;
  damageId: string;
  item?: string | null | undefined;
  damageType?: string | null | undefined;
  grade?: number | null | undefined;
  note?: string | null | undefined;
  region?: DamageRegionInput | null | undefined;
}>;


export type EditDamageMutation = { updateDamage: { damageId: string | null } };

export type SetDamageStatusMutationVariables = Exact<{
  sessionKey: string;
  damageId: string;
  status?: DamageStatus | null | undefined;
}>;


export type SetDamageStatusMutation = { updateDamage: { damageId: string | null } };

export type DeleteDamageMutationVariables = Exact<{
  sessionKey: string;
  damageId: string;
}>;


export type DeleteDamageMutation = { deleteDamage: string };

export type SessionDetailQueryVariables = Exact<{
  sessionKey: string;
}>;


export type SessionDetailQuery = { inspectionSession: { sessionKey: string, status: SessionStatus, awaitingReview: boolean, theme: string, vehicle: Record<string, unknown>, createdAt: string, lastActivityAt: string, acceptedPhotoCount: number, captureUrl: string | null, inspectStartedAt: string | null, inspectEndedAt: string | null, expiresAt: string, expiresWhenIdle: boolean, language: string | null, vinCaptured: string | null, smsDelivery: SmsDelivery | null, mails: Array<{ kind: string, to: string, status: MailStatus, attempts: number, lastError: string | null, createdAt: string, updatedAt: string }>, requiredPhotos: Array<{ photoCode: number }>, photos: Array<{ photoCode: number, photoLabel: string, approved: boolean, approvedMessage: string, url: string | null, createdAt: string, vehicleCheck: VehicleCheck | null, vehicleBox: { x: number, y: number, width: number, height: number, score: number } | null }>, damages: Array<{ damageId: string | null, item: string, damageType: string, grade: number, note: string, photoCode: number | null, score: number | null, source: string, status: DamageStatus, region: { x: number, y: number, width: number, height: number } | null }>, notes: Array<{ title: string, description: string, user: string, createdAt: string }>, location: { latitude: number, longitude: number, accuracy: number | null, capturedAt: string } | null, gradeIfCompleted: { grade: number, name: string }, review: { state: ReviewState, revision: number | null, reopened: { reason: string, by: string, at: string } | null, revisions: Array<{ revision: number, reason: string, reopenedBy: string, reopenedAt: string, completedBy: string, completedAt: string }> } } };

export type SessionReportQueryVariables = Exact<{
  sessionKey: string;
}>;


export type SessionReportQuery = { sessionResults: Record<string, unknown> };

export type SessionRowFieldsFragment = { sessionKey: string, status: SessionStatus, awaitingReview: boolean, theme: string, vehicle: Record<string, unknown>, lastActivityAt: string, acceptedPhotoCount: number, reportedDamages: number | null, smsDelivery: SmsDelivery | null, requiredPhotos: Array<{ photoCode: number }>, reportGrade: { grade: number, name: string } | null };

export type SessionSearchQueryVariables = Exact<{
  filter?: SessionSearchInput | null | undefined;
}>;


export type SessionSearchQuery = { sessionSearch: { nextCursor: string | null, sessions: Array<{ sessionKey: string, status: SessionStatus, awaitingReview: boolean, theme: string, vehicle: Record<string, unknown>, lastActivityAt: string, acceptedPhotoCount: number, reportedDamages: number | null, smsDelivery: SmsDelivery | null, requiredPhotos: Array<{ photoCode: number }>, reportGrade: { grade: number, name: string } | null }> } };

export type SessionsQueryVariables = Exact<{
  first?: number | null | undefined;
  after?: string | null | undefined;
  status?: SessionStatus | null | undefined;
  awaitingReview?: boolean | null | undefined;
  search?: string | null | undefined;
}>;


export type SessionsQuery = { inspectionSessions: { edges: Array<{ node: { sessionKey: string, status: SessionStatus, awaitingReview: boolean, theme: string, vehicle: Record<string, unknown>, lastActivityAt: string, acceptedPhotoCount: number, reportedDamages: number | null, smsDelivery: SmsDelivery | null, requiredPhotos: Array<{ photoCode: number }>, reportGrade: { grade: number, name: string } | null } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } };

export type SessionRowQueryVariables = Exact<{
  sessionKey: string;
}>;


export type SessionRowQuery = { inspectionSession: { sessionKey: string, status: SessionStatus, awaitingReview: boolean, theme: string, vehicle: Record<string, unknown>, lastActivityAt: string, acceptedPhotoCount: number, reportedDamages: number | null, smsDelivery: SmsDelivery | null, requiredPhotos: Array<{ photoCode: number }>, reportGrade: { grade: number, name: string } | null } };

export class TypedDocumentString<TResult, TVariables>
  extends String
  implements DocumentTypeDecoration<TResult, TVariables>
{
  __apiType?: NonNullable<DocumentTypeDecoration<TResult, TVariables>['__apiType']>;
  private value: string;
  public __meta__?: Record<string, any> | undefined;

  constructor(value: string, __meta__?: Record<string, any> | undefined) {
    super(value);
    this.value = value;
    this.__meta__ = __meta__;
  }

  override toString(): string & DocumentTypeDecoration<TResult, TVariables> {
    return this.value;
  }
}
export const AccountSettingsFieldsFragmentDoc = new TypedDocumentString(`
    fragment AccountSettingsFields on AccountSettings {
  username
  displayName
  brandColor
  defaultLanguage
  defaultTheme
  expirationHours
  reviewMode
  redirectUrl
  notificationEmails
  hasLogo
  logoUrl
}
    `, {"fragmentName":"AccountSettingsFields"}) as unknown as TypedDocumentString<AccountSettingsFieldsFragment, unknown>;
export const DeliveryFieldsFragmentDoc = new TypedDocumentString(`
    fragment DeliveryFields on Delivery {
  id
  event
  sessionKey
  test
  status
  attemptCount
  nextAttemptAt
  lastStatusCode
  lastError
  createdAt
  attempts {
    attempt
    statusCode
    responseBody
  }
}
    `, {"fragmentName":"DeliveryFields"}) as unknown as TypedDocumentString<DeliveryFieldsFragment, unknown>;
export const SessionRowFieldsFragmentDoc = new TypedDocumentString(`
    fragment SessionRowFields on InspectionSession {
  sessionKey
  status
  awaitingReview
  theme
  vehicle
  lastActivityAt
  acceptedPhotoCount
  requiredPhotos {
    photoCode
  }
  reportGrade {
    grade
    name
  }
  reportedDamages
  smsDelivery
}
    `, {"fragmentName":"SessionRowFields"}) as unknown as TypedDocumentString<SessionRowFieldsFragment, unknown>;
export const AccountSettingsDocument = new TypedDocumentString(`
    query AccountSettings {
  accountSettings {
    ...AccountSettingsFields
  }
}
    fragment AccountSettingsFields on AccountSettings {
  username
  displayName
  brandColor
  defaultLanguage
  defaultTheme
  expirationHours
  reviewMode
  redirectUrl
  notificationEmails
  hasLogo
  logoUrl
}`) as unknown as TypedDocumentString<AccountSettingsQuery, AccountSettingsQueryVariables>;
export const UpdateAccountSettingsDocument = new TypedDocumentString(`
    mutation UpdateAccountSettings($input: AccountSettingsInput!) {
  updateAccountSettings(input: $input) {
    ...AccountSettingsFields
  }
}
    fragment AccountSettingsFields on AccountSettings {
  username
  displayName
  brandColor
  defaultLanguage
  defaultTheme
  expirationHours
  reviewMode
  redirectUrl
  notificationEmails
  hasLogo
  logoUrl
}`) as unknown as TypedDocumentString<UpdateAccountSettingsMutation, UpdateAccountSettingsMutationVariables>;
export const CallbacksDocument = new TypedDocumentString(`
    query Callbacks {
  callbacks {
    event
    url
    method
    headers
    payload
    secret
    disabled
    disabledReason
  }
}
    `) as unknown as TypedDocumentString<CallbacksQuery, CallbacksQueryVariables>;
export const SetCallbackDocument = new TypedDocumentString(`
    mutation SetCallback($event: WebhookEvent!, $input: CallbackSettingInput!) {
  setCallback(event: $event, input: $input) {
    event
  }
}
    `) as unknown as TypedDocumentString<SetCallbackMutation, SetCallbackMutationVariables>;
export const DeleteCallbackDocument = new TypedDocumentString(`
    mutation DeleteCallback($event: WebhookEvent!) {
  deleteCallback(event: $event)
}
    `) as unknown as TypedDocumentString<DeleteCallbackMutation, DeleteCallbackMutationVariables>;
export const TestCallbackDocument = new TypedDocumentString(`
    mutation TestCallback($event: WebhookEvent!) {
  testCallback(event: $event) {
    id
  }
}
    `) as unknown as TypedDocumentString<TestCallbackMutation, TestCallbackMutationVariables>;
export const RotateSecretDocument = new TypedDocumentString(`
    mutation RotateSecret($event: WebhookEvent!) {
  rotateCallbackSecret(event: $event) {
    event
  }
}
    `) as unknown as TypedDocumentString<RotateSecretMutation, RotateSecretMutationVariables>;
export const SetCallbackDisabledDocument = new TypedDocumentString(`
    mutation SetCallbackDisabled($event: WebhookEvent!, $disabled: Boolean!) {
  setCallbackDisabled(event: $event, disabled: $disabled) {
    event
    disabled
  }
}
    `) as unknown as TypedDocumentString<SetCallbackDisabledMutation, SetCallbackDisabledMutationVariables>;
export const RecoverDeliveriesDocument = new TypedDocumentString(`
    mutation RecoverDeliveries($since: DateTime!, $event: WebhookEvent) {
  recoverDeliveries(since: $since, event: $event) {
    queued
  }
}
    `) as unknown as TypedDocumentString<RecoverDeliveriesMutation, RecoverDeliveriesMutationVariables>;
export const EventDeliveriesDocument = new TypedDocumentString(`
    query EventDeliveries($event: WebhookEvent!) {
  deliveries(event: $event, first: 25) {
    edges {
      node {
        ...DeliveryFields
      }
    }
  }
}
    fragment DeliveryFields on Delivery {
  id
  event
  sessionKey
  test
  status
  attemptCount
  nextAttemptAt
  lastStatusCode
  lastError
  createdAt
  attempts {
    attempt
    statusCode
    responseBody
  }
}`) as unknown as TypedDocumentString<EventDeliveriesQuery, EventDeliveriesQueryVariables>;
export const StaffContextDocument = new TypedDocumentString(`
    query StaffContext {
  me {
    username
    name
    role
    account
    permissions
  }
  accountSettings {
    displayName
    logoUrl
  }
  dashboardSettings {
    statuses {
      code
      label
    }
    awaitingReview
    events {
      code
      label
    }
    callbackEvents {
      code
      label
    }
    roles {
      code
      label
      description
    }
    reviewModes {
      code
      label
      description
    }
    languages {
      code
      label
    }
    themes {
      name
      photoCount
      damageInspection
    }
    views {
      photoCode
      name
      defaultItem
    }
    limits {
      damageNoteMax
      noteTitleMax
      noteDescriptionMax
      searchMax
      passwordMin
      usernamePattern
      displayNameMax
      expirationHoursMax
      notificationEmailsMax
      logoMaxBytes
    }
  }
}
    `) as unknown as TypedDocumentString<StaffContextQuery, StaffContextQueryVariables>;
export const CallbackEventsDocument = new TypedDocumentString(`
    query CallbackEvents {
  callbacks {
    event
  }
}
    `) as unknown as TypedDocumentString<CallbackEventsQuery, CallbackEventsQueryVariables>;
export const DeliveriesDocument = new TypedDocumentString(`
    query Deliveries($event: WebhookEvent!, $sessionKey: String, $first: Int, $after: String) {
  deliveries(event: $event, sessionKey: $sessionKey, first: $first, after: $after) {
    edges {
      node {
        ...DeliveryFields
      }
    }
    pageInfo {
      hasNextPage
      endCursor
    }
  }
}
    fragment DeliveryFields on Delivery {
  id
  event
  sessionKey
  test
  status
  attemptCount
  nextAttemptAt
  lastStatusCode
  lastError
  createdAt
  attempts {
    attempt
    statusCode
    responseBody
  }
}`) as unknown as TypedDocumentString<DeliveriesQuery, DeliveriesQueryVariables>;
export const RedeliverDocument = new TypedDocumentString(`
    mutation Redeliver($id: ID!) {
  redeliver(id: $id) {
    ...DeliveryFields
  }
}
    fragment DeliveryFields on Delivery {
  id
  event
  sessionKey
  test
  status
  attemptCount
  nextAttemptAt
  lastStatusCode
  lastError
  createdAt
  attempts {
    attempt
    statusCode
    responseBody
  }
}`) as unknown as TypedDocumentString<RedeliverMutation, RedeliverMutationVariables>;
export const AccountEventsDocument = new TypedDocumentString(`
    subscription AccountEvents($after: String) {
  sessionEvents(after: $after) {
    id
    event
    sessionKey
    timestamp
    payload
  }
}
    `) as unknown as TypedDocumentString<AccountEventsSubscription, AccountEventsSubscriptionVariables>;
export const SessionTimelineDocument = new TypedDocumentString(`
    subscription SessionTimeline($sessionKey: String!, $after: String) {
  sessionEvents(sessionKey: $sessionKey, after: $after) {
    id
    event
    sessionKey
    timestamp
    payload
  }
}
    `) as unknown as TypedDocumentString<SessionTimelineSubscription, SessionTimelineSubscriptionVariables>;
export const CreateSessionDocument = new TypedDocumentString(`
    mutation CreateSession($input: CreateInspectionSessionInput) {
  createInspectionSession(input: $input) {
    ...SessionRowFields
    captureUrl
  }
}
    fragment SessionRowFields on InspectionSession {
  sessionKey
  status
  awaitingReview
  theme
  vehicle
  lastActivityAt
  acceptedPhotoCount
  requiredPhotos {
    photoCode
  }
  reportGrade {
    grade
    name
  }
  reportedDamages
  smsDelivery
}`) as unknown as TypedDocumentString<CreateSessionMutation, CreateSessionMutationVariables>;
export const UsersDocument = new TypedDocumentString(`
    query Users {
  users {
    username
    name
    role
    createdAt
  }
}
    `) as unknown as TypedDocumentString<UsersQuery, UsersQueryVariables>;
export const CreateUserDocument = new TypedDocumentString(`
    mutation CreateUser($input: CreateUserInput!) {
  createUser(input: $input) {
    username
  }
}
    `) as unknown as TypedDocumentString<CreateUserMutation, CreateUserMutationVariables>;
export const DeleteUserDocument = new TypedDocumentString(`
    mutation DeleteUser($username: String!) {
  deleteUser(username: $username)
}
    `) as unknown as TypedDocumentString<DeleteUserMutation, DeleteUserMutationVariables>;
export const UpdateUserDocument = new TypedDocumentString(`
    mutation UpdateUser($username: String!, $input: UpdateUserInput!) {
  updateUser(username: $username, input: $input) {
    username
    name
    role
  }
}
    `) as unknown as TypedDocumentString<UpdateUserMutation, UpdateUserMutationVariables>;
export const ReopenReviewDocument = new TypedDocumentString(`
    mutation ReopenReview($sessionKey: String!, $reason: String!) {
  reopenReview(sessionKey: $sessionKey, reason: $reason) {
    status
  }
}
    `) as unknown as TypedDocumentString<ReopenReviewMutation, ReopenReviewMutationVariables>;
export const CompleteReviewDocument = new TypedDocumentString(`
    mutation CompleteReview($sessionKey: String!, $noDamageFound: Boolean) {
  completeReview(sessionKey: $sessionKey, noDamageFound: $noDamageFound) {
    status
  }
}
    `) as unknown as TypedDocumentString<CompleteReviewMutation, CompleteReviewMutationVariables>;
export const DamageCatalogDocument = new TypedDocumentString(`
    query DamageCatalog {
  damageCatalog {
    items {
      code
      label
    }
    damageTypes {
      code
      label
      summary
      gradeMeanings
      defaultGrade
    }
  }
}
    `) as unknown as TypedDocumentString<DamageCatalogQuery, DamageCatalogQueryVariables>;
export const AddDamageDocument = new TypedDocumentString(`
    mutation AddDamage($sessionKey: String!, $item: String!, $damageType: String, $grade: Int, $note: String, $photoCode: Int, $region: DamageRegionInput) {
  addDamage(
    sessionKey: $sessionKey
    item: $item
    damageType: $damageType
    grade: $grade
    note: $note
    photoCode: $photoCode
    region: $region
  ) {
    damageId
  }
}
    `) as unknown as TypedDocumentString<AddDamageMutation, AddDamageMutationVariables>;
export const EditDamageDocument = new TypedDocumentString(`
    mutation EditDamage($sessionKey: String!, $damageId: String!, $item: String, $damageType: String, $grade: Int, $note: String, $region: DamageRegionInput) {
  updateDamage(
    sessionKey: $sessionKey
    damageId: $damageId
    item: $item
    damageType: $damageType
    grade: $grade
    note: $note
    region: $region
  ) {
    damageId
  }
}
    `) as unknown as TypedDocumentString<EditDamageMutation, EditDamageMutationVariables>;
export const SetDamageStatusDocument = new TypedDocumentString(`
    mutation SetDamageStatus($sessionKey: String!, $damageId: String!, $status: DamageStatus) {
  updateDamage(sessionKey: $sessionKey, damageId: $damageId, status: $status) {
    damageId
  }
}
    `) as unknown as TypedDocumentString<SetDamageStatusMutation, SetDamageStatusMutationVariables>;
export const DeleteDamageDocument = new TypedDocumentString(`
    mutation DeleteDamage($sessionKey: String!, $damageId: String!) {
  deleteDamage(sessionKey: $sessionKey, damageId: $damageId)
}
    `) as unknown as TypedDocumentString<DeleteDamageMutation, DeleteDamageMutationVariables>;
export const SessionDetailDocument = new TypedDocumentString(`
    query SessionDetail($sessionKey: String!) {
  inspectionSession(sessionKey: $sessionKey) {
    sessionKey
    status
    awaitingReview
    theme
    vehicle
    createdAt
    lastActivityAt
    acceptedPhotoCount
    captureUrl
    inspectStartedAt
    inspectEndedAt
    expiresAt
    expiresWhenIdle
    language
    vinCaptured
    smsDelivery
    mails {
      kind
      to
      status
      attempts
      lastError
      createdAt
      updatedAt
    }
    requiredPhotos {
      photoCode
    }
    photos {
      photoCode
      photoLabel
      approved
      approvedMessage
      url
      createdAt
      vehicleCheck
      vehicleBox {
        x
        y
        width
        height
        score
      }
    }
    damages {
      damageId
      item
      damageType
      grade
      note
      photoCode
      region {
        x
        y
        width
        height
      }
      score
      source
      status
    }
    notes {
      title
      description
      user
      createdAt
    }
    location {
      latitude
      longitude
      accuracy
      capturedAt
    }
    gradeIfCompleted {
      grade
      name
    }
    review {
      state
      revision
      reopened {
        reason
        by
        at
      }
      revisions {
        revision
        reason
        reopenedBy
        reopenedAt
        completedBy
        completedAt
      }
    }
  }
}
    `) as unknown as TypedDocumentString<SessionDetailQuery, SessionDetailQueryVariables>;
export const SessionReportDocument = new TypedDocumentString(`
    query SessionReport($sessionKey: String!) {
  sessionResults(sessionKey: $sessionKey)
}
    `) as unknown as TypedDocumentString<SessionReportQuery, SessionReportQueryVariables>;
export const SessionSearchDocument = new TypedDocumentString(`
    query SessionSearch($filter: SessionSearchInput) {
  sessionSearch(filter: $filter) {
    sessions {
      ...SessionRowFields
    }
    nextCursor
  }
}
    fragment SessionRowFields on InspectionSession {
  sessionKey
  status
  awaitingReview
  theme
  vehicle
  lastActivityAt
  acceptedPhotoCount
  requiredPhotos {
    photoCode
  }
  reportGrade {
    grade
    name
  }
  reportedDamages
  smsDelivery
}`) as unknown as TypedDocumentString<SessionSearchQuery, SessionSearchQueryVariables>;
export const SessionsDocument = new TypedDocumentString(`
    query Sessions($first: Int, $after: String, $status: SessionStatus, $awaitingReview: Boolean, $search: String) {
  inspectionSessions(
    first: $first
    after: $after
    status: $status
    awaitingReview: $awaitingReview
    search: $search
  ) {
    edges {
      node {
        ...SessionRowFields
      }
    }
    pageInfo {
      hasNextPage
      endCursor
    }
  }
}
    fragment SessionRowFields on InspectionSession {
  sessionKey
  status
  awaitingReview
  theme
  vehicle
  lastActivityAt
  acceptedPhotoCount
  requiredPhotos {
    photoCode
  }
  reportGrade {
    grade
    name
  }
  reportedDamages
  smsDelivery
}`) as unknown as TypedDocumentString<SessionsQuery, SessionsQueryVariables>;
export const SessionRowDocument = new TypedDocumentString(`
    query SessionRow($sessionKey: String!) {
  inspectionSession(sessionKey: $sessionKey) {
    ...SessionRowFields
  }
}
    fragment SessionRowFields on InspectionSession {
  sessionKey
  status
  awaitingReview
  theme
  vehicle
  lastActivityAt
  acceptedPhotoCount
  requiredPhotos {
    photoCode
  }
  reportGrade {
    grade
    name
  }
  reportedDamages
  smsDelivery
}`) as unknown as TypedDocumentString<SessionRowQuery, SessionRowQueryVariables>;