/**
 * A real SMTP peer for tests (`smtp-server` on a free port, `mailparser` reading what it receives): the
 * mail tests steer its failures; the browser journey reads the e-mails a member would get.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';

export interface Peer {
  url: string;
  port: number;
  received: ParsedMail[];
  /** When set, DATA is answered with this error (a temporary 451 unless it says otherwise). */
  refuseData: null | { code: number; message: string };
  /** Recipients answered 550 at RCPT TO. */
  refuseRcpt: Set<string>;
  /** Milliseconds the peer waits before accepting DATA (widens race windows). */
  delayMs: number;
  close(): Promise<void>;
}

export async function startPeer(): Promise<Peer> {
  const peer: Peer = {
    url: '',
    port: 0,
    received: [],
    refuseData: null,
    refuseRcpt: new Set(),
    delayMs: 0,
    close: async () => undefined,
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (peer.refuseRcpt.has(address.address))
        return callback(Object.assign(new Error('No such user here'), { responseCode: 550 }));
      callback();
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        setTimeout(() => {
          if (peer.refuseData)
            return callback(Object.assign(new Error(peer.refuseData.message), { responseCode: peer.refuseData.code }));
          simpleParser(Buffer.concat(chunks))
            .then((mail) => {
              peer.received.push(mail);
              callback();
            })
            .catch((error: Error) => callback(error));
        }, peer.delayMs);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  peer.port = (server.server.address() as AddressInfo).port;
  peer.url = `smtp://127.0.0.1:${peer.port}`;
  peer.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return peer;
}
