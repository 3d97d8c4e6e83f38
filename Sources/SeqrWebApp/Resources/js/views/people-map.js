// One map of everyone followed, drawn here as SVG: the operator's map tiles when seqr-server has
// --map-tiles (images from that origin only, as the CSP allows), otherwise a degree grid (as the
// location viewer draws without tiles, contacting no server at all); fitted to every last position,
// a marker per person (a colour, the name, the last fix's accuracy circle and a short trail).
// Names go in as text nodes (h()), never markup. A name stays wholly on the map: right of its marker
// in the map's west half, left of it in the east half, and moved in (fitLabels) when still too long.
import { h } from '../dom.js';
import { tilesCovering, tileURL } from '../map-tiles.js';

const WIDTH = 360, HEIGHT = 240, PAD = 28;
/** How far a name stands from its marker's centre, and from the map's edge at the least. */
const LABEL_GAP = 10, EDGE = 2;
// The longitudes' labels stand on y = 10 along the top; a latitude's label (its baseline) goes no higher than this.
const LATITUDE_LABELS_FROM = 24;
export const COLOURS = ['#0f766e', '#b45309', '#7c3aed', '#be123c', '#1d4ed8', '#4d7c0f', '#a21caf', '#0e7490'];
const EARTH = 6_378_137;

const mercatorY = (lat) => Math.log(Math.tan(Math.PI / 4 + (Math.max(-85, Math.min(85, lat)) * Math.PI) / 360));
const latOf = (y) => (Math.atan(Math.exp(y)) - Math.PI / 4) * 360 / Math.PI;

function niceStep(span) {
  const raw = span / 4, power = 10 ** Math.floor(Math.log10(raw));
  for (const m of [1, 2, 5, 10]) if (m * power >= raw) return m * power;
  return 10 * power;
}

const svg = (tag, props, ...children) => h(`svg:${tag}`, props, ...children);

/** The name beside a marker at (x, y): on the side with more room (the east half's to the left, anchored at its end),
 *  since the SVG clips whatever crosses its edge ("Ana" near the east edge showed as "An"). */
function markerName(name, x, y) {
  const left = x > WIDTH / 2;
  return svg('text', { x: (left ? x - LABEL_GAP : x + LABEL_GAP).toFixed(1), y: (y + 4).toFixed(1), 'text-anchor': left ? 'end' : 'start',
    class: 'marker-name' }, name);
}

/** Moves each name in `map` (peopleMap's SVG, once in the page: text is measured) wholly inside the map when its side
 *  was still too short for it (a long name), and squeezes one wider than the whole map to the map's width. */
export function fitLabels(map) {
  for (const label of map.querySelectorAll('.marker-name')) {
    let box;
    try { box = label.getBBox(); } catch { continue; }  // not rendered (a hidden view): nothing to measure
    if (box.width === 0) continue;
    const room = WIDTH - 2 * EDGE;
    if (box.width > room) {
      label.setAttribute('textLength', room.toFixed(1));
      label.setAttribute('lengthAdjust', 'spacingAndGlyphs');
      box = label.getBBox();
    }
    const shift = box.x < EDGE ? EDGE - box.x : box.x + box.width > WIDTH - EDGE ? WIDTH - EDGE - (box.x + box.width) : 0;
    if (shift !== 0) label.setAttribute('x', (Number(label.getAttribute('x')) + shift).toFixed(1));
  }
}

/** The map's SVG for `people` (with a `last` position each, or none: an empty grid); `colourOf(person)` picks the
 *  colour; `tiles` (loadMapTiles' answer) draws the tile server's map under the markers instead of the grid. */
