// What `GET /` answers, so that whoever opens the service's address finds their way: a browser gets a short page
// linking the dashboard, GraphiQL (outside production), the OpenAPI document and /health; any other client gets
// the same links as JSON. The page is built once at start-up (the set of links is fixed for a process).
import packageJson from '../../../package.json' with { type: 'json' };
import { OPENAPI_PATH } from '../rest/openapi/document.js';

export interface LandingLink {
  key: 'dashboard' | 'graphiql' | 'openapi' | 'health';
  href: string;
  title: string;
  description: string;
}

/** The JSON answer for clients that do not ask for HTML (curl, scripts, monitoring). */
export interface LandingDocument {
  name: string;
  version: string;
  description: string;
  links: Partial<Record<LandingLink['key'], string>>;
}

const NAME = 'capture-gateway';
const DESCRIPTION =
  'Self-hostable remote vehicle inspections: a capture link guides a person through photographing a vehicle, and every photo is quality-checked at once.';

export function landingLinks({ graphiqlEnabled }: { graphiqlEnabled: boolean }): LandingLink[] {
  return [
    { key: 'dashboard', href: '/dashboard', title: 'Dashboard', description: 'Follow sessions live, their photos, deliveries and callbacks.' },
    ...(graphiqlEnabled
      ? [{ key: 'graphiql' as const, href: '/graphql', title: 'GraphiQL', description: 'Explore the GraphQL API with ready-made example operations.' }]
      : []),
    {
      key: 'openapi',
      href: OPENAPI_PATH,
      title: 'API reference',
      description: 'The OpenAPI document of the REST API under /v1 (HMAC-signed requests, webhooks).',
    },
    { key: 'health', href: '/health', title: 'Health', description: 'Whether the service is up.' },
  ];
}

export function landingDocument(links: LandingLink[]): LandingDocument {
  return { name: NAME, version: packageJson.version, description: DESCRIPTION, links: Object.fromEntries(links.map((link) => [link.key, link.href])) };
}

/** Browsers list text/html in Accept; curl sends *\/* and scripts usually application/json, and both get JSON. */
export function prefersHtml(accept: string | undefined): boolean {
  return /\btext\/html\b/i.test(accept ?? '');
}

/**
 * Static markup: its one style sheet (landing.css over app.css, built under a hashed name at `styleHref`), no script
 * (the page CSP allows no inline code).
 */
export function landingPageHtml(links: LandingLink[], styleHref: string): string {
  const items = links
    .map(
      (link) => `      <li><a class="landing-link" href="${link.href}"><span class="landing-link-title">${link.title}</span>
        <span class="landing-link-text">${link.description}</span><code>${link.href}</code></a></li>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="referrer" content="no-referrer">
  <meta name="theme-color" content="#12385c">
  <title>${NAME}</title>
  <meta name="description" content="${DESCRIPTION}">
  <link rel="icon" href="data:,">
  <link rel="stylesheet" href="${styleHref}">
</head>
<body class="landing-app">
  <header class="topbar">
    <span class="brand">${NAME}</span>
    <span class="landing-version">v${packageJson.version}</span>
  </header>
  <main id="main" class="landing-main">
    <h1>Remote vehicle inspections, self-hosted</h1>
    <p class="landing-lead">A person opens a capture link on a phone and photographs a vehicle; each photo is checked at once.
      Integrators use the signed REST API and webhooks; frontends use GraphQL.</p>
    <ul class="landing-links">
${items}
    </ul>
  </main>
</body>
</html>
`;
}
