// Checks real answers of the running service against the OpenAPI document it serves: the status must be documented
// for the operation, the content type must be one the document names, and a JSON body must validate against the
// documented schema (JSON Schema 2020-12, as OpenAPI 3.1 uses it). It remembers which operations it has seen answer
// with a success, so a test can insist that every documented operation was checked at least once.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

type Json = Record<string, any>;

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

export interface CheckedAnswer {
  status: number;
  body: any;
  headers: Headers;
}

/** A JSON pointer segment (RFC 6901). */
const escapePointer = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

export class OpenApiResponseChecker {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly templates: { method: string; path: string; pattern: RegExp }[];
  /** "GET /v1/sessions/{sessionKey} 200" for every answer checked. */
  readonly seen = new Set<string>();

  constructor(private readonly document: Json) {
    addFormats.default(this.ajv);
    this.ajv.addSchema(document, 'openapi');
    this.templates = Object.entries(document.paths as Json).flatMap(([path, item]) =>
      METHODS.filter((method) => item[method]).map((method) => ({
        method,
        path,
        pattern: new RegExp(`^${path.replace(/[.]/g, '\\.').replace(/\{[^}]+\}/g, '[^/]+')}$`),
      })),
    );
  }

  /** Every documented operation, as "METHOD /path". */
  operations(): string[] {
    return this.templates.map(({ method, path }) => `${method.toUpperCase()} ${path}`);
  }

  /** The operations that have answered with a 2xx that was checked. */
  succeeded(): Set<string> {
    return new Set([...this.seen].filter((entry) => / 2\d\d$/.test(entry)).map((entry) => entry.replace(/ \d+$/, '')));
  }

  /**
   * Validates one answer to `method pathname`; returns a list of problems (empty when the answer is as documented).
   * A literal path segment wins over a template (/v1/sessions/x/photos is not /v1/sessions/{sessionKey}).
   */
  check(method: string, pathname: string, answer: CheckedAnswer): string[] {
    const lower = method.toLowerCase();
    const candidates = this.templates.filter((template) => template.method === lower && template.pattern.test(pathname));
    const template = candidates.sort((a, b) => literalLength(b.path) - literalLength(a.path))[0];
    if (!template) return [`${method} ${pathname} is not documented`];
    const operation = `${method.toUpperCase()} ${template.path}`;
    this.seen.add(`${operation} ${answer.status}`);
    const responses = this.document.paths[template.path][lower].responses as Json;
    const statusKey = [String(answer.status), `${String(answer.status)[0]}XX`, 'default'].find((key) => key in responses);
    if (!statusKey) return [`${operation} answered ${answer.status}, which is not documented (${Object.keys(responses).join(', ')})`];
    const pointer = `#/paths/${escapePointer(template.path)}/${lower}/responses/${statusKey}`;
    return this.checkContent(`${operation} ${answer.status}`, this.resolve(pointer), answer);
  }

  /** Validates a webhook body the service sent against the `webhooks` section. */
  checkWebhook(event: string, body: unknown): string[] {
    const pointer = `#/webhooks/${escapePointer(event)}/post/requestBody/content/application~1json/schema`;
    if (!this.document.webhooks?.[event]) return [`webhook ${event} is not documented`];
    this.seen.add(`webhook ${event}`);
    return this.validate(`webhook ${event}`, pointer, body);
  }

  private checkContent(where: string, response: { pointer: string; value: Json }, answer: CheckedAnswer): string[] {
    const content = response.value.content as Json | undefined;
    const contentType = (answer.headers.get('content-type') ?? '').split(';')[0]?.trim() ?? '';
    if (!content) return answer.body === null || answer.body === '' ? [] : [`${where}: a body came where none is documented`];
    if (!(contentType in content)) return [`${where}: content type ${contentType || '(none)'} is not one of ${Object.keys(content).join(', ')}`];
    if (contentType !== 'application/json') return [];
    return this.validate(where, `${response.pointer}/content/application~1json/schema`, answer.body);
  }

  /** Follows a response $ref (components/responses) so the schema pointer is taken from where it really is. */
  private resolve(pointer: string): { pointer: string; value: Json } {
    let current = { pointer, value: this.at(pointer) };
    while (typeof current.value.$ref === 'string') current = { pointer: current.value.$ref, value: this.at(current.value.$ref) };
    return current;
  }

  private at(pointer: string): Json {
    let node: any = this.document;
    for (const raw of pointer.replace(/^#\//, '').split('/')) node = node?.[raw.replace(/~1/g, '/').replace(/~0/g, '~')];
    if (node === undefined) throw new Error(`${pointer} leads nowhere in the document`);
    return node;
  }

  private validate(where: string, pointer: string, body: unknown): string[] {
    let validator = this.validators.get(pointer);
    if (!validator) {
      validator = this.ajv.compile({ $ref: `openapi${pointer}` });
      this.validators.set(pointer, validator);
    }
    if (validator(body)) return [];
    return (validator.errors ?? []).map((error) => `${where}: ${error.instancePath || '(body)'} ${error.message} ${JSON.stringify(error.params)}`);
  }
}

function literalLength(path: string): number {
  return path.replace(/\{[^}]+\}/g, '').length;
}
