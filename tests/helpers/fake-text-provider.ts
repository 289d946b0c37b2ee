import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local fake of a text provider's HTTP API (the SMS provider's Twilio-shaped Messages API, or the
 * WhatsApp Cloud API), on 127.0.0.1 at a port of its own: it records each request and answers what
 * the test says. The shop's real adapters call it through the real guarded fetcher (the test app
 * lists 127.0.0.1 in OUTBOUND_PRIVATE_HOSTS).
 */

export interface ReceivedRequest {
  method: string;
  url: string;
  authorization: string | undefined;
  contentType: string | undefined;
  /** The raw body; `form` (SMS) and `json` (WhatsApp) read it. */
  body: string;
  form: URLSearchParams;
  json: () => unknown;
}

/** What the fake answers next: a status with a body, or nothing at all (held until the fake closes). */
export type FakeMode = { status: number; body: unknown } | 'hang';

export interface FakeTextProvider {
  /** `http://127.0.0.1:<port>` */
  url: string;
  received: ReceivedRequest[];
  answer: (mode: FakeMode) => void;
  close: () => Promise<void>;
}

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let data = '';
    request.on('data', (chunk) => {
      data += chunk;
    });
    request.on('end', () => resolve(data));
  });

export async function startFakeTextProvider(initial: FakeMode = { status: 201, body: {} }): Promise<FakeTextProvider> {
  const received: ReceivedRequest[] = [];
  const held: ServerResponse[] = [];
  let mode: FakeMode = initial;
  const server: Server = createServer(async (request, response) => {
    const body = await readBody(request);
    received.push({
      method: request.method ?? '',
      url: request.url ?? '',
      authorization: request.headers.authorization,
      contentType: request.headers['content-type'],
      body,
      form: new URLSearchParams(body),
      json: () => JSON.parse(body),
    });
    if (mode === 'hang') {
      held.push(response);
      return;
    }
    response.writeHead(mode.status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(mode.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    answer: (next) => {
      mode = next;
    },
    close: async () => {
      for (const response of held) response.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** The test apps' environment for calling these fakes through the guarded fetcher. */
export const LOCAL_FAKES_ENV = { OUTBOUND_PRIVATE_HOSTS: '127.0.0.1' } as const;
