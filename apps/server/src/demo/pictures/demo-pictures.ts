// Demo pictures drawn from the URL alone, so images need no storage, no network and never change.
import { COLOR_HEX, DRAWINGS, KIND_BY_CATEGORY, type Kind, kindOfSlug } from './demo-kinds.ts';
import { demoProductColor, hash } from '../picture-color.ts';
import { slugify } from '../../images/image-urls.ts';
import type { PictureDrawings } from '../../modules/images/images.module.ts';
import { type Drawing, type Paint, isPale, mix, paintDefs, paintOf } from './drawings/paint.ts';

const FONT = 'system-ui, sans-serif';
const INK = '#1f2430';

/** What a slug that names no catalog product shows: a parcel. */
export const PARCEL: Drawing = (p) => `
  <path d="M-130 -60 L0 -110 L130 -60 L0 -10 Z" fill="${p.light}"/>
  <path d="M-130 -60 L0 -10 V130 L-130 80 Z" fill="url(#m)"/><path d="M130 -60 L0 -10 V130 L130 80 Z" fill="${p.shade}"/>
  <path d="M-65 -85 L65 -35 V20 M65 -85 L-65 -35" stroke="#f4efe3" stroke-width="14" fill="none" opacity=".8"/>`;

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

const backdrop = (id: string, top: string, bottom: string) =>
  `<linearGradient id="${id}" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>`;

/** The object standing at (x, floor) at `scale`, with its soft contact shadow. */
function placed(
  drawing: Drawing,
  paint: Paint,
  x: number,
  floor: number,
  scale: number,
  turn = 0,
  flip = false,
) {
  const y = floor - 130 * scale;
  return `<ellipse cx="${x}" cy="${floor + 4}" rx="${Math.round(140 * scale)}" ry="${Math.round(13 * scale)}" fill="#000" opacity=".22" filter="url(#b)"/>
  <g transform="translate(${x} ${y}) skewY(${turn}) scale(${(flip ? -scale : scale) * (turn ? 0.88 : 1)} ${scale})">${drawing(paint)}</g>`;
}

/** Variant 1 is the straight-on shot; the others turn the object (a skew and a squeeze), come closer or step back. */
const VIEWS = [
  { scale: 1.45, turn: 0, flip: false, x: 300, floor: 480 },
  { scale: 1.3, turn: -7, flip: true, x: 310, floor: 470 },
  { scale: 1.9, turn: 0, flip: false, x: 270, floor: 580 },
  { scale: 1.1, turn: 6, flip: false, x: 300, floor: 450 },
] as const;

/** Studio backdrops (top, bottom); the third takes a pale tint of the product's own colour. */
function backdrops(base: string): readonly [[string, string], ...[string, string][]] {
  return [
    isPale(base) ? ['#e6e8eb', '#c3c7ce'] : ['#fbfbfa', '#e4e3df'],
    ['#eef2f6', '#d2dae3'],
    [mix(base, '#ffffff', 0.88), mix(base, '#ffffff', 0.68)],
    ['#f5eee5', '#ddcdb9'],
    ['#ebf2ec', '#ccdacf'],
  ];
}

/** The drawing of the object a product slug names; a parcel when it names none. */
export function drawingFor(slug: string): Drawing {
  const kind = kindOfSlug(slug);
  return kind ? DRAWINGS[kind] : PARCEL;
}

/** A 600×600 product "photo": the object in the product's first listed colour, in a softly lit studio. */
export function renderProductImage(slug: string, variant: number): string {
  const paint = paintOf(COLOR_HEX[demoProductColor(slug)] ?? '#808080');
  const view = VIEWS[(variant - 1) % VIEWS.length] ?? VIEWS[0];
  const all = backdrops(paint.base);
  const [top, bottom] = all[(variant - 1) % all.length] ?? all[0];
  return svg(
    600,
    600,
    titleFromSlug(slug),
    `<defs>${paintDefs(paint)}${backdrop('bg', top, bottom)}<radialGradient id="glow"><stop offset="0" stop-color="#fff" stop-opacity=".75"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>
  <rect width="600" height="600" fill="url(#bg)"/><circle cx="300" cy="280" r="270" fill="url(#glow)"/>
  ${placed(drawingFor(slug), paint, view.x, view.floor, view.scale, view.turn, view.flip)}`,
  );
}

// Pale objects would fade into the pastel cards.
const CARD_COLORS = Object.values(COLOR_HEX).filter((hex) => !isPale(hex));

