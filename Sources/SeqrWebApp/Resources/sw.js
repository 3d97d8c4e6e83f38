// Placeholder service worker (replaced by the client side of issue 31): caches the app shell only,
// never an API response.
const shell = "seqr-shell-v0";
const files = ["./", "app.css", "app.js", "js/status.js", "manifest.webmanifest", "icon-192.png"];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(shell).then((cache) => cache.addAll(files)));
});

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== self.location.origin || !url.pathname.startsWith("/app/")) return;
  event.respondWith(fetch(event.request).catch(() => caches.match(event.request)));
});
