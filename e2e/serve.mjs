// The built site's server (dist/), as a host would serve it: `make serve`,
// the end-to-end tests, the browser benchmark and Lighthouse all use it.
// Usage: node serve.mjs [port] [dir]
//
// - Text, JavaScript and WebAssembly go compressed: brotli when the browser
//   takes it, else gzip (Vary: Accept-Encoding). Each file is compressed
//   once and kept in memory until it changes on disk (its size or time);
//   every such file is compressed before the server listens, so the first
//   visit (a cold-start benchmark, Lighthouse) does not wait for it.
// - The solver's tables (tables/*.gz) are gzip files the worker unpacks
//   itself: they go as they are, application/gzip, WITHOUT Content-Encoding
//   (else the browser would unpack them on the way).
// - Cache headers by name: a name carrying a content hash (Trunk's
//   filehash: the bindings, the module and the style sheet, such as
//   `slide-1a2b3c4d5e6f7a8b_bg.wasm`) never changes content, so it is cached
//   for a year, immutable; every other file (index.html, sw.js, worker.js,
//   the manifest, icons, the tables) may change under its name, so the
//   browser revalidates it each time (no-cache with an ETag: an unchanged
//   file costs a 304, not its bytes).
import { createServer } from 'node:http';
import { readFile, readdir, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

export const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webmanifest': 'application/manifest+json',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.bin': 'application/octet-stream',
  '.gz': 'application/gzip',
};
// What compresses: text of every kind and WebAssembly. Images (PNG) and the
// gzip tables are compressed already.
export const compressible = new Set(['.html', '.js', '.mjs', '.wasm', '.css', '.svg', '.webmanifest', '.json', '.txt']);

/** The Cache-Control header for a file's name (see the top of this file). */
export function cacheControl(path) {
  return /-[0-9a-f]{8,16}(_bg)?\.(js|wasm|css)$/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/**
 * Brotli at its best (quality 11) costs about 12 µs a byte: a second for
 * the bindings, but 14 s for the 1.2 MB module, so files over 256 KB take
 * quality 9 (0.8 s for the module, 13 % larger than at 11).
 */
function brotliQuality(size) {
  return size <= 256 * 1024 ? 11 : 9;
}

/** The encodings of `file`, compressed once per version of the file. */
class Encoded {
  constructor(compress) {
    this.compress = compress;
    this.cache = new Map();
  }

  /** { body, br, gzip, etag } for `file`, whose stat is `info`. */
  get(file, info) {
    const key = `${info.size}-${info.mtimeMs}`;
    const held = this.cache.get(file);
    if (held && held.key === key) return held.value;
    const value = (async () => {
      const body = await readFile(file);
      const etag = `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
      if (!this.compress || !compressible.has(extname(file))) return { body, etag };
      const [br, gz] = await Promise.all([
        brotli(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: brotliQuality(body.length),
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        }),
        gzipped(body, { level: 9 }),
      ]);
      return { body, br, gzip: gz, etag };
    })();
    this.cache.set(file, { key, value });
    // A failed read is not kept: the next request tries again.
    value.catch(() => this.cache.delete(file));
    return value;
  }

  /** Compresses every compressible file under `dir` (the start-up warm-up). */
  async warm(dir) {
    for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
      const file = join(entry.parentPath ?? entry.path, entry.name);
      if (this.compress && entry.isFile() && compressible.has(extname(file))) await this.get(file, await stat(file));
    }
  }
}

/** The encoding to send, from the request's Accept-Encoding. */
function choose(accept, encoded) {
  if (!encoded.br) return null;
  const offered = new Map();
  for (const part of (accept || '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)).find(Boolean);
    offered.set(name, q ? Number(q[1]) : 1);
  }
  const takes = (name) => (offered.get(name) ?? offered.get('*') ?? 0) > 0;
  if (takes('br')) return 'br';
  if (takes('gzip')) return 'gzip';
  return null;
}

/**
 * A request handler serving the files under `root`; `ready` resolves once
 * every compressible file is compressed. With `compress` false, every file
 * goes as it is (to measure what compression saves).
 */
export function siteHandler(directory, { compress = true } = {}) {
  const root = resolve(directory);
  const encoded = new Encoded(compress);
  const ready = encoded.warm(root);
  const handle = async (request, response) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    let path;
    try {
      path = decodeURIComponent(new URL(request.url, 'http://localhost').pathname);
    } catch {
      response.writeHead(400).end();
      return;
    }
    let file = normalize(join(root, path));
    if (!file.startsWith(root)) {
      response.writeHead(403).end();
      return;
    }
    let info;
    try {
      info = await stat(file);
      if (info.isDirectory()) {
        file = join(file, 'index.html');
        info = await stat(file);
      }
    } catch {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    const version = await encoded.get(file, info);
    const encoding = choose(request.headers['accept-encoding'], version);
    const headers = {
      'content-type': types[extname(file)] || 'application/octet-stream',
      'cache-control': cacheControl(file),
      etag: encoding ? `${version.etag.slice(0, -1)}-${encoding}"` : version.etag,
    };
    if (version.br) headers.vary = 'Accept-Encoding';
    if (encoding) headers['content-encoding'] = encoding;
    const inm = request.headers['if-none-match'];
    if (inm && inm.split(',').some((tag) => tag.trim().replace(/^W\//, '') === headers.etag)) {
      response.writeHead(304, headers).end();
      return;
    }
    const body = encoding ? version[encoding] : version.body;
    headers['content-length'] = body.length;
    response.writeHead(200, headers);
    response.end(request.method === 'HEAD' ? undefined : body);
  };
  return { handle, ready };
}

/** Serves `root` on 127.0.0.1:`port` once its files are compressed. */
export async function serve(port, root, options = {}) {
  const site = siteHandler(root, options);
  await site.ready.catch(() => {});
  const server = createServer((request, response) => {
    site.handle(request, response).catch(() => {
      if (!response.headersSent) response.writeHead(500).end();
      else response.destroy();
    });
  });
  await new Promise((done, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', done);
  });
  return server;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const port = Number(process.argv[2] || 8081);
  const root = resolve(process.argv[3] || new URL('../dist', import.meta.url).pathname);
  await serve(port, root);
  console.log(`serving ${root} on http://127.0.0.1:${port} (compressed, with cache headers)`);
}
