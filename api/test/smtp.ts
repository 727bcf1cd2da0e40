// A minimal SMTP server for tests: it accepts every message (no TLS, no auth), which is all nodemailer
// needs to deliver, and keeps the raw messages it received.
import { createServer, type Server } from 'node:net';
import { freePort } from './ports';

export interface FakeSmtp {
  port: number;
  received: string[];
  /** Starts answering on `port` (until then, connections are refused). */
  listen(): Promise<void>;
  close(): Promise<void>;
}

export async function fakeSmtp(): Promise<FakeSmtp> {
  const port = await freePort();
  const received: string[] = [];
  let server: Server | null = null;
  const serve = () =>
    createServer((socket) => {
      socket.setEncoding('utf8');
      let buffer = '';
      let data: string[] | null = null;
      socket.write('220 test ESMTP\r\n');
      socket.on('data', (chunk: string) => {
        buffer += chunk;
        for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
          const line = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (data) {
            if (line === '.') {
              received.push(data.join('\n'));
              data = null;
              socket.write('250 OK\r\n');
            } else data.push(line.startsWith('..') ? line.slice(1) : line);
            continue;
          }
          const verb = line.slice(0, 4).toUpperCase();
          if (verb === 'EHLO' || verb === 'HELO') socket.write('250 test\r\n');
          else if (verb === 'DATA') {
            data = [];
            socket.write('354 go ahead\r\n');
          } else if (verb === 'QUIT') socket.end('221 bye\r\n');
          else socket.write('250 OK\r\n');
        }
      });
      socket.on('error', () => {});
    });
  return {
    port,
    received,
    async listen() {
      server = serve();
      await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
    },
    async close() {
      const s = server;
      server = null;
      if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
    },
  };
}
