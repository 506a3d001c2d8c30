/**
 * The cookie banner's buttons without the page's scripts: the banner is a form posting here (a server-rendered
 * page is painted before its scripts start, and a visitor may answer first). Sets the same cookie the
 * script sets (readable by it, a year, this site only) and goes back to the page, which the server then
 * renders with the banner hidden. The way back is only ever a path of this site.
 */
import type { FastifyInstance } from 'fastify';
import { CONSENT_COOKIE } from '../../shared/constants';
import { AppError } from '../errors';

const CHOICES = ['all', 'necessary'] as const;
const YEAR_S = 365 * 24 * 3600;

/** A path of this site ("/…", not "//host" nor "/\host", no control characters), else the home page. */
export function safeBack(back: unknown): string {
  if (typeof back !== 'string' || !/^\/(?![/\\])[^\s\\]*$/.test(back) || back.length > 2000) return '/';
  return back;
}

export async function cookieConsentPlugin(app: FastifyInstance) {
  // HTML forms send urlencoded bodies; only this route reads them (this plugin is its own scope)
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );
  app.post(
    '/cookie-consent',
    {
      config: { page: true },
      schema: {
        hide: true,
        consumes: ['application/x-www-form-urlencoded'],
        body: {
          type: 'object',
          required: ['choice'],
          // `back` is not held to the one-line rule (src/shared/textRules.ts): safeBack() turns anything but a path of this
          // site into the home page, so a browser's form post always lands on a page rather than on a 400
          properties: {
            choice: { type: 'string', enum: [...CHOICES] },
            back: { type: 'string', maxLength: 2000, 'x-text': 'long' },
          },
          additionalProperties: false,
        },
      },
    },
    async (request, reply) => {
      // a form's post, nothing else (a script of this site sets the cookie itself)
      if (!String(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded'))
        throw AppError.badRequest();
      const { choice, back } = request.body as { choice: (typeof CHOICES)[number]; back?: string };
      reply.header('Set-Cookie', `${CONSENT_COOKIE}=${choice}; Max-Age=${YEAR_S}; Path=/; SameSite=Strict`);
      return reply.header('Cache-Control', 'no-store').redirect(safeBack(back), 303);
    },
  );
}
