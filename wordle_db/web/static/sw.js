// The service worker of the page (served at /sw.js, after the lines that define VERSION, the
// assets' version, and ASSETS, the page and its files at that version: wordle_db/web/install.py).
// Installed, it keeps them in a cache of that version, so that the page starts without a
// network; the page itself is asked of the network first (a new version shows at once), its
// versioned files of the cache first. The API's answers are never kept: a game is the
// database's.
"use strict";

const CACHE = `wordle-db-${VERSION}`;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(ASSETS))
    .then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(names.filter((n) => n !== CACHE).map((n) => caches.delete(n))))
    .then(() => self.clients.claim()));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== location.origin
      || url.pathname.startsWith("/api/")) return;  // the network's, as without a worker
  if (request.mode === "navigate") {
    event.respondWith(fetch(request).catch(() => caches.match("/", { cacheName: CACHE })));
    return;
  }
  event.respondWith(caches.match(request, { cacheName: CACHE })
    .then((kept) => kept || fetch(request)));
});
