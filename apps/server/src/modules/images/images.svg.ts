// Placeholder art drawn from the URL alone, so images need no storage, no network and never change.

const FONT = 'system-ui, sans-serif';
const INK = '#1f2430';

interface Palette {
  body: string;
  shade: string;
  light: string;
  detail: string;
  accent: string;
}

/** Draws an object centred on (0, 0), about 260 units across. */
type Illustration = (palette: Palette) => string;

const ILLUSTRATIONS = {
  phone: (p) => `
    <rect x="-72" y="-132" width="144" height="264" rx="28" fill="${p.shade}"/>
    <rect x="-62" y="-120" width="124" height="240" rx="20" fill="${p.light}"/>
    <path d="M-62 40 L62 -60 V-100 A20 20 0 0 0 42 -120 H10 L-62 -40 Z" fill="#fff" opacity="0.22"/>
    <rect x="-22" y="-113" width="44" height="10" rx="5" fill="${p.shade}"/>`,
  laptop: (p) => `
    <rect x="-122" y="-104" width="244" height="158" rx="12" fill="${p.shade}"/>
    <rect x="-110" y="-92" width="220" height="134" rx="4" fill="${p.light}"/>
    <path d="M-110 10 L-20 -92 H40 L-70 42 H-110 Z" fill="#fff" opacity="0.2"/>
    <path d="M-150 56 H150 L136 80 Q134 84 128 84 H-128 Q-134 84 -136 80 Z" fill="${p.body}"/>
    <rect x="-30" y="56" width="60" height="7" rx="3" fill="${p.shade}"/>`,
  headphones: (p) => `
    <path d="M-96 36 V-4 A96 96 0 0 1 96 -4 V36" fill="none" stroke="${p.shade}" stroke-width="18" stroke-linecap="round"/>
    <rect x="-128" y="-4" width="60" height="112" rx="28" fill="${p.body}"/>
    <rect x="68" y="-4" width="60" height="112" rx="28" fill="${p.body}"/>
    <rect x="-110" y="12" width="26" height="80" rx="13" fill="${p.light}"/>
    <rect x="84" y="12" width="26" height="80" rx="13" fill="${p.light}"/>`,
  watch: (p) => `
    <rect x="-40" y="-138" width="80" height="276" rx="20" fill="${p.shade}"/>
    <rect x="74" y="-14" width="16" height="28" rx="5" fill="${p.body}"/>
    <circle r="80" fill="${p.body}"/>
    <circle r="66" fill="${p.detail}"/>
    <path d="M0 0 V-46 M0 0 L34 14" stroke="${INK}" stroke-width="7" stroke-linecap="round"/>
    <circle r="7" fill="${p.accent}"/>`,
  camera: (p) => `
    <rect x="-64" y="-96" width="78" height="40" rx="10" fill="${p.shade}"/>
    <rect x="-138" y="-72" width="276" height="168" rx="24" fill="${p.body}"/>
    <rect x="84" y="-56" width="34" height="18" rx="5" fill="${p.detail}"/>
    <circle cy="14" r="66" fill="${p.shade}"/>
    <circle cy="14" r="48" fill="${p.light}"/>
    <circle cy="14" r="26" fill="${INK}"/>
    <circle cx="-12" cy="2" r="9" fill="#fff" opacity="0.7"/>`,
  bag: (p) => `
    <path d="M-58 -36 V-64 A58 58 0 0 1 58 -64 V-36" fill="none" stroke="${p.shade}" stroke-width="16"/>
    <path d="M-112 -40 H112 Q122 -40 124 -30 L136 112 Q137 126 124 126 H-124 Q-137 126 -136 112 L-124 -30 Q-122 -40 -112 -40 Z" fill="${p.body}"/>
    <path d="M-114 -40 H114 L108 16 Q0 56 -108 16 Z" fill="${p.shade}"/>
    <rect x="-14" y="20" width="28" height="24" rx="6" fill="${p.accent}"/>`,
  bottle: (p) => `
    <rect x="-26" y="-138" width="52" height="40" rx="8" fill="${p.shade}"/>
    <path d="M-20 -100 H20 V-76 C20 -58 64 -54 64 -12 V108 Q64 130 42 130 H-42 Q-64 130 -64 108 V-12 C-64 -54 -20 -58 -20 -76 Z" fill="${p.body}"/>
    <rect x="-64" y="4" width="128" height="78" fill="${p.detail}"/>
    <rect x="-40" y="26" width="80" height="10" rx="5" fill="${p.accent}"/>
    <rect x="-28" y="48" width="56" height="8" rx="4" fill="${p.light}"/>
    <path d="M-44 -20 V100" stroke="#fff" stroke-width="10" stroke-linecap="round" opacity="0.25"/>`,
  box: (p) => `
    <rect x="-114" y="-40" width="228" height="164" rx="10" fill="${p.body}"/>
    <rect x="-130" y="-82" width="260" height="52" rx="10" fill="${p.shade}"/>
    <rect x="-17" y="-82" width="34" height="206" fill="${p.accent}"/>
    <path d="M0 -82 C-30 -136 -92 -118 -50 -82 Z M0 -82 C30 -136 92 -118 50 -82 Z" fill="${p.accent}"/>`,
  shoe: (p) => `
    <path d="M-136 64 V0 C-136 -30 -118 -50 -92 -50 C-80 -50 -74 -36 -60 -36 C-44 -36 -36 -58 -22 -58 C-6 -58 4 -30 30 -16 L96 16 C126 28 142 42 142 64 Z" fill="${p.body}"/>
    <path d="M-9 -47 L-23 -30 M4 -37 L-10 -20 M17 -26 L3 -9" stroke="${p.detail}" stroke-width="7" stroke-linecap="round"/>
    <path d="M-136 20 C-90 30 -40 34 10 28" fill="none" stroke="${p.shade}" stroke-width="8" opacity="0.6"/>
    <rect x="-146" y="58" width="296" height="30" rx="15" fill="${p.detail}"/>
    <rect x="-146" y="78" width="296" height="10" rx="5" fill="${p.shade}" opacity="0.35"/>`,
  book: (p) => `
    <rect x="-82" y="-116" width="186" height="236" rx="8" fill="${p.detail}"/>
    <rect x="-96" y="-124" width="184" height="240" rx="8" fill="${p.body}"/>
    <rect x="-96" y="-124" width="28" height="240" rx="6" fill="${p.shade}"/>
    <rect x="-44" y="-76" width="104" height="14" rx="7" fill="${p.detail}"/>
    <rect x="-44" y="-50" width="72" height="10" rx="5" fill="${p.light}"/>
    <circle cx="8" cy="40" r="30" fill="${p.accent}" opacity="0.85"/>`,
  ball: (p) => `
    <circle r="118" fill="${p.body}"/>
    <path d="M-118 0 H118 M0 -118 C-64 -60 -64 60 0 118 M0 -118 C64 -60 64 60 0 118" fill="none" stroke="${p.detail}" stroke-width="8"/>
    <circle cx="-44" cy="-48" r="30" fill="#fff" opacity="0.18"/>`,
  ring: (p) => `
    <circle cy="36" r="86" fill="none" stroke="${p.body}" stroke-width="22"/>
    <circle cy="36" r="86" fill="none" stroke="#fff" stroke-width="4" opacity="0.35"/>
    <path d="M-48 -86 L-28 -118 H28 L48 -86 L0 -34 Z" fill="${p.detail}" stroke="${p.light}" stroke-width="4"/>
    <path d="M-48 -86 H48 M-28 -118 L-14 -86 L0 -34 L14 -86 L28 -118" fill="none" stroke="${p.light}" stroke-width="3"/>`,
  shirt: (p) => `
    <path d="M-50 -118 L-132 -78 L-104 -8 L-76 -22 V124 H76 V-22 L104 -8 L132 -78 L50 -118 C38 -90 -38 -90 -50 -118 Z" fill="${p.body}"/>
    <path d="M-50 -118 C-38 -90 38 -90 50 -118" fill="none" stroke="${p.shade}" stroke-width="10"/>
    <path d="M-104 -8 L-76 -22 M104 -8 L76 -22" stroke="${p.shade}" stroke-width="6"/>
    <rect x="24" y="-40" width="34" height="30" rx="4" fill="${p.shade}" opacity="0.5"/>`,
  mug: (p) => `
    <path d="M-40 -96 C-56 -116 -24 -126 -40 -148 M10 -96 C-6 -116 26 -126 10 -148" fill="none" stroke="#fff" stroke-width="8" stroke-linecap="round" opacity="0.7"/>
    <path d="M70 -40 H92 C132 -40 132 56 92 56 H70" fill="none" stroke="${p.shade}" stroke-width="20"/>
    <rect x="-100" y="-78" width="180" height="196" rx="20" fill="${p.body}"/>
    <rect x="-100" y="-78" width="180" height="26" rx="13" fill="${p.shade}"/>
    <circle cx="-10" cy="26" r="34" fill="${p.detail}" opacity="0.9"/>`,
  chair: (p) => `
    <rect x="-98" y="-122" width="196" height="148" rx="34" fill="${p.body}"/>
    <rect x="-112" y="100" width="16" height="36" rx="4" fill="${INK}"/>
    <rect x="96" y="100" width="16" height="36" rx="4" fill="${INK}"/>
    <rect x="-92" y="8" width="184" height="76" rx="18" fill="${p.light}"/>
    <rect x="-136" y="-22" width="54" height="126" rx="22" fill="${p.shade}"/>
    <rect x="82" y="-22" width="54" height="126" rx="22" fill="${p.shade}"/>`,
  fruit: (p) => `
    <path d="M0 -62 C-40 -98 -122 -84 -122 0 C-122 82 -62 132 -26 116 C-10 109 10 109 26 116 C62 132 122 82 122 0 C122 -84 40 -98 0 -62 Z" fill="${p.body}"/>
    <path d="M0 -62 C0 -92 8 -112 22 -124" fill="none" stroke="${INK}" stroke-width="10" stroke-linecap="round"/>
    <path d="M12 -96 C40 -134 84 -126 90 -112 C64 -84 32 -84 12 -96 Z" fill="${p.accent}"/>
    <ellipse cx="-62" cy="-14" rx="16" ry="30" fill="#fff" opacity="0.25"/>`,
  blocks: (p) => `
    <rect x="-126" y="10" width="116" height="116" rx="16" fill="${p.body}"/>
    <rect x="10" y="10" width="116" height="116" rx="16" fill="${p.accent}"/>
    <rect x="-58" y="-116" width="116" height="116" rx="16" fill="${p.light}"/>
    <circle cx="-68" cy="68" r="26" fill="${p.detail}"/>
    <path d="M44 92 L68 40 L92 92 Z" fill="${p.detail}"/>
    <rect x="-24" y="-82" width="48" height="48" rx="6" fill="${p.detail}"/>`,
} satisfies Record<string, Illustration>;

