// Static checks of docker-compose.yml and the Dockerfile (no Docker engine needed): every service has a health check
// (a one-shot job is waited for until it completes instead), the service's environment passes the service's own
// configuration loader with every variable of src/config.ts set or defaulted, the S3 store points at the MinIO of
// the stack, and the image builds dist/ in a first stage and runs `node dist/main.js` as a non-root user with
// production dependencies only — which the sources must not import beyond.
// Run: npm run check:compose [-- --compose <file>] [--dockerfile <file>]; exits 1 listing every problem found.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { ConfigError, loadConfig, variables } from '../src/config.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** Stands in for a value the compose file takes from the operator's shell (`${NAME:?message}`). */
const OPERATOR_VALUE = 'operator-supplied-value-0123456789';

interface ComposeService {
  image?: string;
  build?: unknown;
  restart?: string;
  healthcheck?: { test?: unknown; disable?: boolean };
  depends_on?: string[] | Record<string, { condition?: string }>;
  environment?: Record<string, string | number | boolean | null> | string[];
}

function argument(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 && process.argv[index + 1] ? (process.argv[index + 1] as string) : join(ROOT, fallback);
}

/** Compose variable interpolation: ${NAME:-default}, ${NAME-default}, ${NAME:?error}, ${NAME}, $$. Shell values are ignored. */
export function interpolate(value: string): string {
  return value
    .replace(/\$\{([A-Z0-9_]+)(?:(:?-)([^}]*)|(:?\?)([^}]*))?\}/g, (_match, _name: string, _dash, fallback?: string, question?: string) => {
      if (question !== undefined) return OPERATOR_VALUE;
      return fallback ?? '';
    })
    .replace(/\$\$/g, '$');
}

function environmentOf(service: ComposeService): Record<string, string> {
  const raw = service.environment ?? {};
  const entries = Array.isArray(raw)
    ? raw.map((line) => line.split(/=(.*)/s).slice(0, 2) as [string, string])
    : Object.entries(raw).map(([key, value]) => [key, value === null ? '' : String(value)] as [string, string]);
  return Object.fromEntries(entries.map(([key, value]) => [key, interpolate(value ?? '')]));
}

/** The variables of src/config.ts's schema, and whether each has a default or may be absent. */
function schemaVariables(): Map<string, { defaulted: boolean; optional: boolean }> {
  return new Map(
    Object.entries(variables).map(([name, schema]) => {
      const absent = schema.safeParse(undefined);
      return [name, { defaulted: absent.success && absent.data !== undefined, optional: absent.success && absent.data === undefined }];
    }),
  );
}

