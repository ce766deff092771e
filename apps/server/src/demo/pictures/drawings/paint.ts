// The shared vocabulary of the drawings: a product colour turned into shades, and the gradients every picture defines.

/** The product's colour and its shades, as #rrggbb. */
export interface Paint {
  base: string;
  light: string;
  shade: string;
  deep: string;
}

/** Draws one object centred on (0, 0), about 300 units across, resting on y = 130. */
export type Drawing = (paint: Paint) => string;

type Rgb = [number, number, number];

function parseHex(hex: string): Rgb {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function toHex(rgb: Rgb): string {
  return `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

/** `hex` moved `amount` (0..1) of the way to `target`. */
export function mix(hex: string, target: string, amount: number): string {
  const a = parseHex(hex);
  const b = parseHex(target);
  return toHex([0, 1, 2].map((i) => (a[i] ?? 0) + ((b[i] ?? 0) - (a[i] ?? 0)) * amount) as Rgb);
}

/** Whether a colour is so pale that it needs a darker backdrop to stand out. */
export function isPale(hex: string): boolean {
  return parseHex(hex).reduce((sum, c) => sum + c, 0) > 640;
}

export function paintOf(base: string): Paint {
  const dark = parseHex(base).reduce((sum, c) => sum + c, 0) < 120;
  return {
    base,
    // Black has no lighter shade of itself: its highlights are greys.
    light: mix(base, '#ffffff', dark ? 0.3 : 0.38),
    shade: mix(base, '#000000', 0.3),
    deep: mix(base, '#000000', 0.55),
  };
}

const stops = (colors: readonly string[]) =>
  colors.map((c, i) => `<stop offset="${(i / (colors.length - 1)).toFixed(2)}" stop-color="${c}"/>`).join('');

const vertical = (id: string, colors: readonly string[]) =>
  `<linearGradient id="${id}" x2="0" y2="1">${stops(colors)}</linearGradient>`;
const horizontal = (id: string, colors: readonly string[]) =>
  `<linearGradient id="${id}">${stops(colors)}</linearGradient>`;

/**
 * The gradients drawings fill with: m (the product colour, lit from above), c (the product colour as a
 * cylinder), s (steel), g (gold), k (black plastic), w (wood), sc (a lit screen), gl (glass), and the blur b.
 */
export function paintDefs(p: Paint): string {
  return [
    vertical('m', [p.light, p.base, p.shade]),
    horizontal('c', [p.shade, p.light, p.base, p.deep]),
    horizontal('s', ['#80868f', '#f3f5f7', '#b9bfc7', '#6e747d']),
    horizontal('g', ['#a8741a', '#fbe6a0', '#d9a93c', '#8c5d12']),
    vertical('k', ['#4b505a', '#1c1e23']),
    vertical('w', ['#d4a06a', '#9a6534']),
    `<linearGradient id="sc" x2="1" y2="1">${stops(['#3b5bdb', '#8e5cf0', '#f06595'])}</linearGradient>`,
    '<linearGradient id="gl"><stop offset="0" stop-color="#fff" stop-opacity=".7"/><stop offset=".45" stop-color="#fff" stop-opacity=".2"/><stop offset="1" stop-color="#c8d3dc" stop-opacity=".6"/></linearGradient>',
    '<filter id="b" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="9"/></filter>',
  ].join('');
}

/** A white highlight: what makes a flat shape read as glossy. */
export const shine = (d: string, opacity = 0.35) => `<path d="${d}" fill="#fff" opacity="${opacity}"/>`;
