/**
 * The unread count pushed by the server (GET /usr|/com/messages/events, server-sent events; issue 29 §2), read with
 * fetch because EventSource cannot send the session's headers. `listenUnread` calls `onCount` with each count and
 * `onLive(true|false)` as the stream opens and drops; it reconnects after a pause that grows while opening fails
 * (5 s, 10 s, … up to a minute), and stops for good when `signal` aborts. The badge polls while it is not live.
 */
import { openStream, type Prefix } from '../providers/http';

const RETRY_MS = 5_000;
const MAX_RETRY_MS = 60_000;

/** Reads `event:`/`data:` blocks from an event stream until it ends. */
export async function readEvents(body: ReadableStream<Uint8Array>, onEvent: (event: string, data: string) => void) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: ?(.*)$/m.exec(block)?.[1] ?? 'message';
      const data = /^data: ?(.*)$/m.exec(block)?.[1];
      if (data !== undefined) onEvent(event, data);
    }
  }
}

export function listenUnread(
  prefix: Prefix,
  signal: AbortSignal,
  onCount: (unread: number) => void,
  onLive: (live: boolean) => void,
) {
  let failures = 0;
  const connect = async () => {
    let heard = false;
    try {
      const response = await openStream(prefix, 'messages/events', signal);
      if (!response.ok || !response.body) throw new Error(`events: ${response.status}`);
      onLive(true);
      await readEvents(response.body, (event, data) => {
        if (event !== 'unread') return;
        heard = true;
        const unread = (JSON.parse(data) as { unread?: unknown }).unread;
        if (typeof unread === 'number') onCount(unread);
      });
    } catch {
      // a refused or dropped stream: the badge polls until the next attempt
    } finally {
      onLive(false);
    }
    if (signal.aborted) return;
    failures = heard ? 0 : failures + 1;
    setTimeout(() => void connect(), Math.min(MAX_RETRY_MS, RETRY_MS * 2 ** Math.max(0, failures - 1)));
  };
  void connect();
}
