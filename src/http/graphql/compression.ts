// GraphQL answers over HTTP, compressed for a client that takes brotli or gzip (content-encoding.ts reads the
// header). Only whole JSON answers are: a stream (text/event-stream, multipart/mixed) is left as it is, each event
// written as it happens; small answers gain nothing from it. The WebSocket path never reaches Yoga's responses.
import type { Plugin } from 'graphql-yoga';
import { compressedForRequest } from '../content-encoding.js';

/** Answers shorter than this are sent as they are (a header or two of overhead, a few bytes saved). */
export const MIN_COMPRESSED_GRAPHQL_BYTES = 1024;

// application/json and application/graphql-response+json: the answers Yoga writes whole.
const WHOLE_ANSWER_TYPE = /^application\/(graphql-response\+)?json\s*(;|$)/i;

export const graphqlCompressionPlugin: Plugin = {
  async onResponse({ request, response, setResponse, fetchAPI }) {
    if (response.headers.has('content-encoding') || !WHOLE_ANSWER_TYPE.test(response.headers.get('content-type') ?? '')) return;
    // Yoga gives whole answers their length: a small one is left untouched, unread.
    if (Number(response.headers.get('content-length') ?? Number.POSITIVE_INFINITY) < MIN_COMPRESSED_GRAPHQL_BYTES) return;
    const body = Buffer.from(await response.arrayBuffer());
    const headers = new fetchAPI.Headers(response.headers);
    const large = body.length >= MIN_COMPRESSED_GRAPHQL_BYTES;
    const encoded = large ? await compressedForRequest(request.headers.get('accept-encoding') ?? undefined, body) : null;
    // Above the threshold the answer depends on Accept-Encoding, whichever encoding this request got.
    if (large) headers.append('vary', 'Accept-Encoding');
    if (encoded) headers.set('content-encoding', encoded.encoding);
    const sent = encoded?.body ?? body;
    headers.set('content-length', String(sent.length));
    // The body was read: the answer is sent again from its bytes, compressed or not.
    setResponse(new fetchAPI.Response(sent, { status: response.status, statusText: response.statusText, headers }));
  },
};
