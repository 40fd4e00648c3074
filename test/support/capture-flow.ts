// Drives a session through the capture flow the way the capture app does, for tests that need one done.
import { expect } from 'vitest';
import { apiRequest } from './test-server.js';
import type { TestAccount } from './signing.js';
import { graphqlRequest, uploadPhoto } from './graphql.js';
import { makeScene } from './images.js';

export const THEME_PHOTOS: Record<string, number[]> = {
  LITE: [1, 2, 4, 5, 7, 8],
  PRO: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13],
  CAPT: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13],
};

export interface CreatedSession {
  sessionKey: string;
  captureToken: string;
  captureUrl: string;
}

export async function createSession(
  baseUrl: string,
  account: TestAccount,
  body: Record<string, unknown> = { session: { theme: 'LITE' } },
): Promise<CreatedSession> {
  const created = await apiRequest(baseUrl, account, 'POST', '/v1/sessions', body);
  expect(created.status).toBe(200);
  const captureUrl = created.body.capture_url as string;
  return { sessionKey: created.body.session_key, captureToken: captureUrl.split('#')[1] as string, captureUrl };
}

/** Opens the capture as the capture app does (IDLE → STARTED) and checks that it opened. */
export async function startCapture(baseUrl: string, session: CreatedSession): Promise<void> {
  const started = await graphqlRequest(baseUrl, { captureToken: session.captureToken }, 'mutation($k: String!) { startCapture(sessionKey: $k) { status } }', {
    k: session.sessionKey,
  });
  expect(started.data?.startCapture?.status).toBe('STARTED');
}

/** Start, every required photo accepted, then confirm: the session ends COMPLETE. */
export async function completeSession(baseUrl: string, session: CreatedSession, theme = 'LITE', seedBase = 1000): Promise<void> {
  await graphqlRequest(baseUrl, { captureToken: session.captureToken }, 'mutation($k: String!) { startCapture(sessionKey: $k) { status } }', {
    k: session.sessionKey,
  });
  await finishCapture(baseUrl, session, theme, seedBase);
}

/** Every required photo of `theme` but `taken` (already uploaded by the test) accepted, then confirm: COMPLETE. */
export async function finishCapture(baseUrl: string, session: CreatedSession, theme: string, seedBase: number, taken: readonly number[] = []): Promise<void> {
  const capture = { captureToken: session.captureToken };
  for (const code of (THEME_PHOTOS[theme] ?? []).filter((code) => !taken.includes(code))) {
    const result = await uploadPhoto(baseUrl, capture, session.sessionKey, code, await makeScene({ seed: seedBase + code }));
    expect(result.body.data?.capturePhoto?.approved).toBe(true);
  }
  const confirmed = await graphqlRequest(baseUrl, capture, 'mutation($k: String!) { confirmInspection(sessionKey: $k) { status } }', {
    k: session.sessionKey,
  });
  expect(confirmed.data?.confirmInspection?.status).toBe('COMPLETE');
}

/** The odometer reading the person gives on the capture page (setOdometer, capture token); checks that it was stored. */
export async function giveOdometer(baseUrl: string, session: CreatedSession, reading: number, unit: 'KM' | 'MI'): Promise<void> {
  const given = await graphqlRequest(
    baseUrl,
    { captureToken: session.captureToken },
    'mutation($k: String!, $reading: Int!, $unit: OdometerUnit) { setOdometer(sessionKey: $k, reading: $reading, unit: $unit) { odometerCaptured { reading } } }',
    { k: session.sessionKey, reading, unit },
  );
  expect(given.data?.setOdometer?.odometerCaptured?.reading).toBe(reading);
}
