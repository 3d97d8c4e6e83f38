// Building the page: elements from tag, properties and children. Text always goes in as text
// nodes (textContent), never as HTML, so a note, a server message or a link cannot add markup.

/**
 * h('button', { type: 'button', class: 'primary', onclick: fn, 'aria-label': '…' }, 'Save')
 * Properties starting with "on" become listeners; class, for, aria-*, data-* and other dashed or
 * SVG names become attributes; the rest are set as properties (value, hidden, disabled, …).
 */
export function h(tag, props = {}, ...children) {
  const svg = tag.startsWith('svg:');
  const el = svg ? document.createElementNS('http://www.w3.org/2000/svg', tag.slice(4)) : document.createElement(tag);
  for (const [name, value] of Object.entries(props ?? {})) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith('on') && typeof value === 'function') el.addEventListener(name.slice(2), value);
    else if (svg || name === 'class' || name === 'for' || name === 'role' || name.includes('-')) el.setAttribute(name, value === true ? '' : String(value));
    else el[name] = value;
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** Replaces everything inside `el` by `children`. */
export function replace(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

let fieldCounter = 0;
/** A labelled field: { wrapper, input }. Every input has a <label>; `hint` is tied by aria-describedby.
 *  A password field gets a "Show"/"Hide" button beside it (pressed: the text is shown). */
export function field(label, inputProps = {}, { tag = 'input', hint = null } = {}) {
  const id = inputProps.id ?? `field-${++fieldCounter}`;
  const hintEl = hint ? h('p', { class: 'hint', id: `${id}-hint` }, hint) : null;
  const input = h(tag, { ...inputProps, id, 'aria-describedby': hintEl ? hintEl.id : null });
  const control = inputProps.type === 'password' ? h('div', { class: 'password-row' }, input, revealButton(input)) : input;
  return { wrapper: h('div', { class: 'field' }, h('label', { for: id }, label), control, hintEl), input, hint: hintEl };
}

function revealButton(input) {
  const button = h('button', { type: 'button', class: 'reveal', 'aria-pressed': 'false', 'aria-controls': input.id, onclick: () => {
    const show = input.type === 'password';
    input.type = show ? 'text' : 'password';
    button.setAttribute('aria-pressed', String(show));
    button.textContent = show ? 'Hide' : 'Show';
  } }, 'Show');
  return button;
}

/** A message region that screen readers announce; `kind`: error, info or ok. */
export function message(kind, text) {
  return h('p', { class: `message ${kind}`, role: kind === 'error' ? 'alert' : 'status' }, text);
}

export function clock(date) {
  return new Date(date).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', hour12: false });
}

export function ageText(ms) {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s} s ago`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${s % 60} s ago`;
  return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min ago`;
}
