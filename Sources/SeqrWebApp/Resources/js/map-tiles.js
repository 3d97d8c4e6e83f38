// Map tiles for the People map when the operator configured a tile server (seqr-server --map-tiles,
// the same one the location viewer uses): the server describes it at /app/map-tiles.json (404 without
// one), and the app's CSP lets images come from that origin only. Which tiles cover a Web Mercator
// view (x in radians of longitude, y = ln tan(π/4 + φ/2)), in the slippy-map numbering of
// {z}/{x}/{y}. The tile server learns the area viewed, never a key, a name or which share. No DOM.

const TILE_PIXELS = 256;
const MAX_ZOOM = 19;
/** Tiles drawn at most for one view: a view is a phone's width, so a handful; a bound all the same. */
const MAX_TILES = 64;

/** The tile server as /app/map-tiles.json describes it: { template, host, attribution (HTML) }, or null when the
 *  operator configured none (404) or it cannot be read — the grid is drawn then, which contacts no one. */
export async function loadMapTiles(appBase, fetchFn = globalThis.fetch) {
  let answer;
  try {
    answer = await fetchFn(new URL('map-tiles.json', appBase).href, { credentials: 'omit', cache: 'no-cache' });
  } catch {
    return null;
  }
  if (!answer.ok) return null;
  let tiles;
  try { tiles = await answer.json(); } catch { return null; }
  if (typeof tiles?.template !== 'string' || typeof tiles.host !== 'string' || !/\{z\}/.test(tiles.template)) return null;
  return { template: tiles.template, host: tiles.host, attribution: typeof tiles.attribution === 'string' ? tiles.attribution : '' };
}

/** The zoom whose 256-pixel tiles come closest to `scale` (view units per radian). */
export function tileZoom(scale) {
  const zoom = Math.round(Math.log2((2 * Math.PI * scale) / TILE_PIXELS));
  return Math.max(0, Math.min(MAX_ZOOM, Number.isFinite(zoom) ? zoom : 0));
}

/**
 * The tiles covering a view of `width`×`height` units centred on (cx, cy) (Web Mercator radians) at `scale`
 * units per radian: [{ z, x, y, left, top, size }] with left/top/size in view units; x wraps around the
 * world, rows beyond the poles are left out.
 */
export function tilesCovering({ cx, cy, scale, width, height }) {
  const z = tileZoom(scale);
  const count = 2 ** z;
  const size = (2 * Math.PI * scale) / count;  // one tile, in view units
  const column = (x) => ((x + Math.PI) / (2 * Math.PI)) * count;
  const row = (y) => ((Math.PI - y) / (2 * Math.PI)) * count;
  const west = cx - width / 2 / scale, east = cx + width / 2 / scale;
  const north = cy + height / 2 / scale, south = cy - height / 2 / scale;
  const tiles = [];
  // A tile whose edge only touches the view's edge is not drawn (ceil − 1).
  for (let ty = Math.max(0, Math.floor(row(north))); ty <= Math.min(count - 1, Math.ceil(row(south)) - 1); ty++) {
    for (let tx = Math.floor(column(west)); tx <= Math.ceil(column(east)) - 1; tx++) {
      if (tiles.length >= MAX_TILES) return tiles;
      const left = width / 2 + ((tx / count) * 2 * Math.PI - Math.PI - cx) * scale;
      const top = height / 2 - (Math.PI - (ty / count) * 2 * Math.PI - cy) * scale;
      tiles.push({ z, x: ((tx % count) + count) % count, y: ty, left, top, size });
    }
  }
  return tiles;
}

/** A tile's address from the template ({z}, {x}, {y}; {r}, a retina suffix, left empty). */
export function tileURL(template, { z, x, y }) {
  return template.replaceAll('{z}', String(z)).replaceAll('{x}', String(x)).replaceAll('{y}', String(y)).replaceAll('{r}', '');
}