type IllustrationName = keyof typeof ILLUSTRATIONS;

// Words that name what a product or category is; anything else gets a neutral shape.
const WORDS_BY_ILLUSTRATION: Record<IllustrationName, readonly string[]> = {
  phone: ['phone', 'smartphone', 'tablet'],
  laptop: ['laptop', 'notebook', 'ultrabook', 'chromebook', 'monitor'],
  headphones: ['headphone', 'earbud', 'earphone', 'headset', 'speaker', 'soundbar'],
  watch: ['watch', 'smartwatch', 'tracker'],
  camera: ['camera', 'lens', 'drone', 'camcorder'],
  bag: ['bag', 'backpack', 'tote', 'handbag', 'wallet', 'duffel', 'suitcase'],
  bottle: [
    'bottle',
    'serum',
    'perfume',
    'lotion',
    'shampoo',
    'cleanser',
    'moisturizer',
    'oil',
    'cream',
    'beauty',
  ],
  shoe: ['shoe', 'sneaker', 'boot', 'sandal', 'loafer', 'trainer', 'runner'],
  book: ['book', 'novel', 'cookbook', 'guide', 'journal', 'atlas', 'biography'],
  ball: ['ball', 'football', 'basketball', 'sport', 'racket', 'dumbbell', 'mat', 'rope'],
  ring: ['ring', 'necklace', 'earring', 'bracelet', 'pendant', 'anklet', 'jewelry'],
  shirt: ['shirt', 'jacket', 'hoodie', 'dress', 'sweater', 'tee', 'scarf', 'fashion'],
  mug: ['mug', 'kettle', 'teapot', 'pan', 'blender', 'toaster', 'fryer', 'kitchen', 'coffee', 'tea'],
  chair: ['chair', 'armchair', 'sofa', 'stool', 'desk', 'table', 'bookshelf', 'furniture'],
  fruit: ['fruit', 'apple', 'honey', 'granola', 'chocolate', 'rice', 'bean', 'grocery', 'groceries'],
  blocks: ['toy', 'block', 'puzzle', 'game', 'robot', 'bear', 'car', 'kite'],
  box: ['gift', 'box', 'kit'],
};

