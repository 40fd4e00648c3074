// Shapes the dashboard (dashboard.js, review.js) reads: its GraphQL answers and the /auth answers.
import type { Operation, Variables } from './graphql';
import type { Damage, Location, Note, Photo, SessionEvent, SessionStatus, Vehicle } from './session';

/** The signed-in user, as GET /auth/me and POST /auth/login answer. */
export interface Me {
  username: string;
  name: string;
  role: 'owner' | 'inspector' | 'viewer';
  account: string;
}

/** A session as the list shows it (ROW_FIELDS), with the last live event the page heard of it. */
export interface SessionRow {
  sessionKey: string;
  status: SessionStatus;
  awaitingReview: boolean;
  theme: string;
  vehicle: Vehicle;
  createdAt: string;
  updatedAt: string;
  lastActivityAt: string;
  acceptedPhotoCount: number;
  requiredPhotos: { photoCode: number }[];
  lastEvent?: SessionEvent | null;
}

/** The report's shareable links, from sessionResults (docs/staff.md). */
export interface ReportLinks {
  url: string;
  pdf_url: string;
  expires_at: string;
}

/** A session as its detail shows it (SESSION_DETAIL), with the report links of a completed one. */
export interface SessionDetail extends SessionRow {
  /** Null for a viewer (the link lets its holder capture as the guest). */
  captureUrl: string | null;
  inspectStartedAt: string | null;
  inspectEndedAt: string | null;
  expiresAt: string;
  language: string | null;
  options: Record<string, unknown> | null;
  vinCaptured: string | null;
  photos: Pick<Photo, 'photoCode' | 'photoLabel' | 'approved' | 'approvedMessage' | 'url' | 'createdAt'>[];
  damages: Damage[];
  notes: Note[];
  location: Location | null;
  report?: ReportLinks | null;
}

export interface User {
  username: string;
  name: string;
  role: 'OWNER' | 'INSPECTOR' | 'VIEWER';
  createdAt: string;
}

export interface Callback {
  event: string;
  url: string;
  method: string;
  headers: Record<string, string>;
  payload: Record<string, unknown>;
  secret: string;
  active: boolean;
}

export interface Delivery {
  id: string;
  event: string;
  sessionKey: string;
  test: boolean;
  status: 'PENDING' | 'DELIVERING' | 'SUCCEEDED' | 'FAILED';
  attemptCount: number;
  nextAttemptAt: string | null;
  lastStatusCode: number | null;
  lastError: string | null;
  createdAt: string;
  attempts: { attempt: number; statusCode: number | null; responseBody: string | null }[];
}

/** GraphQL over the sign-in cookie: dashboard.js's api(), which review.js is given. */
export type Api = <Data>(query: Operation<Data>, variables?: Variables) => Promise<Data>;

/** The webhook deliveries of the open session, and whether any callback could have made one. */
export interface SessionDeliveries {
  deliveries: Delivery[];
  hasCallbacks: boolean;
}