function checkCompose(file: string, problems: string[], notes: string[]): void {
  const compose = parse(readFileSync(file, 'utf8')) as { services?: Record<string, ComposeService> };
  const services = compose.services ?? {};
  const awaitedToComplete = new Set<string>();
  for (const [name, service] of Object.entries(services)) {
    const dependencies: Record<string, { condition?: string }> = Array.isArray(service.depends_on)
      ? Object.fromEntries(service.depends_on.map((dependency) => [dependency, {}]))
      : (service.depends_on ?? {});
    for (const [dependency, { condition }] of Object.entries(dependencies)) {
      if (!services[dependency]) problems.push(`${name} depends on ${dependency}, which is not a service`);
      if (condition === 'service_completed_successfully') awaitedToComplete.add(dependency);
      if (condition === 'service_healthy' && !services[dependency]?.healthcheck?.test)
        problems.push(`${name} waits for ${dependency} to be healthy, but ${dependency} has no health check`);
    }
  }
  for (const [name, service] of Object.entries(services)) {
    if (awaitedToComplete.has(name)) {
      if (service.restart !== 'no') problems.push(`${name} is a one-shot job (awaited to complete) but restarts: set restart: "no"`);
      notes.push(`${name}: one-shot job, awaited with service_completed_successfully`);
    } else if (!service.healthcheck?.test || service.healthcheck.disable) {
      problems.push(`${name} has no health check`);
    } else {
      notes.push(`${name}: health check ${JSON.stringify(service.healthcheck.test)}`);
    }
  }
  const images = Object.values(services).map((service) => service.image ?? '');
  for (const [wanted, pattern] of [
    ['MongoDB 7', /^mongo:7(\.|$|-)/],
    ['Redis', /^redis:/],
    ['MinIO', /^minio\/minio(:|$)/],
    ['the minio/mc bucket job', /^minio\/mc(:|$)/],
  ] as const) {
    if (!images.some((image) => pattern.test(image))) problems.push(`no ${wanted} service`);
  }

  const built = Object.entries(services).filter(([, service]) => service.build !== undefined);
  if (built.length !== 1) {
    problems.push(`expected one service built from this repository, found ${built.length}`);
    return;
  }
  const [appName, app] = built[0] as [string, ComposeService];
  const environment = environmentOf(app);
  const variables = schemaVariables();
  for (const name of Object.keys(environment)) if (!variables.has(name)) problems.push(`${appName} sets ${name}, which src/config.ts does not read`);
  for (const [name, { defaulted, optional }] of variables) {
    const state = environment[name] !== undefined && environment[name] !== '' ? 'set' : defaulted ? 'defaulted' : optional ? 'unset (optional)' : 'MISSING';
    if (state === 'MISSING') problems.push(`${appName} does not set ${name}, which has no default`);
    notes.push(`${appName} ${name}: ${state}`);
  }
  const expected: Record<string, string | RegExp> = {
    PHOTO_STORE: 's3',
    S3_ENDPOINT: 'http://minio:9000',
    S3_FORCE_PATH_STYLE: 'true',
    S3_BUCKET: /.+/,
    S3_REGION: /.+/,
    S3_ACCESS_KEY_ID: /.+/,
    S3_SECRET_ACCESS_KEY: /.+/,
    MONGODB_URL: /^mongodb:\/\/mongo(:|\/)/,
    REDIS_URL: /^redis:\/\/redis(:|\/)/,
  };
  for (const [name, value] of Object.entries(expected)) {
    const actual = environment[name] ?? '';
    if (typeof value === 'string' ? actual !== value : !value.test(actual))
      problems.push(`${appName} ${name} is ${JSON.stringify(actual)}, expected ${String(value)}`);
  }
  try {
    loadConfig(environment);
    notes.push(`${appName}: its environment passes the service's configuration loader`);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    for (const problem of error.problems) problems.push(`${appName} configuration: ${problem}`);
  }
}

interface Stage {
  from: string;
  lines: string[];
}