/** 400×400 card art: the category's object with its name on a label. */
export function renderCategoryImage(slug: string): string {
  const name = titleFromSlug(slug);
  const hue = hash(slug) % 360;
  const kind = Object.entries(KIND_BY_CATEGORY).find(([category]) => slugify(category) === slug)?.[1];
  const paint = paintOf(CARD_COLORS[hash(slug) % CARD_COLORS.length] ?? '#808080');
  const labelLines = wrapText(name, 18, 2);
  return svg(
    400,
    400,
    name,
    `<defs>${paintDefs(paint)}${backdrop('bg', `hsl(${hue}, 60%, 94%)`, `hsl(${(hue + 30) % 360}, 50%, 84%)`)}</defs>
  <rect width="400" height="400" fill="url(#bg)"/><circle cx="200" cy="150" r="130" fill="#fff" opacity=".5"/>
  ${placed(kind ? DRAWINGS[kind] : PARCEL, paint, 200, 262, 0.74)}
  <rect x="40" y="${labelLines.length === 1 ? 300 : 284}" width="320" height="${labelLines.length === 1 ? 64 : 96}" rx="32" fill="${INK}" opacity=".86"/>
  ${textLines(labelLines, 200, labelLines.length === 1 ? 343 : 324, 38, 'text-anchor="middle" font-size="30" font-weight="700" fill="#fff"')}`,
  );
}

interface BannerTheme {
  tag: string;
  heading: string;
  subheading: string;
  hue: number;
  color: string;
  items: [Kind, Kind, Kind];
}

const BANNERS: readonly [BannerTheme, ...BannerTheme[]] = [
  {
    tag: 'Limited time',
    heading: 'Mega Sale — up to 50% off',
    subheading: 'Phones, laptops, headphones and more',
    hue: 350,
    color: 'Silver',
    items: ['laptop', 'phone', 'headphones'],
  },
  {
    tag: 'Just in',
    heading: 'New arrivals every day',
    subheading: 'Fresh picks from the brands you love',
    hue: 200,
    color: 'Coral',
    items: ['jacket', 'sneaker', 'handbag'],
  },
  {
    tag: 'Before you pay',
    heading: 'Shipping shown up front',
    subheading: 'Each seller’s fee in your cart · returns within 45 days',
    hue: 150,
    color: 'Gold',
    items: ['novel', 'mugs', 'teddy'],
  },
  {
    tag: 'Today only',
    heading: 'Flash deals ending soon',
    subheading: 'Grab them before the clock runs out',
    hue: 265,
    color: 'Turquoise',
    items: ['watch', 'camera', 'ring'],
  },
];

/**
 * 1600×600 promotional banner; `index` counts from 1 and wraps around the four themes. A phone shows it at 0.45
 * of its size: its smallest words (28) are 12.5 CSS pixels there.
 */
export function renderBannerImage(index: number): string {
  const theme = BANNERS[(((index - 1) % BANNERS.length) + BANNERS.length) % BANNERS.length] ?? BANNERS[0];
  const { hue, items } = theme;
  const paint = paintOf(COLOR_HEX[theme.color] ?? '#808080');
  const headingLines = wrapText(theme.heading, 13, 2);
  const tagWidth = 56 + theme.tag.length * 21;
  const placements = [
    { x: 1040, floor: 480, scale: 1 },
    { x: 1330, floor: 400, scale: 0.8 },
    { x: 1470, floor: 540, scale: 0.55 },
  ];
  return svg(
    1600,
    600,
    theme.heading,
    `<defs>${paintDefs(paint)}${backdrop('bg', `hsl(${hue}, 72%, 42%)`, `hsl(${(hue + 40) % 360}, 78%, 58%)`)}</defs>
  <rect width="1600" height="600" fill="url(#bg)"/>
  <circle cx="1250" cy="300" r="330" fill="#fff" opacity="0.12"/>
  <circle cx="1250" cy="300" r="230" fill="#fff" opacity="0.14"/>
  <circle cx="120" cy="560" r="160" fill="#fff" opacity="0.07"/>
  ${placements.map((place, i) => placed(DRAWINGS[items[i] ?? 'phone'], paint, place.x, place.floor, place.scale)).join('')}
  <rect x="110" y="90" width="${tagWidth}" height="56" rx="28" fill="#000" opacity="0.3"/>
  <text x="${110 + tagWidth / 2}" y="129" text-anchor="middle" font-size="30" font-weight="600" fill="#fff" font-family="${FONT}" letter-spacing="1">${escapeXml(theme.tag.toUpperCase())}</text>
  ${textLines(headingLines, 110, 240, 92, 'font-size="84" font-weight="800" fill="#fff"')}
  <text x="110" y="${240 + headingLines.length * 92 - 20}" font-size="32" fill="#fff" opacity="0.9" font-family="${FONT}">${escapeXml(theme.subheading)}</text>
  <rect x="110" y="${240 + headingLines.length * 92 + 20}" width="220" height="64" rx="32" fill="#fff"/>
  <text x="220" y="${240 + headingLines.length * 92 + 62}" text-anchor="middle" font-size="28" font-weight="700" fill="hsl(${hue}, 72%, 38%)" font-family="${FONT}">Shop now</text>`,
  );
}

/** The shop's generated pictures as the demo draws them: modules/images serves them. */
export const demoPictures: PictureDrawings = {
  product: renderProductImage,
  category: renderCategoryImage,
  banner: renderBannerImage,
};
