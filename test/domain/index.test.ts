import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as domain from '../../src/domain/index.js';

const DOMAIN_DIR = fileURLToPath(new URL('../../src/domain/', import.meta.url));

describe('domain public surface', () => {
  it('re-exports the functions and constants other folders code against', () => {
    const contracted = [
      'SESSION_STATUSES',
      'nextStatus',
      'sourcesOf',
      'isFinal',
      'acceptsPhotos',
      'canDelete',
      'webhookEventForMove',
      'checkSessionUpdate',
      'PHOTO_LABELS',
      'THEMES',
      'isTheme',
      'requiredPhotoCodes',
      'photoLabel',
      'hasDamageInspection',
      'photoHint',
      'allRequiredAccepted',
      'newSessionKey',
      'isSessionKey',
      'newCaptureToken',
      'isoTimestamp',
      'WEBHOOK_EVENTS',
      'isWebhookEvent',
      'smsProcessPayload',
      'stageChangePayload',
      'statusChangePayload',
      'noteInsertPayload',
      'mergeCallbackPayload',
      'buildSessionResults',
      'maxGradePerItem',
      'overallGrade',
      'gradeName',
      'approvedMessage',
      'parseCreateSessionBody',
      'parseUpdateSessionBody',
    ];
    const exported = domain as Record<string, unknown>;
    for (const name of contracted) expect(exported[name], name).toBeDefined();
  });

  it('imports nothing outside src/domain but zod and node:crypto (pure rules, no I/O)', () => {
    for (const file of readdirSync(DOMAIN_DIR).filter((name) => name.endsWith('.ts'))) {
      const source = readFileSync(DOMAIN_DIR + file, 'utf8');
      const imports = [...source.matchAll(/^(?:import|export)[^'"]*from\s+'([^']+)'/gm)].map((match) => match[1]);
      for (const specifier of imports) {
        expect(specifier, `${file} imports ${specifier}`).toMatch(/^(\.\/[a-z-]+\.js|zod|node:crypto)$/);
      }
    }
  });
});
