/** What every platform fake's HTTP server does alike: read a request's body, answer JSON, close at once. */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}

export function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(body));
}

/** Closes the server now, keep-alive connections included (a test's teardown must not wait for them). */
export function closeServer(server: Server): Promise<void> {
  return new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}

/** Starts listening (port 0: any free one) and answers the port and the base URL. */
export async function listen(server: Server, port: number | undefined, host: string): Promise<{ port: number; url: string }> {
  await new Promise<void>((resolve) => server.listen(port ?? 0, host, resolve));
  const bound = (server.address() as AddressInfo).port;
  return { port: bound, url: `http://${host}:${bound}` };
}
