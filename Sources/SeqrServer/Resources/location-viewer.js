// Seqr location viewer: reads the share key from the URL fragment (#k=…, never sent to the
// server), fetches the share's ciphertext, decrypts it here with WebCrypto and shows the latest
// position and the recent track. Formats: docs/formats/location.md.
'use strict';
(function () {
  const $ = (id) => document.getElementById(id);
  const REFRESH_MS = 5000;
  const MAX_POINTS = 1000;
  let stopped = false;

  function status(text, kind) {
    const el = $('status');
    el.textContent = text;
    el.className = kind;
    if (kind === 'error') { stopped = true; $('position').hidden = true; }
  }

  function base64ToBytes(text) {
    const binary = atob(text);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  }

  function base64urlToBytes(text) {
    if (!/^[A-Za-z0-9_-]+$/.test(text) || text.length % 4 === 1) return null;
    const padded = text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - text.length % 4) % 4);
    try { return base64ToBytes(padded); } catch (e) { return null; }
  }

  const shareID = decodeURIComponent(location.pathname.split('/').pop() || '');
  const match = /^#k=([^&]*)$/.exec(location.hash);
  // The key is read once, then the fragment is dropped from the address bar and history.
  const keyBytes = match ? base64urlToBytes(match[1]) : null;

  if (!/^[A-Za-z0-9_-]{22}$/.test(shareID)) { status('This is not a share link: the share id is missing or mistyped.', 'error'); return; }
  if (!match) { status('This link has no key. A share link ends in #k=… — copy the whole link.', 'error'); return; }
  if (!keyBytes || (keyBytes.length !== 32 && keyBytes.length !== 16)) {
    status('The key in this link is damaged (it must be 16 or 32 bytes of base64url). Copy the whole link again.', 'error');
    return;
  }
  if (!window.crypto || !crypto.subtle) { status('This browser cannot decrypt here: WebCrypto needs https (or localhost).', 'error'); return; }
  const format = keyBytes.length === 32 ? 'seqr-location-v1' : 'cryptojs-aes128cbc';
  const algorithm = format === 'seqr-location-v1' ? 'AES-GCM' : 'AES-CBC';
  const associatedData = new TextEncoder().encode('seqr-location-v1\u0000' + shareID);
  const keyPromise = crypto.subtle.importKey('raw', keyBytes, { name: algorithm }, false, ['decrypt']);

  function checkFix(fix) {
    if (typeof fix !== 'object' || fix === null) throw new Error('not a fix');
    if (typeof fix.lat !== 'number' || fix.lat < -90 || fix.lat > 90) throw new Error('bad latitude');
    if (typeof fix.lon !== 'number' || fix.lon < -180 || fix.lon > 180) throw new Error('bad longitude');
    if (typeof fix.time !== 'number') throw new Error('bad time');
    return fix;
  }

  async function openFix(data) {
    const key = await keyPromise;
    let plaintext;
    if (format === 'seqr-location-v1') {
      const sealed = base64ToBytes(data);
      if (sealed.length < 29 || sealed[0] !== 1) throw new Error('not a version-1 fix');
      plaintext = await crypto.subtle.decrypt(
        { name: 'AES-GCM', iv: sealed.slice(1, 13), additionalData: associatedData, tagLength: 128 }, key, sealed.slice(13));
    } else {
      // Berry Picker's CryptoJS string: Base64 ciphertext, then the 24-character Base64 IV. Unauthenticated.
      plaintext = await crypto.subtle.decrypt({ name: 'AES-CBC', iv: base64ToBytes(data.slice(-24)) }, key, base64ToBytes(data.slice(0, -24)));
    }
    return checkFix(JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(plaintext)));
  }

  const track = [];
  let after = 0;
  let rejected = 0;

  function ageText(ms) {
    const s = Math.max(0, Math.round(ms / 1000));
    if (s < 60) return s + ' s ago';
    if (s < 3600) return Math.floor(s / 60) + ' min ' + (s % 60) + ' s ago';
    if (s < 86400) return Math.floor(s / 3600) + ' h ' + Math.floor((s % 3600) / 60) + ' min ago';
    return Math.floor(s / 86400) + ' days ago';
  }

  function drawTrack() {
    const svg = $('track');
    while (svg.firstChild) svg.removeChild(svg.firstChild);
    const ns = 'http://www.w3.org/2000/svg';
    const lats = track.map((f) => f.lat), lons = track.map((f) => f.lon);
    const midLat = (Math.min(...lats) + Math.max(...lats)) / 2;
    const xScale = Math.cos(midLat * Math.PI / 180);  // equirectangular: keep shapes true near the track
    const xs = lons.map((lon) => lon * xScale), ys = lats;
    const minX = Math.min(...xs), maxX = Math.max(...xs), minY = Math.min(...ys), maxY = Math.max(...ys);
    const span = Math.max(maxX - minX, (maxY - minY) * 4 / 3, 1e-5);
    const scale = 360 / span;
    const cx = (minX + maxX) / 2, cy = (minY + maxY) / 2;
    const points = track.map((f, i) => [200 + (xs[i] - cx) * scale, 150 - (ys[i] - cy) * scale]);
    const line = document.createElementNS(ns, 'polyline');
    line.setAttribute('points', points.map((p) => p[0].toFixed(1) + ',' + p[1].toFixed(1)).join(' '));
    svg.appendChild(line);
    [['first', points[0]], ['latest', points[points.length - 1]]].forEach(([cls, p]) => {
      const dot = document.createElementNS(ns, 'circle');
      dot.setAttribute('class', cls);
      dot.setAttribute('cx', p[0].toFixed(1));
      dot.setAttribute('cy', p[1].toFixed(1));
      dot.setAttribute('r', cls === 'latest' ? 6 : 4);
      svg.appendChild(dot);
    });
  }

  function render() {
    if (track.length === 0) return;
    const latest = track[track.length - 1];
    $('position').hidden = false;
    $('lat').textContent = latest.lat.toFixed(5);
    $('lon').textContent = latest.lon.toFixed(5);
    $('accuracy').textContent = typeof latest.accuracy === 'number' ? '±' + latest.accuracy.toFixed(0) + ' m' : 'unknown';
    $('altitude').textContent = typeof latest.altitude === 'number' ? latest.altitude.toFixed(0) + ' m' : 'unknown';
    $('time').textContent = new Date(latest.time).toISOString();
    $('age').textContent = ageText(Date.now() - latest.time);
    $('count').textContent = String(track.length);
    drawTrack();
  }

  async function refresh() {
    if (stopped) return;
    let response;
    try {
      response = await fetch('/v1/location/feed/' + encodeURIComponent(shareID) + '?after=' + after,
        { cache: 'no-store', credentials: 'omit', referrerPolicy: 'no-referrer' });
    } catch (e) {
      status('Cannot reach the server; retrying…', 'warn');
      return;
    }
    if (response.status === 404) { status('This share does not exist: it was revoked or its key rotated, or the link is mistyped.', 'error'); return; }
    if (response.status === 410) { status('This share has expired.', 'error'); return; }
    if (!response.ok) { status('The server answered ' + response.status + '; retrying…', 'warn'); return; }
    const feed = await response.json();
    if (feed.format !== format) { status('The key in this link does not fit this share (wrong link).', 'error'); return; }
    let opened = 0;
    for (const item of feed.fixes) {
      after = Math.max(after, item.seq);
      try { track.push(await openFix(item.data)); opened++; } catch (e) { rejected++; }
    }
    if (rejected > 0 && track.length === 0) {
      status('Wrong key: the key in this link does not open this share\'s positions (a mistyped link, or one from before the key was rotated).', 'error');
      return;
    }
    track.sort((a, b) => a.time - b.time);
    if (track.length > MAX_POINTS) track.splice(0, track.length - MAX_POINTS);
    if (track.length === 0) { status('Nothing shared yet; waiting for the first position…', 'pending'); return; }
    const note = rejected > 0 ? ' (' + rejected + ' altered or unreadable point' + (rejected > 1 ? 's' : '') + ' ignored)' : '';
    status('Live · decrypted in this browser' + note + '.', rejected > 0 ? 'warn' : 'ok');
    if (opened > 0 || after === 0) render();
  }

  history.replaceState(null, '', location.pathname);  // keep the key out of the visible address and history
  refresh();
  setInterval(refresh, REFRESH_MS);
  setInterval(() => { if (!stopped && track.length) $('age').textContent = ageText(Date.now() - track[track.length - 1].time); }, 1000);
})();
