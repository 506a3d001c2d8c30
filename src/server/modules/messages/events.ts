/**
 * The unread badge's server-sent events (issue 29 §2): `GET /usr|/com|/adm/messages/events` keeps a stream open and
 * writes `event: unread` with `{ unread }` on opening and whenever the caller's count changes; the page's polling
 * stays as the fallback. Correct with several instances without a message bus: each instance reads, every
 * MESSAGE_EVENTS_POLL_MS, the unread totals of the parties it has streams open for — ONE query per instance
 * per tick, however many streams (the stored counters of 045, read by primary key) — so a count
 * changed by a message written on any instance reaches the stream within a tick. A comment line every 25 s keeps
 * proxies from closing an idle stream. Streams end when the client goes and when the app closes (preClose), so
 * closing never waits on them.
 */
import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/dialect';
import { PREFIXES } from './routes';
import { partyOf } from './service';
import type { Party } from './repository';

const HEARTBEAT_MS = 25_000;
/** Parties read per query (an `in` list of bounded size). */
const CHUNK = 500;

interface Stream {
  out: PassThrough;
  last: number | null;
  /** The stream's socket, let go of when the app closes (the client is reading nothing more). */
  socket?: { destroy(): void } | null;
}

const keyOf = (party: Party) => `${party.type}:${party.hash}`;

/** The unread totals (archived conversations left out, as the badge counts) of these parties, by party key. */
async function unreadTotals(db: Db, parties: Party[]): Promise<Map<string, number>> {
  const totals = new Map<string, number>();
  for (const type of new Set(parties.map((p) => p.type))) {
    const hashes = parties.filter((p) => p.type === type).map((p) => p.hash);
    for (let i = 0; i < hashes.length; i += CHUNK) {
      const rows = await db
        .selectFrom('message_inboxes') // the stored counters (045): primary-key reads
        .select(['party_hash', 'unread'])
        .where('party_type', '=', type)
        .where('party_hash', 'in', hashes.slice(i, i + CHUNK))
        .execute();
      for (const row of rows) totals.set(`${type}:${row.party_hash}`, Number(row.unread));
    }
  }
  return totals;
}

/** The streams open on this instance, by party, and the one timer that feeds them while any is open. */
function streamHub(app: FastifyInstance) {
  const open = new Map<string, { party: Party; streams: Set<Stream> }>();
  let timer: NodeJS.Timeout | null = null;
  let heartbeat: NodeJS.Timeout | null = null;
  let busy = false;

  const write = (stream: Stream, unread: number) => {
    if (stream.last === unread) return;
    stream.last = unread;
    stream.out.write(`event: unread\ndata: ${JSON.stringify({ unread })}\n\n`);
  };

  async function tick() {
    if (busy || open.size === 0) return; // a slow database: skip a tick rather than pile queries up
    busy = true;
    try {
      const entries = [...open.values()];
      const totals = await unreadTotals(
        app.db,
        entries.map((e) => e.party),
      );
      for (const { party, streams } of entries)
        for (const stream of streams) write(stream, totals.get(keyOf(party)) ?? 0);
    } catch (error) {
      app.log.warn({ err: error }, 'message events: unread counts not read');
    } finally {
      busy = false;
    }
  }

  function stop() {
    if (timer) clearInterval(timer);
    if (heartbeat) clearInterval(heartbeat);
    timer = heartbeat = null;
  }

  function remove(party: Party, stream: Stream) {
    const entry = open.get(keyOf(party));
    entry?.streams.delete(stream);
    if (entry && entry.streams.size === 0) open.delete(keyOf(party));
    if (open.size === 0) stop();
  }

  function add(party: Party): Stream {
    const stream: Stream = { out: new PassThrough(), last: null };
    const entry = open.get(keyOf(party)) ?? { party, streams: new Set<Stream>() };
    entry.streams.add(stream);
    open.set(keyOf(party), entry);
    timer ??= setInterval(() => void tick(), app.config.messageEventsPollMs);
    heartbeat ??= setInterval(() => {
      for (const { streams } of open.values()) for (const s of streams) s.out.write(': keep-alive\n\n');
    }, HEARTBEAT_MS);
    return stream;
  }

  function closeAll() {
    for (const { streams } of open.values())
      for (const stream of streams) {
        stream.out.end();
        // after the end has been written: a client that keeps the socket would otherwise hold the server's close
        setImmediate(() => stream.socket?.destroy());
      }
    open.clear();
    stop();
  }

  return { add, remove, closeAll, write };
}

export async function messageEventRoutes(app: FastifyInstance) {
  const hub = streamHub(app);
  app.addHook('preClose', async () => {
    hub.closeAll();
  });

  for (const { prefix, permission, tag } of PREFIXES) {
    app.get(`${prefix}/messages/events`, {
      config: { permission },
      compress: false, // a compressed stream would be held back until a block fills
      schema: {
        tags: [tag],
        summary:
          'My unread count as server-sent events: `event: unread`, `data: {"unread": n}` on opening and on every change',
        response: {
          200: {
            description: 'An endless text/event-stream',
            content: { 'text/event-stream': { schema: { type: 'string' } } },
          },
        },
      },
      handler: async (request: FastifyRequest, reply) => {
        const party = partyOf(request.actor);
        const stream = hub.add(party);
        stream.socket = request.raw.socket;
        request.raw.on('close', () => {
          hub.remove(party, stream);
          stream.out.end();
        });
        stream.out.write('retry: 5000\n\n');
        const first = await unreadTotals(app.db, [party]);
        hub.write(stream, first.get(keyOf(party)) ?? 0);
        return (
          reply
            .header('Content-Type', 'text/event-stream; charset=utf-8')
            .header('Cache-Control', 'no-store')
            // the socket goes with the stream: an ended stream's keep-alive socket would hold the server's close open
            .header('Connection', 'close')
            .header('X-Accel-Buffering', 'no') // nginx: pass each event on at once
            .send(stream.out)
        );
      },
    });
  }
}
