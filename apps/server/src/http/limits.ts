import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from 'fastify';
import { BodyCode } from './envelope';

// What the server answers to requests it cannot take as they are (an address or a header too long, a
// broken URL, an empty JSON body): the API envelope with a Chinese message, never Node's or Fastify's
// English JSON and never HTTP 500.

/** Longest request address (path and query) taken; longer ones answer HTTP 414. */
export const MAX_URL_LENGTH = 8 * 1024;
/** Longest path parameter (a record id, a file name); longer ones answer HTTP 414. */
export const MAX_PARAM_LENGTH = 200;

const URL_TOO_LONG = '请求地址过长';
const HEADERS_TOO_LARGE = '请求地址或请求头过长';
const BAD_REQUEST = '请求格式不正确';
const TIMEOUT = '请求超时，请重试';

function envelope(msg: string): string {
  return JSON.stringify({ code: BodyCode.badInput, msg, data: null });
}

/**
 * Answers what Node's HTTP parser refuses before Fastify sees a request: headers (with the address)
 * beyond Node's limit answer 431, a timeout 408, anything else 400, each as the envelope.
 */
function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, msg] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, HEADERS_TOO_LARGE]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, TIMEOUT]
        : [400, BAD_REQUEST];
  const body = envelope(msg);
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\n` +
      `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

/** Errors of Fastify's router: a path parameter over MAX_PARAM_LENGTH, a URL that does not decode. */
function frameworkErrors(error: FastifyError, _req: FastifyRequest, reply: FastifyReply): void {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  reply
    .status(tooLong ? 414 : 400)
    .type('application/json; charset=utf-8')
    .send(envelope(tooLong ? URL_TOO_LONG : BAD_REQUEST));
}

/** Server options of the limits, spread into Fastify's options. */
export const requestLimitOptions = {
  routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
  clientErrorHandler,
  frameworkErrors,
} satisfies Partial<FastifyServerOptions>;

/**
 * Refuses an address over MAX_URL_LENGTH with 414, and reads an empty JSON body (a client that sends
 * Content-Type: application/json and nothing else) as no body, so the route's schema decides.
 */
export function registerRequestLimits(app: FastifyInstance): void {
  app.addHook('onRequest', async (req, reply) => {
    if (req.url.length > MAX_URL_LENGTH) {
      return reply.status(414).type('application/json; charset=utf-8').send(envelope(URL_TOO_LONG));
    }
  });
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = body.toString();
    if (text.trim() === '') return done(null, undefined);
    return json(req, text, done);
  });
}