const ILLUSTRATION_BY_WORD = new Map<string, IllustrationName>(
  (Object.keys(WORDS_BY_ILLUSTRATION) as IllustrationName[]).flatMap((name) =>
    WORDS_BY_ILLUSTRATION[name].map((word) => [word, name] as const),
  ),
);

const FALLBACK_ILLUSTRATIONS: readonly IllustrationName[] = ['box', 'ball', 'bag', 'bottle'];

/** FNV-1a: a tiny, stable string hash. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

// Slugs lose case; these words read better restored than capitalised ("30 ml", "Mark II", "Glow in the Dark").
const LOWERCASE_WORDS = new Set(['ml', 'g', 'kg', 'mm', 'cm', 'of', 'in', 'the', 'and', 'with', 'for']);
const UPPERCASE_WORDS = new Set(['l', 'ii', 'iii', 'sim']);

function titleFromSlug(slug: string): string {
  return slug
    .split('-')
    .filter(Boolean)
    .map((word, i) => {
      if (/\d/.test(word) || UPPERCASE_WORDS.has(word)) return word.toUpperCase();
      if (i > 0 && LOWERCASE_WORDS.has(word)) return word;
      return word.charAt(0).toUpperCase() + word.slice(1);
    })
    .join(' ');
}

/** Greedy word wrap; an overflowing last line ends with an ellipsis. */
function wrapText(text: string, maxChars: number, maxLines: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = current ? `${current} ${word}` : word;
    if (candidate.length <= maxChars || !current) {
      current = candidate;
      continue;
    }
    lines.push(current);
    current = word;
  }
  if (current) lines.push(current);
  if (lines.length <= maxLines) return lines.map((line) => clip(line, maxChars));
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = clip(`${kept[maxLines - 1] ?? ''}…`, maxChars);
  return kept;
}

