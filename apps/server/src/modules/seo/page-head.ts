import { PAGE_DATA_ID, type PageData } from '@bazaar/shared/page-data';
import type { PageCode } from './page-modules.ts';

export const SHOP_NAME = 'Bazaar';

/** The size and kind of the link-preview cards: Open Graph's and X's large card, which every messenger shows. */
export const CARD = { width: 1200, height: 630, type: 'image/jpeg' } as const;

/** What a page says of itself in its <head>: read by search engines and by link previews, which run no script. */
export interface PageHead {
  /** The page's name; the title is "Name — Bazaar", as the web app's PageTitle writes it. */
  name: string;
  /** The whole title when it is not "Name — Bazaar": the home page's is the shop's name. */
  title?: string;
  description: string;
  /** The page's address on PUBLIC_URL; none on a page that names nothing (a 404). */
  canonical?: string;
  /** The absolute URL of the page's link-preview card, a JPEG of CARD's size. */
  image?: string;
  ogType?: 'website' | 'product';
  /** Extra Open Graph properties, e.g. a product's price. */
  og?: Record<string, string>;
  /** schema.org objects, sent as one JSON-LD script. */
  jsonLd?: object[];
  /** Pages search engines should leave out of their index (a 404, a sign-in form). */
  noindex?: boolean;
  /** The page of the web app, whose code the browser may fetch beside the entry script. */
  page?: PageCode;
  /** The pictures the page opens with (its largest paint), fetched before the app asks for them. */
  leadPictures?: LeadPicture[];
  /** The first answers the app would ask for, which it takes from the page instead (see PAGE_DATA_ID). */
  data?: PageData;
}

/** A picture as the page's <img> shows it: the same srcset and sizes make the browser fetch the same width. */
export interface LeadPicture {
  src: string;
  srcset?: string | undefined;
  sizes: string;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe for an HTML text node or a quoted attribute value (and for XML). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
}

/**
 * JSON safe inside a <script> element: nothing in it can close the element or open a comment, and the line
 * separators that old JavaScript parsers took for line ends are escaped too.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

const meta = (attribute: 'name' | 'property', key: string, content: string) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;

/**
 * Hints that start the page's own downloads at once: its first pictures, then its code. They go after the entry
 * script and the stylesheet, which every page waits for: on HTTP/1.1's six connections a browser (and Lighthouse's
 * simulated phone) starts requests in document order, and the entry script, by far the largest, would otherwise
 * queue behind them.
 */
export function renderPreloads(head: PageHead, pageModules: Partial<Record<PageCode, string[]>>): string {
  const tags: string[] = [];
  for (const picture of head.leadPictures ?? []) {
    // The same srcset and sizes as the page's <img>, so that the browser takes the width it would have chosen.
    const set = picture.srcset
      ? ` imagesrcset="${escapeHtml(picture.srcset)}" imagesizes="${escapeHtml(picture.sizes)}"`
      : '';
    tags.push(
      `<link rel="preload" as="image" href="${escapeHtml(picture.src)}"${set} fetchpriority="high" />`,
    );
  }
  const modules = (head.page && pageModules[head.page]) ?? [];
  tags.push(...modules.map((file) => `<link rel="modulepreload" href="${escapeHtml(file)}" />`));
  return tags.map((tag) => `  ${tag}\n  `).join('');
}

/** The tags that describe the page, one per line. */
export function renderHead(head: PageHead): string {
  const title = head.title ?? `${head.name} — ${SHOP_NAME}`;
  const tags = [`<title>${escapeHtml(title)}</title>`, meta('name', 'description', head.description)];
  if (head.noindex) tags.push(meta('name', 'robots', 'noindex'));
  if (head.canonical) {
    tags.push(
      `<link rel="canonical" href="${escapeHtml(head.canonical)}" />`,
      meta('property', 'og:site_name', SHOP_NAME),
      meta('property', 'og:type', head.ogType ?? 'website'),
      meta('property', 'og:title', head.name),
      meta('property', 'og:description', head.description),
      meta('property', 'og:url', head.canonical),
    );
    if (head.image)
      tags.push(
        meta('property', 'og:image', head.image),
        meta('property', 'og:image:type', CARD.type),
        meta('property', 'og:image:width', String(CARD.width)),
        meta('property', 'og:image:height', String(CARD.height)),
        meta('property', 'og:image:alt', head.name),
      );
    for (const [property, content] of Object.entries(head.og ?? {}))
      tags.push(meta('property', property, content));
    tags.push(
      meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
      meta('name', 'twitter:title', head.name),
      meta('name', 'twitter:description', head.description),
    );
    if (head.image) tags.push(meta('name', 'twitter:image', head.image));
  }
  if (head.jsonLd?.length) {
    const data = { '@context': 'https://schema.org', '@graph': head.jsonLd };
    tags.push(`<script type="application/ld+json">${scriptSafeJson(data)}</script>`);
  }
  return tags.join('\n    ');
}

/**
 * The page's data as a JSON script element: data, not a script (the browser runs nothing in it), read by the app
 * with JSON.parse. At the end of the body, it does not delay the head's downloads; the app's module script runs
 * after the whole document is read, so it is there when the app starts.
 */
export function renderData(data: PageData | undefined): string {
  return data
    ? `<script type="application/json" id="${PAGE_DATA_ID}">${scriptSafeJson(data)}</script>\n  `
    : '';
}

/**
 * The web app's index.html cut where a page's head goes: its own <title> and description are taken out, and each
 * page puts its tags in their place, and its preloads at the end of the head.
 */
export function pageTemplate(
  indexHtml: string,
  pageModules: Partial<Record<PageCode, string[]>> = {},
): (head: PageHead) => string {
  const withoutDescription = indexHtml.replace(/<meta\s+name="description"[^>]*>\s*/i, '');
  const title = /<title>[^<]*<\/title>/i.exec(withoutDescription);
  const at = title?.index ?? withoutDescription.search(/<\/head>/i);
  if (at < 0) throw new Error("The web app's index.html has neither a <title> nor a </head>");
  const before = withoutDescription.slice(0, at);
  const after = withoutDescription.slice(title ? at + title[0].length : at);
  const headEnd = after.search(/<\/head>/i);
  const bodyEnd = after.search(/<\/body>/i);
  if (headEnd < 0 || bodyEnd < 0) throw new Error("The web app's index.html has no </head> or no </body>");
  const [scripts, body, end] = [after.slice(0, headEnd), after.slice(headEnd, bodyEnd), after.slice(bodyEnd)];
  return (head) =>
    `${before}${renderHead(head)}${scripts}${renderPreloads(head, pageModules)}${body}${renderData(head.data)}${end}`;
}

/** A description of at most `max` characters, cut at a word, from text that may run on for paragraphs. */
export function shortDescription(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:]+$/, '')}…`;
}
