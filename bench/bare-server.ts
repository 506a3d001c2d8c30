/**
 * The baseline of `npm run bench`, run as its own process: a bare Fastify 5 server (no plugins, no
 * database, logger off) that answers each URL the bench measures with the very body the portal gave
 * for it, so the ratio app/bare isolates what the portal does per request.
 *
 *   node --import tsx bench/bare-server.ts <bodies.json>
 *
 * bodies.json is `{ "<path?query>": "<body>", "path:<path>": "<body>" }`: an exact URL first, else the body kept for
 * its path (the mixes whose URLs never repeat, and writes), whatever the method. Listens on 127.0.0.1 on a free port and prints
 * `listening <url>` on stdout once ready; stops on SIGTERM.
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const file = process.argv[2];
if (!file) {
  console.error('usage: bare-server.ts <bodies.json>');
  process.exit(2);
}
const bodies = new Map<string, string>(
  Object.entries(JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>),
);

const app = Fastify({ logger: false });
// any request body (a multipart wall post of the writes mix) is read and ignored, as a server that answers must
app.removeAllContentTypeParsers();
app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, _body, done) => done(null, undefined));
app.all('/*', (request, reply) => {
  const body = bodies.get(request.url) ?? bodies.get(`path:${request.url.split('?')[0]}`);
  if (body === undefined)
    return reply.code(404).type('application/json; charset=utf-8').send('{"message":"Not Found"}');
  return reply.type('application/json; charset=utf-8').send(body);
});

process.once('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});

const url = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`listening ${url}`);