function checkDockerfile(file: string, problems: string[], notes: string[]): void {
  const logical = readFileSync(file, 'utf8')
    .replace(/\\\r?\n/g, ' ')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const stages: Stage[] = [];
  for (const line of logical) {
    if (/^FROM\s/i.test(line)) stages.push({ from: line, lines: [] });
    else stages.at(-1)?.lines.push(line);
  }
  if (stages.length < 2) problems.push('the Dockerfile should build in a first stage and run from a second');
  const final = stages.at(-1);
  if (!final) return;
  if (!/^FROM\s+node:(22|24)[\w.-]*-slim\b/i.test(final.from)) problems.push(`the final image is not a current LTS slim Node image: ${final.from}`);
  if (stages.length >= 2 && !stages.slice(0, -1).some((stage) => stage.lines.some((line) => /^RUN\s.*npm run build/.test(line))))
    problems.push('no build stage runs npm run build');
  const users = final.lines.filter((line) => /^USER\s/i.test(line)).map((line) => line.split(/\s+/)[1] ?? '');
  const user = users.at(-1);
  if (!user || /^(root|0)(:|$)/.test(user)) problems.push(`the final stage runs as ${user ?? 'root (no USER)'}; it must run as a non-root user`);
  else notes.push(`image runs as ${user}`);
  const cmd = final.lines.filter((line) => /^CMD\s/i.test(line)).at(-1) ?? '';
  if (!/^CMD\s+\[\s*"node"\s*,\s*"dist\/main\.js"\s*\]$/.test(cmd))
    problems.push(`the final stage should run ["node", "dist/main.js"], found: ${cmd || 'no CMD'}`);
  if (!final.lines.some((line) => /^RUN\s.*npm ci\b.*--omit=dev/.test(line)))
    problems.push('the final stage does not install production dependencies only (npm ci --omit=dev)');
  if (!final.lines.some((line) => /^COPY\s+--from=\S+\s+\S*dist\S*\s+\S*dist/.test(line)))
    problems.push('the final stage does not copy dist/ from the build stage');
  if (final.lines.some((line) => /^COPY\s+(?!--from)(\S+\s+)*\.?\/?src\b/.test(line)))
    problems.push('the final stage copies the TypeScript sources; it should need only dist/');
  if (!final.lines.some((line) => /^HEALTHCHECK\s/i.test(line))) problems.push('the image has no HEALTHCHECK');

  const build = JSON.parse(readFileSync(join(ROOT, 'tsconfig.build.json'), 'utf8')) as { compilerOptions?: { outDir?: string; rootDir?: string } };
  if (build.compilerOptions?.outDir !== 'dist' || build.compilerOptions.rootDir !== 'src')
    problems.push('tsconfig.build.json must compile src/ into dist/ (src/main.ts -> dist/main.js)');
}

/** Every package the sources import must be a production (or optional) dependency: the image has nothing else. */
function checkRuntimeImports(problems: string[], notes: string[]): void {
  const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Record<string, Record<string, string> | undefined>;
  const runtime = new Set([...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.optionalDependencies ?? {})]);
  const builtins = new Set(builtinModules);
  const imported = new Set<string>();
  const walk = (directory: string) => {
    for (const entry of readdirSync(directory)) {
      const path = join(directory, entry);
      if (statSync(path).isDirectory()) walk(path);
      else if (entry.endsWith('.ts')) {
        const source = readFileSync(path, 'utf8');
        for (const match of source.matchAll(
          /(?:^|[^.\w])(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^import\s+['"]([^'"]+)['"]/gm,
        )) {
          const specifier = (match[1] ?? match[2] ?? match[3]) as string;
          if (specifier.startsWith('.') || specifier.startsWith('node:')) continue;
          if (/\bimport\s+type\b/.test(match[0])) continue;
          const name = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : (specifier.split('/')[0] as string);
          if (!builtins.has(name)) imported.add(name);
        }
      }
    }
  };
  walk(join(ROOT, 'src'));
  for (const name of imported) if (!runtime.has(name)) problems.push(`src/ imports ${name}, which is not a production dependency (the image would lack it)`);
  notes.push(`src/ imports ${imported.size} packages, all production dependencies`);
  if (manifest.dependencies?.tsx) notes.push('tsx is a production dependency (not needed by dist/)');
}

export function checkAll(files: { compose: string; dockerfile: string }): { problems: string[]; notes: string[] } {
  const problems: string[] = [];
  const notes: string[] = [];
  checkCompose(files.compose, problems, notes);
  checkDockerfile(files.dockerfile, problems, notes);
  checkRuntimeImports(problems, notes);
  return { problems, notes };
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('check-compose.ts')) {
  const { problems, notes } = checkAll({ compose: argument('compose', 'docker-compose.yml'), dockerfile: argument('dockerfile', 'Dockerfile') });
  for (const note of notes) process.stdout.write(`ok       ${note}\n`);
  for (const problem of problems) process.stdout.write(`PROBLEM  ${problem}\n`);
  process.stdout.write(problems.length === 0 ? 'compose file and Dockerfile: no problems found\n' : `${problems.length} problem(s) found\n`);
  process.exitCode = problems.length === 0 ? 0 : 1;
}
