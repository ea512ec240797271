// The benchmarks' anchor: a plain node:http server, run in a child process, that answers each captured
// URL with the captured headers and bytes, whatever the request says. The parent sends the captures
// as the first message; the child answers { ready: url }, { cpu } on request, and exits on { stop }.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Captured {
  headers: Record<string, string | string[]>;
  body: string; /* base64 */
}

export function serveCapturedInChild(host: string): void {
  process.once('message', (m: Record<string, Captured>) => {
    const answers = new Map(
      Object.entries(m).map(([url, c]) => [url, { headers: c.headers, body: Buffer.from(c.body, 'base64') }]),
    );
    const server = http.createServer((req, res) => {
      const a = answers.get(req.url ?? '');
      if (!a) return res.writeHead(404).end();
      res.writeHead(200, a.headers);
      res.end(a.body);
    });
    server.listen(0, host, () => {
      process.send!({ ready: `http://${host}:${(server.address() as AddressInfo).port}` });
    });
    process.on('message', (msg: { stop?: boolean; cpu?: boolean }) => {
      if (msg.cpu) process.send!({ cpu: process.cpuUsage() });
      if (!msg.stop) return;
      server.closeAllConnections();
      server.close(() => process.exit(0));
    });
  });
}