export function peopleMap(people, colourOf, tiles = null) {
  const seen = people.filter((p) => p.last);
  const points = seen.flatMap((p) => [[p.last.lat, p.last.lon], ...(p.trail ?? [])]);
  let west = Math.min(...points.map((q) => q[1])), east = Math.max(...points.map((q) => q[1]));
  let south = Math.min(...points.map((q) => q[0])), north = Math.max(...points.map((q) => q[0]));
  if (points.length === 0) [west, east, south, north] = [-180, 180, -60, 75];
  // At least about 500 m across, so one person is not drawn at an absurd zoom.
  const minSpan = 0.005;
  if (east - west < minSpan) { const c = (east + west) / 2; west = c - minSpan / 2; east = c + minSpan / 2; }
  if (north - south < minSpan) { const c = (north + south) / 2; south = c - minSpan / 2; north = c + minSpan / 2; }
  const x0 = (west * Math.PI) / 180, x1 = (east * Math.PI) / 180, y0 = mercatorY(south), y1 = mercatorY(north);
  const scale = Math.min((WIDTH - 2 * PAD) / (x1 - x0), (HEIGHT - 2 * PAD) / (y1 - y0));
  const cx = (x0 + x1) / 2, cy = (y0 + y1) / 2;
  const project = (lat, lon) => [WIDTH / 2 + ((lon * Math.PI) / 180 - cx) * scale, HEIGHT / 2 - (mercatorY(lat) - cy) * scale];
  // The visible box in degrees, for the grid.
  const visWest = ((cx - WIDTH / 2 / scale) * 180) / Math.PI, visEast = ((cx + WIDTH / 2 / scale) * 180) / Math.PI;
  const visSouth = latOf(cy - HEIGHT / 2 / scale), visNorth = latOf(cy + HEIGHT / 2 / scale);
  const step = niceStep(Math.max(visEast - visWest, 1e-6));
  const decimals = Math.max(0, -Math.floor(Math.log10(step)));
  const grid = [];
  if (tiles) {
    for (const tile of tilesCovering({ cx, cy, scale, width: WIDTH, height: HEIGHT })) {
      grid.push(svg('image', { href: tileURL(tiles.template, tile), x: tile.left.toFixed(2), y: tile.top.toFixed(2),
        width: tile.size.toFixed(2), height: tile.size.toFixed(2), class: 'map-tile', preserveAspectRatio: 'none' }));
    }
  }
  // The grid only without tiles: the tiles carry their own map.
  for (let lon = Math.ceil(visWest / step) * step; !tiles && lon <= visEast; lon += step) {
    const [x] = project(0, lon);
    grid.push(svg('line', { x1: x, y1: 0, x2: x, y2: HEIGHT, class: 'grid-line' }),
      svg('text', { x: x + 2, y: 10, class: 'grid-label' }, `${lon.toFixed(decimals)}°`));
  }
  for (let lat = Math.ceil(visSouth / step) * step; !tiles && lat <= visNorth; lat += step) {
    const [, y] = project(lat, 0);
    // A latitude's label sits above its line, on the left: not in the top band, where the longitudes' labels are.
    grid.push(svg('line', { x1: 0, y1: y, x2: WIDTH, y2: y, class: 'grid-line' }),
      y - 2 >= LATITUDE_LABELS_FROM ? svg('text', { x: 2, y: y - 2, class: 'grid-label' }, `${lat.toFixed(decimals)}°`) : null);
  }
  const markers = seen.map((person) => {
    const colour = colourOf(person);
    const [x, y] = project(person.last.lat, person.last.lon);
    const metresPerPixel = (EARTH * Math.cos((person.last.lat * Math.PI) / 180)) / scale;
    const radius = person.last.accuracy ? Math.min(person.last.accuracy / metresPerPixel, WIDTH) : 0;
    const trail = (person.trail ?? []).map(([lat, lon]) => project(lat, lon).map((v) => v.toFixed(1)).join(',')).join(' ');
    return svg('g', { class: `person-marker${person.ended ? ' ended' : ''}`, 'data-share': person.shareID },
      svg('title', {}, `${person.name}: ${person.last.lat.toFixed(5)}, ${person.last.lon.toFixed(5)}`),
      radius > 2 ? svg('circle', { cx: x, cy: y, r: radius.toFixed(1), fill: colour, class: 'accuracy' }) : null,
      trail ? svg('polyline', { points: trail, stroke: colour, class: 'trail' }) : null,
      svg('circle', { cx: x, cy: y, r: 7, fill: colour, class: 'dot' }),
      markerName(person.name, x, y));
  });
  return svg('svg', { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, class: 'people-map', role: 'img',
    'aria-label': seen.length ? `Map of ${seen.length} ${seen.length === 1 ? 'person' : 'people'}` : 'Map: no position yet' },
  svg('rect', { x: 0, y: 0, width: WIDTH, height: HEIGHT, class: 'map-ground' }), ...grid, ...markers);
}
