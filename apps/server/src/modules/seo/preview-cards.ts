import type { default as SharpLibrary, Sharp } from 'sharp';
import { CARD, escapeHtml } from './page-head.ts';

const PADDING = 40;
const GAP = 24;
const BACKDROP = { r: 241, g: 245, b: 249 };
const SHOP_GREEN = '#0f766e';

let loaded: Promise<typeof SharpLibrary> | undefined;

/** sharp, loaded at the first card: a shop whose links nobody shares need not hold libvips. */
function loadSharp() {
  loaded ??= import('sharp').then(({ default: sharp }) => sharp);
  return loaded;
}

const jpeg = (image: Sharp) => image.jpeg({ quality: 82, mozjpeg: true }).toBuffer();

/** The shop's own card: its mark and name on its green, with `tagline` under them. */
export async function renderShopCard(tagline: string): Promise<Buffer> {
  const sharp = await loadSharp();
  const { width, height } = CARD;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <rect width="${width}" height="${height}" fill="${SHOP_GREEN}"/>
  <g transform="translate(120 165) scale(7.5)">
    <rect width="32" height="32" rx="6" fill="#fff" opacity="0.16"/>
    <path d="M9 12h14l-1.5 12h-11z" fill="#fff"/>
    <path d="M12 12a4 4 0 0 1 8 0" fill="none" stroke="#fff" stroke-width="2"/>
  </g>
  <text x="420" y="330" font-family="system-ui, sans-serif" font-size="132" font-weight="800" fill="#fff">Bazaar</text>
  <text x="120" y="520" font-family="system-ui, sans-serif" font-size="28" fill="#fff" opacity="0.92">${escapeHtml(tagline)}</text>
</svg>`;
  return jpeg(sharp(Buffer.from(svg)));
}

/**
 * A card of up to three pictures (a product's, a seller's first products') side by side, whole, on the first
 * picture's own colour. SVG drawings are rasterized at the size they are shown.
 */
export async function renderPictureCard(pictures: Buffer[]): Promise<Buffer> {
  const sharp = await loadSharp();
  const { width, height } = CARD;
  const tileHeight = height - 2 * PADDING;
  const tileWidth = Math.floor((width - 2 * PADDING - GAP * (pictures.length - 1)) / pictures.length);
  const tiles = await Promise.all(
    pictures.map((bytes) =>
      sharp(bytes, { density: 144 })
        .resize({ width: tileWidth, height: tileHeight, fit: 'inside' })
        .png()
        .toBuffer({ resolveWithObject: true }),
    ),
  );
  const { dominant } = await sharp(tiles[0]!.data).stats();
  const background = sharp({ create: { width, height, channels: 3, background: dominant ?? BACKDROP } });
  return jpeg(
    background.composite(
      tiles.map(({ data, info }, index) => ({
        input: data,
        left: PADDING + index * (tileWidth + GAP) + Math.floor((tileWidth - info.width) / 2),
        top: PADDING + Math.floor((tileHeight - info.height) / 2),
      })),
    ),
  );
}
