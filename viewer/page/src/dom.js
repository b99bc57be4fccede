// The page's DOM helpers: the element lookup, the status line under the picture, and el(), the one
// way the modules make elements. el() sets textContent, never markup, so a name from the model
// stays text; number and byte formats for the tables live here too.

export const body = document.body;
export const $ = (id) => document.getElementById(id);

export function status(text) {
  $('status').textContent = text;
}

export function el(tag, text, cls) {
  const e = document.createElement(tag);
  if (text !== undefined) e.textContent = String(text);
  if (cls) e.className = cls;
  return e;
}
export function options(select, items) {
  select.replaceChildren(...items.map(([value, text]) => { const o = el('option', text); o.value = String(value); return o; }));
}
export const fmt = (x) => (typeof x === 'number' ? (Number.isInteger(x) ? String(x) : x.toFixed(4).replace(/0+$/, '').replace(/\.$/, '')) : String(x));
export const bytes = (n) => (n >= 1048576 ? (n / 1048576).toFixed(2) + ' MiB' : n >= 1024 ? (n / 1024).toFixed(1) + ' KiB' : n + ' B');
