// Placeholder module, served at /app/js/status.js (replaced by the client side of issue 31).
export function statusText() {
  return navigator.onLine ? "Ready." : "Offline.";
}