function clip(line: string, maxChars: number): string {
  return line.length <= maxChars ? line : `${line.slice(0, maxChars - 1).trimEnd()}…`;
}

/** The object a slug names, read from its last recognised word (English puts the noun last). */
function illustrationFor(slug: string): IllustrationName {
  const words = slug.split('-').reverse();
  for (const word of words) {
    const found =
      ILLUSTRATION_BY_WORD.get(word) ??
      ILLUSTRATION_BY_WORD.get(word.replace(/s$/, '')) ??
      ILLUSTRATION_BY_WORD.get(word.replace(/es$/, ''));
    if (found) return found;
  }
  return FALLBACK_ILLUSTRATIONS[hash(slug) % FALLBACK_ILLUSTRATIONS.length] ?? 'box';
}

function paletteFor(hue: number): Palette {
  return {
    body: `hsl(${hue}, 48%, 42%)`,
    shade: `hsl(${hue}, 42%, 28%)`,
    light: `hsl(${hue}, 60%, 70%)`,
    detail: `hsl(${hue}, 40%, 95%)`,
    accent: `hsl(${(hue + 160) % 360}, 72%, 58%)`,
  };
}

/** A two-stop linear gradient at `angle` degrees, as an SVG <linearGradient>. */
function gradient(id: string, angle: number, from: string, to: string): string {
  const radians = (angle * Math.PI) / 180;
  const dx = Math.cos(radians) / 2;
  const dy = Math.sin(radians) / 2;
  const point = (value: number) => value.toFixed(3);
  return `<linearGradient id="${id}" x1="${point(0.5 - dx)}" y1="${point(0.5 - dy)}" x2="${point(0.5 + dx)}" y2="${point(0.5 + dy)}">
    <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`;
}

