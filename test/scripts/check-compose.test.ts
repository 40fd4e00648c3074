// scripts/check-compose.ts, run as `npm run check:compose` runs it: the repository's docker-compose.yml and Dockerfile
// pass, and each kind of mistake it guards against (a service without a health check, a configuration the service
// would refuse, an image running as root or from the TypeScript sources) makes it fail and name the problem.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const directory = mkdtempSync(join(tmpdir(), 'check-compose-'));
const realCompose = readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8');
const realDockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');

afterAll(() => rmSync(directory, { recursive: true, force: true }));

function runCheck(files: { compose?: string; dockerfile?: string } = {}): { status: number | null; output: string } {
  const args = ['--import', 'tsx', 'scripts/check-compose.ts'];
  for (const [name, text] of Object.entries(files)) {
    const path = join(directory, `${name}-${Math.random().toString(36).slice(2)}`);
    writeFileSync(path, text as string);
    args.push(`--${name}`, path);
  }
  const result = spawnSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

function composeWith(change: (compose: any) => void): string {
  const compose = parse(realCompose);
  change(compose);
  return stringify(compose);
}

describe('check-compose', () => {
  it('passes the repository docker-compose.yml and Dockerfile', () => {
    const { status, output } = runCheck();
    expect(output).toContain('no problems found');
    expect(output).toMatch(/ok {7}capture-gateway PHOTO_STORE: set/);
    expect(output).toContain('ok       image runs as node');
    expect(status).toBe(0);
  });

  it('fails on a service without a health check, and on a wait for health it cannot have', () => {
    const { status, output } = runCheck({ compose: composeWith((compose) => delete compose.services.redis.healthcheck) });
    expect(output).toContain('PROBLEM  redis has no health check');
    expect(output).toContain('PROBLEM  capture-gateway waits for redis to be healthy, but redis has no health check');
    expect(status).toBe(1);
  });

  it('fails on an environment the service would refuse, a variable it does not read, or photos not on MinIO', () => {
    const { status, output } = runCheck({
      compose: composeWith((compose) => {
        const environment = compose.services['capture-gateway'].environment;
        environment.LOG_LEVEL = 'loud';
        environment.WEBHOOK_TIMEOUT = '5000';
        environment.S3_ENDPOINT = 'http://localhost:9000';
      }),
    });
    expect(output).toContain('PROBLEM  capture-gateway configuration: LOG_LEVEL');
    expect(output).toContain('PROBLEM  capture-gateway sets WEBHOOK_TIMEOUT, which src/config.ts does not read');
    expect(output).toContain('PROBLEM  capture-gateway S3_ENDPOINT is "http://localhost:9000"');
    expect(status).toBe(1);
  });

  it('fails on a one-shot job that restarts', () => {
    const { status, output } = runCheck({ compose: composeWith((compose) => (compose.services['create-bucket'].restart = 'on-failure')) });
    expect(output).toContain('PROBLEM  create-bucket is a one-shot job');
    expect(status).toBe(1);
  });

  it('fails on an image that runs as root, from the sources, or with development dependencies', () => {
    const asRoot = runCheck({ dockerfile: realDockerfile.replace(/^USER node$/m, 'USER root') });
    expect(asRoot.output).toContain('PROBLEM  the final stage runs as root');
    expect(asRoot.status).toBe(1);
    const noUser = runCheck({ dockerfile: realDockerfile.replace(/^USER node$/m, '') });
    expect(noUser.output).toContain('PROBLEM  the final stage runs as root (no USER)');
    const fromSources = runCheck({
      dockerfile: realDockerfile
        .replace('CMD ["node", "dist/main.js"]', 'COPY src ./src\nCMD ["node", "--import", "tsx", "src/main.ts"]')
        .replace('--omit=dev ', ''),
    });
    expect(fromSources.output).toContain('PROBLEM  the final stage should run ["node", "dist/main.js"]');
    expect(fromSources.output).toContain('PROBLEM  the final stage copies the TypeScript sources');
    expect(fromSources.output).toContain('PROBLEM  the final stage does not install production dependencies only');
    const oneStage = runCheck({ dockerfile: realDockerfile.replace(/^FROM node:22-bookworm-slim AS build[\s\S]*?RUN npm run build\n/m, '') });
    expect(oneStage.output).toContain('PROBLEM  the Dockerfile should build in a first stage');
  });
});
