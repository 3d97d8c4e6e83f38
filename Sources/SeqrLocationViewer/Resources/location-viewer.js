// Seqr location viewer: reads the share key from the URL fragment (#k=…, never sent to the
// server), takes the share's ciphertext from a Server-Sent-Events stream (or, when that cannot be
// opened, by polling the feed), decrypts it here with WebCrypto and draws it on a Leaflet map.
// The same script shows a saved track (`seqr location follow --map`) from the page itself.
// Formats: docs/formats/location.md; the map and what it contacts: docs/location-viewer.md.
'use strict';
(function () {
  const $ = (id) => document.getElementById(id);
  const meta = (name) => { const el = document.querySelector('meta[name="' + name + '"]'); return el ? el.content : ''; };
  const REFRESH_MS = 5000;
  const MAX_POINTS = 1000;
  const embedded = $('seqr-track');  // a saved track: the fixes are in the page, nothing is fetched
  const tiles = { template: meta('seqr-map-tiles'), host: meta('seqr-map-tiles-host'), attribution: meta('seqr-map-attribution') };
  let stopped = false;
  let source = null;  // the live share's EventSource, or
  let poller = null;  // its polling timer

  function stop() {
    stopped = true;
    if (source) source.close();
    if (poller) clearInterval(poller);
  }

  // Whether the live feed is reachable: while it is not, a banner says so (the page retries by itself).
  function connection(up) {
    $('connection').hidden = up;
  }

  function status(text, kind) {
    const el = $('status');
    el.textContent = text;
    el.className = kind;
    if (kind === 'error') { stop(); $('position').hidden = true; }
    if (kind === 'error' || kind === 'ended') { $('connection').hidden = true; $('people-bar').hidden = true; }
    if (kind === 'ended') stop();
  }

  // Which server, if any, learns the area viewed: said once, before anything is drawn.
  $('tiles-note').textContent = tiles.template
    ? 'Map tiles come from ' + tiles.host + ': that server sees which area you view (never the key).'
    : 'No map tiles: the grid is drawn here, and ' + (embedded ? 'this file contacts no server at all.' : 'no server but this one is contacted.');

  const track = [];
  let rejected = 0;

  function checkFix(fix) {
    if (typeof fix !== 'object' || fix === null) throw new Error('not a fix');
    if (typeof fix.lat !== 'number' || fix.lat < -90 || fix.lat > 90) throw new Error('bad latitude');
    if (typeof fix.lon !== 'number' || fix.lon < -180 || fix.lon > 180) throw new Error('bad longitude');
    // A Date holds ±8.64e15 ms; beyond, toISOString throws and drawing the track would stop.
    if (typeof fix.time !== 'number' || !(Math.abs(fix.time) <= 8.64e15)) throw new Error('bad time');
    return fix;
  }

  function ageText(ms) {
    const s = Math.max(0, Math.round(ms / 1000));
    if (s < 60) return s + ' s ago';
    if (s < 3600) return Math.floor(s / 60) + ' min ' + (s % 60) + ' s ago';
    if (s < 86400) return Math.floor(s / 3600) + ' h ' + Math.floor((s % 3600) / 60) + ' min ago';
    return Math.floor(s / 86400) + ' days ago';
  }

  // MARK: the map

  let map = null;
  let layers = null;
  let following = true;  // until the user drags the map away

  // Without tiles: latitude and longitude lines, labelled, drawn on canvases here.
  function niceStep(degrees) {
    const power = Math.pow(10, Math.floor(Math.log10(degrees)));
    for (const m of [5, 2, 1]) if (m * power <= degrees) return m * power;
    return power;
  }
  function degrees(value, step, positive, negative) {
    const decimals = Math.max(0, -Math.floor(Math.log10(step) + 1e-9));
    return Math.abs(value).toFixed(decimals) + '°' + (value >= 0 ? positive : negative);
  }
  // About two lines per 256-pixel tile at every zoom.
  function gridStep(zoom) { return niceStep(360 / Math.pow(2, zoom) / 2); }

  // The grid's degrees, once per line along the map's top and right edges.
  function gridLabels() {
    const box = L.DomUtil.create('div', 'seqr-grid-labels', map.getContainer());
    function label(text, x, y) {
      const span = L.DomUtil.create('span', 'seqr-grid-label', box);
      span.textContent = text;
      span.style.left = Math.round(x) + 'px';
      span.style.top = Math.round(y) + 'px';
    }
    function update() {
      while (box.firstChild) box.removeChild(box.firstChild);
      const bounds = map.getBounds(), size = map.getSize(), step = gridStep(map.getZoom());
      for (let i = Math.ceil(bounds.getWest() / step); i * step <= bounds.getEast(); i++) {
        const x = map.latLngToContainerPoint([bounds.getSouth(), i * step]).x;
        if (x > 50) label(degrees(i * step, step, 'E', 'W'), x + 3, 2);  // clear of the zoom buttons
      }
      for (let i = Math.ceil(bounds.getSouth() / step); i * step <= bounds.getNorth(); i++) {
        label(degrees(i * step, step, 'N', 'S'), size.x - 62, map.latLngToContainerPoint([i * step, bounds.getWest()]).y - 14);
      }
    }
    map.on('moveend', update);
    update();
  }

  function graticule() {
    const Graticule = L.GridLayer.extend({
      createTile: function (coords) {
        const tile = document.createElement('canvas');
        const size = this.getTileSize();
        tile.width = size.x;
        tile.height = size.y;
        const ctx = tile.getContext('2d');
        const origin = coords.scaleBy(size);
        const nw = map.unproject(origin, coords.z), se = map.unproject(origin.add(size), coords.z);
        const step = gridStep(coords.z);
        ctx.strokeStyle = '#d5d9de';
        ctx.beginPath();
        for (let i = Math.ceil(nw.lng / step); i * step <= se.lng; i++) {
          const x = Math.round(map.project([0, i * step], coords.z).x - origin.x) + 0.5;
          ctx.moveTo(x, 0); ctx.lineTo(x, size.y);
        }
        for (let i = Math.ceil(se.lat / step); i * step <= nw.lat; i++) {
          const y = Math.round(map.project([i * step, 0], coords.z).y - origin.y) + 0.5;
          ctx.moveTo(0, y); ctx.lineTo(size.x, y);
        }
        ctx.stroke();
        return tile;
      },
    });
    return new Graticule({ maxZoom: 19 });
  }

  function makeMap() {
    map = L.map('map', { maxZoom: 19, worldCopyJump: true });
    if (tiles.template) L.tileLayer(tiles.template, { attribution: tiles.attribution, maxZoom: 19 }).addTo(map);
    else graticule().addTo(map);
    map.attributionControl.setPrefix(embedded ? 'Leaflet (BSD licence in this file)' : '<a href="/static/leaflet/LICENSE.txt">Leaflet</a>');
    L.control.scale({ imperial: false }).addTo(map);
    layers = {
      line: L.polyline([], { color: '#0969da', weight: 3 }).addTo(map),
      marks: L.layerGroup().addTo(map),
      accuracy: L.circle([0, 0], { radius: 1, color: '#cf222e', weight: 1, fillOpacity: 0.12 }),
      latest: L.circleMarker([0, 0], { radius: 7, color: '#fff', weight: 2, fillColor: '#cf222e', fillOpacity: 1 }).addTo(map),
    };
    map.on('dragstart', () => { following = false; $('follow').hidden = false; });
    $('follow').addEventListener('click', () => {
      following = true;
      $('follow').hidden = true;
      const latest = track[track.length - 1];
      map.setView([latest.lat, latest.lon], map.getZoom());
    });
  }

  // Local times, as a person reads them: "14:05:33", with the date when it is not today.
  function localTime(time) {
    const d = new Date(time);
    return (d.toDateString() === new Date().toDateString() ? '' : d.toLocaleDateString() + ' ') + clock(time, true);
  }

  // How long the share runs: "until 18:40, 2 h 10 min left" (local time), from the server's expiresAt.
  let expiresAt;  // undefined: not known yet; null: until its owner stops
  function untilText(now) {
    if (expiresAt === undefined) return '';
    if (expiresAt === null) return 'until its owner stops';
    const left = Math.max(0, Math.round((expiresAt - now) / 60000));
    const date = new Date(expiresAt).toDateString() === new Date(now).toDateString() ? '' : new Date(expiresAt).toLocaleDateString() + ' ';
    const span = left >= 1440 ? Math.floor(left / 1440) + ' d ' + Math.floor((left % 1440) / 60) + ' h'
      : left >= 60 ? Math.floor(left / 60) + ' h ' + (left % 60) + ' min' : left + ' min';
    return 'until ' + date + clock(expiresAt, false) + ', ' + span + ' left';
  }
  function learnExpiry(value) {
    if (value === undefined) return;
    const parsed = value === null ? null : Date.parse(value);
    expiresAt = parsed === null || Number.isFinite(parsed) ? parsed : undefined;
    $('until').textContent = untilText(Date.now());
  }

  function clock(time, seconds) {
    const d = new Date(time);
    const two = (n) => String(n).padStart(2, '0');
    return two(d.getHours()) + ':' + two(d.getMinutes()) + (seconds ? ':' + two(d.getSeconds()) : '');
  }

  // A mark where the clock passes a round interval, at most about eight along the track.
  function timeMarks() {
    const first = track[0].time, span = track[track.length - 1].time - first;
    const minutes = [1 / 6, 0.5, 1, 2, 5, 10, 15, 30, 60, 120, 360, 720, 1440].find((m) => span / (m * 60000) <= 8) || 2880;
    const interval = minutes * 60000;
    const marks = [];
    let bucket = null;
    for (const fix of track.slice(0, -1)) {
      const b = Math.floor(fix.time / interval);
      if (b !== bucket) { marks.push(fix); bucket = b; }
    }
    return { marks, seconds: minutes < 1 };
  }

  function drawMap() {
    if (!window.L) return;  // the map library did not load; the coordinates are still shown
    if (!map) makeMap();
    const latest = track[track.length - 1];
    const points = track.map((f) => [f.lat, f.lon]);
    // The view first: Leaflet draws layers only on a map that has one.
    if (!drawMap.viewed) {
      drawMap.viewed = true;
      map.setView([latest.lat, latest.lon], Math.min(16, map.getBoundsZoom(L.latLngBounds(points).pad(0.3))));
      if (!tiles.template) gridLabels();
    } else if (following) {
      map.panTo([latest.lat, latest.lon]);
    }
    layers.line.setLatLngs(points);
    layers.latest.setLatLng([latest.lat, latest.lon]);
    layers.latest.bindTooltip(clock(latest.time, true), { className: 'seqr-time-mark' });
    if (typeof latest.accuracy === 'number' && latest.accuracy > 0) {
      layers.accuracy.setLatLng([latest.lat, latest.lon]).setRadius(latest.accuracy).addTo(map);
    } else {
      layers.accuracy.remove();
    }
    layers.marks.clearLayers();
    const { marks, seconds } = timeMarks();
    for (const fix of marks) {
      L.circleMarker([fix.lat, fix.lon], { radius: 3, color: '#0969da', fillColor: '#fff', fillOpacity: 1, weight: 2 })
        .bindTooltip(clock(fix.time, seconds), { permanent: true, direction: 'right', className: 'seqr-time-mark' })
        .addTo(layers.marks);
    }
    layers.latest.bringToFront();  // the newest fix above its circle and the marks
  }

  function render() {
    if (track.length === 0) return;
    const latest = track[track.length - 1];
    $('position').hidden = false;
    $('lat').textContent = latest.lat.toFixed(5);
    $('lon').textContent = latest.lon.toFixed(5);
    $('accuracy').textContent = typeof latest.accuracy === 'number' ? '±' + latest.accuracy.toFixed(0) + ' m' : 'unknown';
    $('altitude').textContent = typeof latest.altitude === 'number' ? latest.altitude.toFixed(0) + ' m' : 'unknown';
    $('time').textContent = 'at ' + localTime(latest.time);
    $('age').textContent = ageText(Date.now() - latest.time);
    $('count').textContent = String(track.length);
    // Plain links: leaving for another map is the user's click, never the page's request.
    const lat = latest.lat.toFixed(6), lon = latest.lon.toFixed(6);
    $('osm').href = 'https://www.openstreetmap.org/?mlat=' + lat + '&mlon=' + lon + '#map=16/' + lat + '/' + lon;
    $('geo').href = 'geo:' + lat + ',' + lon + (typeof latest.accuracy === 'number' ? ';u=' + Math.round(latest.accuracy) : '');
    drawMap();
  }

  setInterval(() => {
    if (track.length) $('age').textContent = ageText(Date.now() - track[track.length - 1].time);
    $('until').textContent = untilText(Date.now());
  }, 1000);

  // MARK: a saved track

  if (embedded) {
    $('footer').textContent = 'A saved track, decrypted when it was saved: this file holds the positions in the clear.';
    try {
      for (const fix of JSON.parse(embedded.textContent).fixes) track.push(checkFix(fix));
    } catch (e) {
      status('This file\'s track is damaged.', 'error');
      return;
    }
    track.sort((a, b) => a.time - b.time);
    if (track.length === 0) { status('This saved track has no positions.', 'ended'); return; }
    status('Saved track · ' + track.length + ' position' + (track.length > 1 ? 's' : '') + '.', 'ok');
    render();
    return;
  }

  // MARK: a live share

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

  const match = /^#k=([^&]*)$/.exec(location.hash);
  // The key is read once, then the fragment is dropped from the address bar and history — before
  // anything can stop the page, so that no early exit leaves it there.
  const keyBytes = match ? base64urlToBytes(match[1]) : null;
  if (location.hash) history.replaceState(null, '', location.pathname);
  let shareID = '';
  try { shareID = decodeURIComponent(location.pathname.split('/').pop() || ''); } catch (e) { /* not a share id either */ }

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
  const feedURL = '/v1/location/feed/' + encodeURIComponent(shareID);

  // "Follow in People": the web app (/app/ beside /l/) keeps this share with the people followed, sealed under
  // the channel passphrase. The link goes over in the app's fragment (#follow=<link>), never to the server;
  // the app takes it and drops it from the address bar at once, as this page did (docs/web-app.md, "Link
  // fragments"). Only seqr-location-v1 shares: People opens no CryptoJS (Berry Picker) fix.
  function offerPeople() {
    if (format !== 'seqr-location-v1' || stopped) return;
    $('people-bar').hidden = false;
  }
  $('add-to-people').addEventListener('click', () => {
    const link = location.origin + location.pathname + '#k=' + match[1];
    location.assign(new URL('../app/', location.href).href + '#follow=' + encodeURIComponent(link));
  });
  const wrongLink = 'The key in this link does not fit this share (wrong link).';
  let after = 0;
  let transport = '';

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

  // Feed items ({seq, data, receivedAt}) from either transport, decrypted in arrival order.
  async function addItems(items) {
    let opened = 0;
    for (const item of items) {
      if (item.seq <= after) continue;  // a stream resumed with Last-Event-ID may repeat nothing, but never count twice
      after = item.seq;
      try { track.push(await openFix(item.data)); opened++; } catch (e) { rejected++; }
    }
    if (stopped) return;
    if (rejected > 0 && track.length === 0) {
      status('Wrong key: the key in this link does not open this share\'s positions (a mistyped link, or one from before the key was rotated).', 'error');
      return;
    }
    track.sort((a, b) => a.time - b.time);
    if (track.length > MAX_POINTS) track.splice(0, track.length - MAX_POINTS);
    if (track.length === 0) { status('Nothing shared yet; waiting for the first position…', 'pending'); return; }
    const note = rejected > 0 ? ' (' + rejected + ' altered or unreadable point' + (rejected > 1 ? 's' : '') + ' ignored)' : '';
    status('Live' + (transport === 'poll' ? ' (checked every ' + REFRESH_MS / 1000 + ' s)' : '') + ' · decrypted in this browser' + note + '.',
      rejected > 0 ? 'warn' : 'ok');
    if (opened > 0) render();
  }

  let queue = Promise.resolve();
  const enqueue = (items) => { queue = queue.then(() => addItems(items)); };

  async function poll() {
    if (stopped) return;
    let response;
    try {
      response = await fetch(feedURL + '?after=' + after, { cache: 'no-store', credentials: 'omit', referrerPolicy: 'no-referrer' });
    } catch (e) {
      connection(false);
      return;
    }
    if (response.status === 404) { status('This share does not exist: it was revoked or its key rotated, or the link is mistyped.', 'error'); return; }
    if (response.status === 410) { status('This share has expired.', 'error'); return; }
    if (!response.ok) { connection(false); status('The server answered ' + response.status + '; retrying…', 'warn'); return; }
    connection(true);
    const feed = await response.json();
    if (feed.format !== format) { status(wrongLink, 'error'); return; }
    learnExpiry(feed.expiresAt === undefined ? null : feed.expiresAt);
    offerPeople();
    enqueue(feed.fixes);
    await queue;
    if (track.length === 0 && rejected === 0 && !stopped) status('Nothing shared yet; waiting for the first position…', 'pending');
  }

  function startPolling() {
    if (stopped || poller) return;
    transport = 'poll';
    document.body.dataset.updates = 'poll';
    poll();
    poller = setInterval(poll, REFRESH_MS);
  }

  const endings = {
    revoked: 'This share was revoked by its owner; nothing more will arrive.',
    rotated: 'This share\'s key was rotated: this link no longer receives positions (ask for the new link).',
    expired: 'This share has expired; nothing more will arrive.',
  };

  // The stream: `share` first, then `fix` events (id = seq), heartbeats, and `end` before it
  // closes. If it cannot be opened at all (an older server, a proxy that buffers), poll instead.
  function startStream() {
    if (!window.EventSource) { startPolling(); return; }
    let shareSeen = false;
    source = new EventSource(feedURL + '/events');
    source.onopen = () => connection(true);
    source.addEventListener('share', (event) => {
      shareSeen = true;
      transport = 'stream';
      document.body.dataset.updates = 'stream';
      let share;
      try { share = JSON.parse(event.data); } catch (e) { share = {}; }
      if (share.format !== format) { status(wrongLink, 'error'); return; }
      learnExpiry(share.expiresAt === undefined ? null : share.expiresAt);
      offerPeople();
      if (track.length === 0) status('Nothing shared yet; waiting for the first position…', 'pending');
    });
    source.addEventListener('fix', (event) => {
      let item;
      try { item = JSON.parse(event.data); } catch (e) { rejected++; return; }
      if (typeof item.seq !== 'number' || typeof item.data !== 'string') { rejected++; return; }
      enqueue([item]);
    });
    source.addEventListener('end', (event) => {
      source.close();
      let reason = '';
      try { reason = JSON.parse(event.data).reason; } catch (e) { /* an unknown ending is still an ending */ }
      queue.then(() => status(endings[reason] || 'This share ended; nothing more will arrive.', 'ended'));
    });
    source.onerror = () => {
      if (stopped) return;
      if (!shareSeen || source.readyState === EventSource.CLOSED) {
        // Never opened, or refused on reconnecting (a 404 after a revocation): the feed says why.
        source.close();
        source = null;
        startPolling();
      } else {
        connection(false);  // EventSource retries by itself, sending Last-Event-ID
      }
    };
  }

  startStream();
})();