function illustration(name: IllustrationName, palette: Palette, transform: string): string {
  return `<g transform="${transform}">${ILLUSTRATIONS[name](palette)}</g>`;
}

function textLines(
  lines: string[],
  x: number,
  firstY: number,
  lineHeight: number,
  attributes: string,
): string {
  return lines
    .map(
      (line, i) =>
        `<text x="${x}" y="${firstY + i * lineHeight}" ${attributes} font-family="${FONT}">${escapeXml(line)}</text>`,
    )
    .join('');
}

function svg(width: number, height: number, label: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(label)}">${body}</svg>`;
}

/** A 600×600 product "photo": the object on a soft studio backdrop with the product name beneath. */
export function renderProductImage(slug: string, variant: number): string {
  const name = titleFromSlug(slug);
  const seed = hash(`${slug}/${variant}`);
  const baseHue = hash(slug) % 360;
  // Variant 1 is the straight-on main image; the others turn, shift and recolour the scene.
  const first = variant === 1;
  const hue = (baseHue + (variant - 1) * 47) % 360;
  const angle = first ? 135 : (seed % 8) * 45;
  const rotation = first ? 0 : (seed % 29) - 14;
  const scale = first ? 1 : 0.82 + ((seed >>> 5) % 30) / 100;
  const shiftX = first ? 0 : ((seed >>> 9) % 81) - 40;
  const palette = paletteFor((baseHue + 200) % 360);
  const orbX = 300 + (first ? 0 : ((seed >>> 13) % 161) - 80);
  const captionLines = wrapText(name, 28, 2);
  const captionY = captionLines.length === 1 ? 545 : 528;

  return svg(
    600,
    600,
    name,
    `<defs>${gradient('bg', angle, `hsl(${hue}, 70%, 93%)`, `hsl(${(hue + 35) % 360}, 62%, 78%)`)}</defs>
  <rect width="600" height="600" fill="url(#bg)"/>
  <circle cx="${orbX}" cy="240" r="196" fill="#fff" opacity="0.38"/>
  <circle cx="${first ? 96 : 520}" cy="${first ? 88 : 110}" r="42" fill="#fff" opacity="0.25"/>
  <ellipse cx="${300 + shiftX}" cy="408" rx="${Math.round(150 * scale)}" ry="16" fill="${INK}" opacity="0.13"/>
  ${illustration(illustrationFor(slug), palette, `translate(${300 + shiftX} 248) rotate(${rotation}) scale(${scale.toFixed(2)})`)}
  <rect y="470" width="600" height="130" fill="#fff" opacity="0.82"/>
  ${textLines(captionLines, 300, captionY, 38, `text-anchor="middle" font-size="30" font-weight="600" fill="${INK}"`)}`,
  );
}

/** 400×400 card art: the category's object with its name on a label. */
export function renderCategoryImage(slug: string): string {
  const name = titleFromSlug(slug);
  const hue = hash(slug) % 360;
  const palette = paletteFor((hue + 190) % 360);
  const labelLines = wrapText(name, 18, 2);
  return svg(
    400,
    400,
    name,
    `<defs>${gradient('bg', 120, `hsl(${hue}, 72%, 88%)`, `hsl(${(hue + 40) % 360}, 66%, 70%)`)}</defs>
  <rect width="400" height="400" fill="url(#bg)"/>
  <circle cx="200" cy="160" r="128" fill="#fff" opacity="0.45"/>
  ${illustration(illustrationFor(slug), palette, 'translate(200 160) scale(0.72)')}
  <rect x="40" y="${labelLines.length === 1 ? 300 : 284}" width="320" height="${labelLines.length === 1 ? 64 : 96}" rx="32" fill="${INK}" opacity="0.86"/>
  ${textLines(labelLines, 200, labelLines.length === 1 ? 343 : 324, 38, 'text-anchor="middle" font-size="30" font-weight="700" fill="#fff"')}`,
  );
}

