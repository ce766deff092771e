import { describe, expect, it } from 'vitest';
import { CATALOG, COLORS, PRODUCT_LINES } from '../catalog-words.ts';
import { slugify } from '../../images/image-urls.ts';
import { COLOR_HEX, DRAWINGS, KIND_BY_CATEGORY, KIND_BY_NOUN, type Kind, kindOfSlug } from './demo-kinds.ts';
import { demoProductColor } from '../picture-color.ts';
import { paintOf } from './drawings/paint.ts';
import {
  PARCEL,
  drawingFor,
  renderBannerImage,
  renderCategoryImage,
  renderProductImage,
} from './demo-pictures.ts';

const KINDS = Object.keys(DRAWINGS) as Kind[];

/** Strict enough XML well-formedness: balanced tags, quoted attributes, no bare `<` or `&`. */
function expectWellFormedSvg(text: string): void {
  const open: string[] = [];
  const token = /<(\/?)([a-zA-Z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>|([^<]+)/gy;
  let match: RegExpExecArray | null;
  let end = 0;
  while ((match = token.exec(text))) {
    end = token.lastIndex;
    const [, closing, name, attributes = '', selfClosing, chars] = match;
    const raw = chars ?? attributes;
    expect(raw.replace(/&(amp|lt|gt|quot|apos|#\d+);/g, '')).not.toMatch(/[&<]/);
    if (chars !== undefined || !name) continue;
    if (closing) expect(open.pop(), `</${name}>`).toBe(name);
    else if (!selfClosing) open.push(name);
  }
  expect(end, `unparsable at ${text.slice(end, end + 60)}`).toBe(text.length);
  expect(open).toEqual([]);
  expect(text).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
}

/** Every way the seed can name a product of `noun`, but the model code and the product line. */
function productSlugs(noun: string): string[] {
  const category = CATALOG.find((entry) => entry.nouns.includes(noun));
  return (category?.adjectives ?? []).flatMap((adjective) =>
    ['', ...(category?.suffixes ?? [])].map((suffix) =>
      slugify(`${PRODUCT_LINES[0]} ${adjective} ${noun} ${suffix}`),
    ),
  );
}

describe('the demo pictures', () => {
  const nouns = CATALOG.flatMap((category) => category.nouns);

  it.each(nouns)('draw a %s as its own object, whatever the rest of its name', (noun) => {
    const kind = KIND_BY_NOUN[noun];
    expect(kind, noun).toBeDefined();
    for (const slug of productSlugs(noun)) {
      expect(kindOfSlug(slug), slug).toBe(kind);
      expect(drawingFor(slug)).toBe(DRAWINGS[kind!]);
    }
  });

  it('have one drawing for each kind of object, each different, and none left unused', () => {
    expect(new Set(Object.values(KIND_BY_NOUN))).toEqual(new Set(KINDS));
    const paint = paintOf('#336699');
    const drawn = KINDS.map((kind) => DRAWINGS[kind](paint));
    expect(new Set(drawn).size).toBe(KINDS.length);
    expect(drawn).not.toContain(PARCEL(paint));
    // Nouns of one object only: everything else is a drawing of its own.
    expect(KIND_BY_NOUN['Dark Chocolate']).toBe('chocolateBar');
    expect(KIND_BY_NOUN.Bookshelf).toBe('bookshelf');
    expect(KIND_BY_NOUN.Honey).not.toBe(KIND_BY_NOUN['Olive Oil']);
  });

  it('draw every object in the product colour', () => {
    const paint = paintOf('#336699');
    for (const kind of KINDS) {
      const body = DRAWINGS[kind](paint);
      const painted = ['url(#m)', 'url(#c)', paint.base, paint.light, paint.shade, paint.deep].some((fill) =>
        body.includes(fill),
      );
      expect(painted, kind).toBe(true);
    }
  });

  it('paint a product in the colour it lists first, known to the shop by name', () => {
    expect(Object.keys(COLOR_HEX).sort()).toEqual([...COLORS].sort());
    for (const noun of nouns) {
      const [slug = ''] = productSlugs(noun);
      const hex = COLOR_HEX[demoProductColor(slug)];
      expect(renderProductImage(slug, 1), slug).toContain(
        `<linearGradient id="m" x2="0" y2="1"><stop offset="0.00" stop-color="${paintOf(hex!).light}"/><stop offset="0.50" stop-color="${hex}"/>`,
      );
    }
    expect(new Set(nouns.map((noun) => demoProductColor(productSlugs(noun)[0] ?? ''))).size).toBeGreaterThan(
      15,
    );
  });

  it('are well-formed, small and the same every time, and each variant is another view', () => {
    for (const noun of nouns) {
      const [slug = ''] = productSlugs(noun);
      const views = Array.from({ length: 4 }, (_, i) => renderProductImage(slug, i + 1));
      expect(new Set(views).size, slug).toBe(4);
      for (const view of views) {
        expectWellFormedSvg(view);
        expect(view.length, slug).toBeLessThan(6 * 1024);
      }
      expect(renderProductImage(slug, 3)).toBe(views[2]);
    }
    for (const variant of [5, 20]) expectWellFormedSvg(renderProductImage('aurora-oak-bookshelf', variant));
  });

  it('draw categories and banners well-formed, each category with its own object', () => {
    for (const category of CATALOG) {
      expect(KIND_BY_CATEGORY[category.name], category.name).toBeDefined();
      expectWellFormedSvg(renderCategoryImage(slugify(category.name)));
    }
    for (const index of [1, 2, 3, 4]) expectWellFormedSvg(renderBannerImage(index));
  });

  it('escape the name they are labelled with, and draw a parcel for a slug that names nothing', () => {
    const hostile = renderProductImage(`x"><script>alert('&')</script>`, 1);
    expectWellFormedSvg(hostile);
    expect(hostile).not.toContain('<script');
    expect(kindOfSlug('hand-made-lamp')).toBeUndefined();
    expect(drawingFor('hand-made-lamp')).toBe(PARCEL);
    // A whole word only: "ring" is not inside "earrings", nor "phone" inside "headphones".
    expect(kindOfSlug('nova-gold-earrings')).toBe('earrings');
    expect(kindOfSlug('nova-studio-headphones')).toBe('headphones');
  });
});
