import { once } from 'node:events';
import { createServer, type Server, type Socket } from 'node:net';

/** A message the fake server accepted. */
export interface ReceivedMail {
  from: string;
  to: string[];
  /** The DATA part as sent (headers and body, CRLF line ends, dot-stuffing undone). */
  data: string;
  user: string | null;
}

export interface FakeSmtp {
  port: number;
  received: ReceivedMail[];
  close(): Promise<void>;
}

/**
 * A minimal SMTP server on 127.0.0.1 for tests (RFC 5321 without TLS: EHLO, AUTH PLAIN and LOGIN,
 * MAIL, RCPT, DATA, RSET, NOOP, QUIT). It accepts `user`/`password` and refuses other credentials
 * with 535, as a real server does. Enough for nodemailer with `smtp_security: none`.
 */
export async function startFakeSmtp(credentials: { user: string; password: string }): Promise<FakeSmtp> {
  const received: ReceivedMail[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    socket.setEncoding('utf8');
    const reply = (line: string) => socket.write(`${line}\r\n`);
    let buffer = '';
    let mode: 'command' | 'data' | 'auth-plain' | 'auth-user' | 'auth-pass' = 'command';
    let loginUser = '';
    let user: string | null = null;
    let from = '';
    let to: string[] = [];
    let data: string[] = [];
    const checkLogin = (name: string, password: string) => {
      if (name === credentials.user && password === credentials.password) {
        user = name;
        reply('235 2.7.0 Authentication successful');
      } else {
        reply('535 5.7.8 Authentication credentials invalid');
      }
      mode = 'command';
    };
    const decode = (text: string) => Buffer.from(text, 'base64').toString('utf8');
    const plain = (text: string) => {
      const [, name = '', password = ''] = decode(text).split('\u0000');
      checkLogin(name, password);
    };
    const onLine = (line: string) => {
      if (mode === 'data') {
        if (line === '.') {
          received.push({ from, to, data: data.join('\r\n'), user });
          data = [];
          mode = 'command';
          reply('250 2.0.0 Ok: queued');
        } else {
          data.push(line.startsWith('..') ? line.slice(1) : line);
        }
        return;
      }
      if (mode === 'auth-plain') return plain(line);
      if (mode === 'auth-user') {
        loginUser = decode(line);
        mode = 'auth-pass';
        return reply(`334 ${Buffer.from('Password:').toString('base64')}`);
      }
      if (mode === 'auth-pass') return checkLogin(loginUser, decode(line));
      const [verb = '', ...rest] = line.split(' ');
      const argument = rest.join(' ');
      switch (verb.toUpperCase()) {
        case 'EHLO':
          return reply('250-fake.smtp.test\r\n250-AUTH PLAIN LOGIN\r\n250 8BITMIME');
        case 'HELO':
          return reply('250 fake.smtp.test');
        case 'AUTH': {
          const [method = '', initial] = argument.split(' ');
          if (method.toUpperCase() === 'PLAIN') {
            if (initial) return plain(initial);
            mode = 'auth-plain';
            return reply('334 ');
          }
          if (method.toUpperCase() === 'LOGIN') {
            if (initial) {
              loginUser = decode(initial);
              mode = 'auth-pass';
              return reply(`334 ${Buffer.from('Password:').toString('base64')}`);
            }
            mode = 'auth-user';
            return reply(`334 ${Buffer.from('Username:').toString('base64')}`);
          }
          return reply('504 5.5.4 Unrecognized authentication type');
        }
        case 'MAIL':
          if (!user) return reply('530 5.7.0 Authentication required');
          from =
            argument
              .replace(/^FROM:\s*/i, '')
              .replace(/[<>]/g, '')
              .split(' ')[0] ?? '';
          to = [];
          return reply('250 2.1.0 Ok');
        case 'RCPT':
          to.push(
            argument
              .replace(/^TO:\s*/i, '')
              .replace(/[<>]/g, '')
              .split(' ')[0] ?? '',
          );
          return reply('250 2.1.5 Ok');
        case 'DATA':
          mode = 'data';
          return reply('354 End data with <CR><LF>.<CR><LF>');
        case 'RSET':
          from = '';
          to = [];
          return reply('250 2.0.0 Ok');
        case 'NOOP':
          return reply('250 2.0.0 Ok');
        case 'QUIT':
          reply('221 2.0.0 Bye');
          return socket.end();
        default:
          return reply('502 5.5.2 Command not recognized');
      }
    };
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let end = buffer.indexOf('\r\n');
      while (end >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        onLine(line);
        end = buffer.indexOf('\r\n');
      }
    });
    reply('220 fake.smtp.test ESMTP');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('fake SMTP server has no port');
  return {
    port: address.port,
    received,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A port on 127.0.0.1 where nothing listens (taken, then released). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}
