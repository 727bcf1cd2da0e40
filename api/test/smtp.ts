// A real SMTP server for tests (the smtp-server package): it accepts every message (no TLS, no auth),
// which is all nodemailer needs to deliver, and keeps the raw messages it received. `answerAfterMs` makes
// it a slow server: it holds each message that long before answering that it has it.
import { SMTPServer } from 'smtp-server';
import { freePort } from './ports';

export interface FakeSmtp {
  port: number;
  received: string[];
  /** Starts answering on `port` (until then, connections are refused). */
  listen(): Promise<void>;
  close(): Promise<void>;
}

export async function fakeSmtp(options: { answerAfterMs?: number } = {}): Promise<FakeSmtp> {
  const port = await freePort();
  const received: string[] = [];
  let server: SMTPServer | null = null;
  const serve = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push(Buffer.concat(chunks).toString('utf8').replace(/\r\n/g, '\n'));
          if (options.answerAfterMs) setTimeout(() => callback(), options.answerAfterMs);
          else callback();
        });
      },
    });
  return {
    port,
    received,
    async listen() {
      server = serve();
      const s = server;
      await new Promise<void>((resolve) => s.listen(port, '127.0.0.1', resolve));
    },
    async close() {
      const s = server;
      server = null;
      if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
    },
  };
}
