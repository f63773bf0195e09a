// Structured logs without secrets, tokens, pay figures or e-mail addresses.
import type { FastifyRequest } from 'fastify';

export const redactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["stripe-signature"]',
  'res.headers["set-cookie"]',
];

const EMAIL = /[^/?&=]+@[^/?&=]+/g;

/** The path without its query string, e-mail addresses masked (some lookups carry one in the path). */
export function safeUrl(url: string): string {
  return url.split('?')[0].replace(EMAIL, '[email]');
}

export const logSerializers = {
  req(request: FastifyRequest) {
    return { method: request.method, url: safeUrl(request.url), reqId: request.id, remoteAddress: request.ip };
  },
  res(reply: { statusCode: number }) {
    return { statusCode: reply.statusCode };
  },
};
