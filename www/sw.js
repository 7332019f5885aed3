// The service worker: offline play (registered by src/web/offline.rs).
//
// What it keeps: the files of one build (SHELL and HASHED), in a cache named
// for that build, `slide-<VERSION>`. VERSION, HASHED and TABLES are written
// into the built copy of this file by Trunk's post_build hook
// (www/sw-stamp.sh): HASHED names the files Trunk named by their content's
// hash (the bindings and the module); VERSION is
// a hash of every file the build ships, so each new build gives a new
// sw.js, which the browser installs on the next visit; the old build's
// cache is deleted once the new one is active.
//
// How it answers:
// - The build's files: network first, the cache when the network fails.
//   Network first, rather than cache first or stale-while-revalidate,
//   because then a new version takes over on the very next load (a stale
//   copy would show once more, until a second reload), and an online visit
//   costs no more than without a service worker. The cache is written only
//   at install, all files at once: the bindings and the module must come
//   from the same build, so a page loaded from the cache never mixes two
//   builds, and nothing fetched later is written back.
// - The solver's tables (tables/*.gz): from `slide-tables`, the cache
//   the page fills when it first downloads them whole (src/web/tables.rs,
//   which looks there itself first), else the network. The page keeps
//   them there decompressed (marked by an `x-slide-tables` header), under
//   the .gz address; it reads either form.
//   That cache outlives versions (the tables are large and their names say
//   their format); only files of other names than this build's tables are
//   dropped from it, so it holds at most one copy of each table in use.
// - Page addresses (`?size=4x4&seed=42`, `index.html`): the network, else
//   the cached page.
// - Anything else on this origin, or elsewhere: the network, never kept, so
//   the caches hold only known files and cannot grow without bound.

const VERSION = 'dev';
// The files named by their content's hash (Trunk's filehash).
const HASHED = [];
// The table files this build ships (names under tables/).
const TABLES = [];

const CACHE = `slide-${VERSION}`;
const TABLE_CACHE = 'slide-tables';
const SHELL = [
  './',
  ...HASHED,
  'worker.js',
  'icon.svg',
  'icon-192.png',
  'icon-512.png',
  'icon-maskable-512.png',
  'manifest.webmanifest',
  // The built-in pictures for the tiles (src/app/picture.rs lists them).
  'pictures/hills.svg',
  'pictures/mosaic.svg',
  'pictures/harbour.svg',
  'pictures/balloons.svg',
];

const scope = new URL('./', self.location.href);
const page = new URL('./', scope).href;
const shell = new Set(SHELL.map((path) => new URL(path, scope).href));
const tables = new URL('tables/', scope).href;

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // The files must be this build's. A hashed name is: it is taken as
      // the HTTP cache has it (the page has just loaded it, and the server
      // marks it immutable), with no request. The others are checked with
      // the server (no-cache: revalidated, never taken stale from the HTTP
      // cache); one the page has just loaded comes back as a 304 (the
      // server sends ETags). So a first visit downloads the module once.
      const hashed = new Set(HASHED.map((path) => new URL(path, scope).href));
      await cache.addAll([...shell].map((url) => new Request(url, { cache: hashed.has(url) ? 'default' : 'no-cache' })));
      // The new version takes over at once rather than when every tab of
      // the old one is closed: the page loads its files from the network
      // anyway, so nothing on screen depends on the old cache.
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith('slide-') && name !== CACHE && name !== TABLE_CACHE) {
          await caches.delete(name);
        }
      }
      if (TABLES.length > 0) {
        const cache = await caches.open(TABLE_CACHE);
        const current = new Set(TABLES.map((name) => new URL(name, tables).href));
        for (const request of await cache.keys()) {
          if (!current.has(request.url)) await cache.delete(request);
        }
      }
      // The page that installed this worker works offline without a reload.
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  url.hash = '';
  if (url.origin !== scope.origin) return;
  if (request.mode === 'navigate' && url.href.startsWith(scope.href)) {
    event.respondWith(networkElse(request, page));
  } else if (url.href.startsWith(tables)) {
    event.respondWith(tableFile(request));
  } else if (shell.has(url.href)) {
    event.respondWith(networkElse(request, url.href));
  }
  // Anything else goes to the network as if there were no worker.
});

// The network's answer, or the cached copy of `key` when there is none.
async function networkElse(request, key) {
  try {
    return await fetch(request);
  } catch (error) {
    const cached = await caches.match(key, { cacheName: CACHE });
    if (cached) return cached;
    throw error;
  }
}

// A table file: from the tables' cache, else the network (the page keeps
// what it downloads, once it has come whole: src/web/tables.rs).
async function tableFile(request) {
  try {
    const cache = await caches.open(TABLE_CACHE);
    const cached = await cache.match(request);
    if (cached) return cached;
  } catch (_) {
    // No Cache API after all: the network.
  }
  return fetch(request);
}