interface BannerTheme {
  tag: string;
  heading: string;
  subheading: string;
  hue: number;
  items: [IllustrationName, IllustrationName, IllustrationName];
}

const BANNERS: readonly [BannerTheme, ...BannerTheme[]] = [
  {
    tag: 'Limited time',
    heading: 'Mega Sale — up to 50% off',
    subheading: 'Phones, laptops, headphones and more',
    hue: 350,
    items: ['laptop', 'phone', 'headphones'],
  },
  {
    tag: 'Just in',
    heading: 'New arrivals every day',
    subheading: 'Fresh picks from the brands you love',
    hue: 200,
    items: ['shirt', 'shoe', 'bag'],
  },
  {
    tag: 'On every order',
    heading: 'Free shipping worldwide',
    subheading: 'Easy returns within 45 days',
    hue: 150,
    items: ['box', 'book', 'mug'],
  },
  {
    tag: 'Today only',
    heading: 'Flash deals ending soon',
    subheading: 'Grab them before the clock runs out',
    hue: 265,
    items: ['watch', 'camera', 'ring'],
  },
];

/** 1600×600 promotional banner; `index` counts from 1 and wraps around the four themes. */
export function renderBannerImage(index: number): string {
  const theme = BANNERS[(((index - 1) % BANNERS.length) + BANNERS.length) % BANNERS.length] ?? BANNERS[0];
  const { hue, items } = theme;
  const headingLines = wrapText(theme.heading, 13, 2);
  const tagWidth = 48 + theme.tag.length * 17;
  const placements = [
    { x: 1010, y: 330, scale: 1, palette: paletteFor((hue + 200) % 360) },
    { x: 1300, y: 228, scale: 0.8, palette: paletteFor((hue + 40) % 360) },
    { x: 1445, y: 445, scale: 0.58, palette: paletteFor((hue + 120) % 360) },
  ];
  return svg(
    1600,
    600,
    theme.heading,
    `<defs>${gradient('bg', 20, `hsl(${hue}, 72%, 42%)`, `hsl(${(hue + 40) % 360}, 78%, 58%)`)}</defs>
  <rect width="1600" height="600" fill="url(#bg)"/>
  <circle cx="1250" cy="300" r="330" fill="#fff" opacity="0.12"/>
  <circle cx="1250" cy="300" r="230" fill="#fff" opacity="0.14"/>
  <circle cx="120" cy="560" r="160" fill="#fff" opacity="0.07"/>
  ${placements.map((place, i) => illustration(items[i] ?? 'box', place.palette, `translate(${place.x} ${place.y}) scale(${place.scale})`)).join('')}
  <rect x="110" y="96" width="${tagWidth}" height="48" rx="24" fill="#fff" opacity="0.2"/>
  <text x="${110 + tagWidth / 2}" y="128" text-anchor="middle" font-size="24" font-weight="600" fill="#fff" font-family="${FONT}" letter-spacing="1">${escapeXml(theme.tag.toUpperCase())}</text>
  ${textLines(headingLines, 110, 240, 92, 'font-size="84" font-weight="800" fill="#fff"')}
  <text x="110" y="${240 + headingLines.length * 92 - 20}" font-size="32" fill="#fff" opacity="0.9" font-family="${FONT}">${escapeXml(theme.subheading)}</text>
  <rect x="110" y="${240 + headingLines.length * 92 + 20}" width="220" height="64" rx="32" fill="#fff"/>
  <text x="220" y="${240 + headingLines.length * 92 + 62}" text-anchor="middle" font-size="26" font-weight="700" fill="hsl(${hue}, 72%, 38%)" font-family="${FONT}">Shop now</text>`,
  );
}
