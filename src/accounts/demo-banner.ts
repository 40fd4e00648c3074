// The text printed when a development start-up creates the demo account: its credentials and a signed request
// that can be pasted into a shell right away, and the demo owner user who signs in to the dashboard.
import type { AccountWithSecret } from './accounts.js';

export function demoAccountBanner(account: AccountWithSecret, baseUrl: string, owner: { username: string; password: string } | null = null): string {
  const signScript =
    `TS=$(date -u +%Y-%m-%dT%H:%M:%SZ); ` +
    `TOKEN=$(printf '%s' "${account.username}:${account.api_key}@$TS" | openssl dgst -sha256 -hmac '${account.api_secret}' | sed 's/^.* //'); ` +
    `curl -s ${baseUrl}/v1/sessions -H "API-Key: ${account.api_key}" -H "API-Token: $TOKEN" -H "API-Timestamp: $TS"`;
  return [
    '',
    'Demo account created (development only; data lives as long as the database does):',
    `  username:   ${account.username}`,
    `  api_key:    ${account.api_key}`,
    `  api_secret: ${account.api_secret}`,
    ...(owner
      ? [
          '',
          `Demo owner user (sign in at ${baseUrl}/dashboard; GraphiQL at ${baseUrl}/graphql then runs as this user):`,
          `  user:       ${owner.username}`,
          `  password:   ${owner.password}`,
        ]
      : []),
    '',
    'Try a signed request:',
    `  ${signScript}`,
    '',
    '',
  ].join('\n');
}
