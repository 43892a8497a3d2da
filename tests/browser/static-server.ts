// A tiny file server for the built site, as any static host serves it (GitHub Pages, a course
// web server): files by path, a folder's index.html, 404 for anything missing, no fallback to the
// app's page and no Vite. The browser tests serve the site with it; what works here works from
// any static host. Starting it costs a few milliseconds, where `vite preview` loads Vite and the
// project's config (about a second of CPU on this machine, once per test file).
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, isAbsolute, join, relative, resolve } from 'node:path';

/** Content types of the files a build writes (assets, scenario files, icons, the manifest). */
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
};

export interface StaticServer {
  server: Server;
  /** http://HOST:PORT, no trailing slash */
  origin: string;
  close(): Promise<void>;
}

/**
 * Serves `dir` under the path `under` (it starts and ends with "/"; 404 elsewhere) on a free port
 * of 127.0.0.1. `answer` may answer a path itself first (a course page that embeds the app): it
 * returns true when it did.
 */
export function serveStatic(
  dir: string,
  under = '/',
  answer?: (path: string, res: ServerResponse) => boolean,
): Promise<StaticServer> {
  const root = resolve(dir);
  const server = createServer((req, res) => {
    let path: string;
    try {
      path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    } catch {
      res.writeHead(400).end();
      return;
    }
    if (answer?.(path, res)) return;
    if (!path.startsWith(under)) {
      res.writeHead(404).end();
      return;
    }
    let file = join(root, path.slice(under.length));
    const inside = relative(root, file);
    if (inside.startsWith('..') || isAbsolute(inside)) {
      res.writeHead(403).end();
      return;
    }
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file)
      .on('error', () => res.destroy())
      .pipe(res);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        server,
        origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      }),
    ),
  );
}
