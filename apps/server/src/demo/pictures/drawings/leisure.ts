import { type Drawing, type Paint, shine } from './paint.ts';

/** A standing hardcover: its cover in the product colour, pages to the right, and `emblem` on the cover. */
const book =
  (emblem: (p: Paint) => string, width = 190): Drawing =>
  (p) => `
  <path d="M${-width / 2 + 12} -140 H${width / 2 + 16} V126 H${-width / 2 + 12} Z" fill="#f4efe3"/>
  <path d="${Array.from({ length: 6 }, (_, i) => `M${width / 2 + 2 + i * 2.4} -134 V120`).join(' ')}" stroke="#d6cdb8" stroke-width="1"/>
  <rect x="${-width / 2}" y="-148" width="${width}" height="278" rx="6" fill="url(#m)"/>
  <rect x="${-width / 2}" y="-148" width="24" height="278" rx="4" fill="${p.shade}"/>
  <path d="M${-width / 2 + 26} -148 V130" stroke="#fff" stroke-width="3" opacity=".25"/>
  <g transform="translate(12 0)">${emblem(p)}</g>`;

const titleBars = (y: number, p: Paint) =>
  `<rect x="-56" y="${y}" width="112" height="12" rx="6" fill="${p.light}"/><rect x="-40" y="${y + 22}" width="80" height="8" rx="4" fill="${p.light}" opacity=".8"/>`;

const plate = (p: Paint) => `<circle r="46" fill="${p.light}" opacity=".35"/>`;

const jar = (lid: string, fill: string) => `
  <rect x="-86" y="-60" width="172" height="190" rx="30" fill="${fill}"/>
  <rect x="-86" y="-60" width="172" height="190" rx="30" fill="url(#gl)"/>
  <rect x="-78" y="-104" width="156" height="48" rx="10" fill="${lid}"/>`;

const label = (y: number, h: number, p: Paint) =>
  `<rect x="-70" y="${y}" width="140" height="${h}" rx="6" fill="${p.base}"/><rect x="-44" y="${y + h / 2 - 4}" width="88" height="8" rx="4" fill="#fff" opacity=".85"/>`;

export const LEISURE = {
  yogaMat: (p: Paint) => `
    <path d="M-60 64 L150 100 V130 L-60 130 Z" fill="url(#m)"/>
    <rect x="-150" y="-40" width="230" height="140" rx="70" fill="url(#m)" transform="rotate(-8)"/>
    <circle cx="-70" cy="40" r="66" fill="${p.shade}"/><circle cx="-70" cy="40" r="50" fill="none" stroke="${p.light}" stroke-width="6"/>
    <circle cx="-70" cy="40" r="32" fill="none" stroke="${p.light}" stroke-width="6"/><circle cx="-70" cy="40" r="14" fill="${p.deep}"/>
    <path d="M0 -60 Q10 40 -2 110 M40 -66 Q50 40 38 104" stroke="#2b2d33" stroke-width="9" fill="none"/>`,
  football: (p: Paint) => `
    <circle r="128" fill="#fbfbf9"/>
    <path d="M0 -40 L38 -12 L24 32 H-24 L-38 -12 Z M0 -128 L0 -40 M38 -12 L118 -40 M24 32 L74 102 M-24 32 L-74 102 M-38 -12 L-118 -40" fill="${p.base}" stroke="#2b2d33" stroke-width="4"/>
    <path d="M-40 -120 L-70 -96 L-60 -70 L-30 -78 Z M40 -120 L70 -96 L60 -70 L30 -78 Z M-126 20 L-110 54 L-90 40 L-100 6 Z M126 20 L110 54 L90 40 L100 6 Z M-20 128 L-30 100 H30 L20 128 Z" fill="${p.base}"/>
    <circle r="128" fill="none" stroke="#c9ccd1" stroke-width="3"/><circle cx="-46" cy="-56" r="40" fill="#fff" opacity=".45"/>
    <circle r="128" fill="#000" opacity=".06"/>`,
  basketball: () => `
    <circle r="128" fill="url(#m)"/>
    <path d="M-128 0 H128 M0 -128 V128 M-92 -90 Q-30 0 -92 90 M92 -90 Q30 0 92 90" fill="none" stroke="#1f1a17" stroke-width="6"/>
    <circle cx="-46" cy="-56" r="42" fill="#fff" opacity=".22"/>`,
  dumbbells: (p: Paint) => {
    // Hexagonal heads seen from the side: three facets, lit from above.
    const head = (x: number) => `<rect x="${x}" y="-56" width="46" height="112" rx="6" fill="${p.light}"/>
      <rect x="${x}" y="-28" width="46" height="56" fill="${p.base}"/><rect x="${x}" y="28" width="46" height="28" rx="6" fill="${p.shade}"/>`;
    const bell = (y: number, s: number) => `<g transform="translate(0 ${y}) scale(${s})">
      <rect x="-80" y="-10" width="160" height="20" rx="6" fill="url(#s)"/>${head(-126)}${head(80)}
      <path d="M-126 -28 H-80 M80 -28 H126 M-126 28 H-80 M80 28 H126" stroke="${p.deep}" stroke-width="2" opacity=".4"/></g>`;
    return `${bell(-44, 0.85)}${bell(70, 1.05)}`;
  },
  racket: (p: Paint) => `
    <g transform="rotate(-30)">
    <ellipse cy="-56" rx="84" ry="104" fill="#fff" opacity=".15"/>
    <path d="${Array.from({ length: 11 }, (_, i) => `M${-70 + i * 14} -150 V40`).join(' ')} ${Array.from({ length: 13 }, (_, i) => `M-84 ${-146 + i * 15} H84`).join(' ')}" stroke="#e9ecef" stroke-width="2" clip-path="url(#head)"/>
    <clipPath id="head"><ellipse cy="-56" rx="76" ry="96"/></clipPath>
    <ellipse cy="-56" rx="82" ry="102" fill="none" stroke="url(#m)" stroke-width="14"/>
    <path d="M-30 40 L-10 80 M30 40 L10 80" stroke="${p.base}" stroke-width="12"/>
    <rect x="-12" y="76" width="24" height="110" rx="8" fill="#2b2d33"/><path d="M-12 96 L12 106 M-12 116 L12 126 M-12 136 L12 146 M-12 156 L12 166" stroke="#4a4e57" stroke-width="4"/></g>`,
  waterBottle: (p: Paint) => `
    <path d="M-30 -150 Q0 -176 30 -150" fill="none" stroke="#2b2d33" stroke-width="10"/>
    <rect x="-44" y="-150" width="88" height="46" rx="10" fill="url(#k)"/>
    <path d="M-40 -104 H40 Q64 -90 64 -50 V116 Q64 130 50 130 H-50 Q-64 130 -64 116 V-50 Q-64 -90 -40 -104 Z" fill="url(#c)"/>
    <path d="M-64 96 H64" stroke="${p.deep}" stroke-width="2" opacity=".5"/>`,
  jumpRope: () => `
    <path d="M-90 -40 C-110 150 110 150 90 -40" fill="none" stroke="#2b2d33" stroke-width="6"/>
    <path d="M-60 -60 C-40 60 60 80 40 -60" fill="none" stroke="#2b2d33" stroke-width="6" opacity=".3"/>
    <g transform="translate(-90 -90) rotate(-14)"><rect x="-14" y="-60" width="28" height="110" rx="14" fill="url(#c)"/><rect x="-16" y="40" width="32" height="12" rx="4" fill="url(#s)"/></g>
    <g transform="translate(90 -90) rotate(14)"><rect x="-14" y="-60" width="28" height="110" rx="14" fill="url(#c)"/><rect x="-16" y="40" width="32" height="12" rx="4" fill="url(#s)"/></g>`,
  blocks: (p: Paint) => {
    const brick = (x: number, y: number, w: number, color: string) => `
      ${Array.from({ length: w }, (_, i) => `<rect x="${x + 8 + i * 36}" y="${y - 12}" width="22" height="14" rx="4" fill="${color}"/><rect x="${x + 8 + i * 36}" y="${y - 12}" width="22" height="5" rx="2" fill="#fff" opacity=".3"/>`).join('')}
      <rect x="${x}" y="${y}" width="${w * 36}" height="48" rx="5" fill="${color}"/><rect x="${x}" y="${y + 36}" width="${w * 36}" height="12" rx="4" fill="#000" opacity=".15"/>`;
    return `${brick(-144, 82, 4, p.base)}${brick(0, 82, 4, '#f6c744')}${brick(-90, 22, 4, '#3b82c4')}${brick(-36, -38, 2, p.base)}${brick(36, -38, 2, '#e8553f')}`;
  },
  puzzle: (p: Paint) => {
    const piece = (x: number, y: number, r: number, color: string) =>
      `<path transform="translate(${x} ${y}) rotate(${r})" d="M-50 -50 H-12 A14 14 0 1 1 12 -50 H50 V-12 A14 14 0 1 1 50 12 V50 H12 A14 14 0 1 0 -12 50 H-50 V12 A14 14 0 1 0 -50 -12 Z" fill="${color}" stroke="${p.deep}" stroke-width="3"/>`;
    return `<rect x="-150" y="40" width="250" height="90" rx="6" fill="url(#m)"/><rect x="-150" y="40" width="250" height="16" fill="${p.shade}"/>
    ${piece(-60, -20, -8, '#f6c744')}${piece(50, -60, 12, p.base)}${piece(100, 70, -4, '#4dabf7')}`;
  },
  robot: (p: Paint) => `
    <path d="M0 -130 V-150" stroke="#2b2d33" stroke-width="6"/><circle cy="-154" r="10" fill="#e8553f"/>
    <rect x="-76" y="-130" width="152" height="110" rx="24" fill="url(#m)"/>
    <rect x="-56" y="-110" width="112" height="62" rx="16" fill="#1c1e23"/><circle cx="-26" cy="-80" r="14" fill="#5ce1ff"/><circle cx="26" cy="-80" r="14" fill="#5ce1ff"/>
    <rect x="-88" y="-94" width="12" height="36" rx="4" fill="url(#s)"/><rect x="76" y="-94" width="12" height="36" rx="4" fill="url(#s)"/>
    <rect x="-64" y="-14" width="128" height="110" rx="18" fill="url(#m)"/><rect x="-34" y="10" width="68" height="40" rx="8" fill="url(#s)"/>
    <circle cx="-16" cy="30" r="7" fill="#e8553f"/><circle cx="16" cy="30" r="7" fill="#f6c744"/>
    <rect x="-104" y="-4" width="32" height="84" rx="16" fill="${p.shade}"/><rect x="72" y="-4" width="32" height="84" rx="16" fill="${p.shade}"/>
    <rect x="-52" y="94" width="40" height="36" rx="8" fill="#2b2d33"/><rect x="12" y="94" width="40" height="36" rx="8" fill="#2b2d33"/>`,
  teddy: (p: Paint) => `
    <circle cx="-66" cy="-120" r="32" fill="url(#m)"/><circle cx="66" cy="-120" r="32" fill="url(#m)"/>
    <circle cx="-66" cy="-120" r="16" fill="${p.light}"/><circle cx="66" cy="-120" r="16" fill="${p.light}"/>
    <ellipse cy="50" rx="96" ry="84" fill="url(#m)"/><ellipse cy="60" rx="54" ry="50" fill="${p.light}" opacity=".7"/>
    <ellipse cx="-98" cy="30" rx="28" ry="44" fill="url(#m)" transform="rotate(30 -98 30)"/><ellipse cx="98" cy="30" rx="28" ry="44" fill="url(#m)" transform="rotate(-30 98 30)"/>
    <ellipse cx="-56" cy="116" rx="36" ry="22" fill="url(#m)"/><ellipse cx="56" cy="116" rx="36" ry="22" fill="url(#m)"/>
    <circle cy="-74" r="80" fill="url(#m)"/><ellipse cy="-46" rx="34" ry="26" fill="${p.light}"/>
    <ellipse cy="-56" rx="12" ry="8" fill="#2b1d16"/><circle cx="-28" cy="-90" r="8" fill="#2b1d16"/><circle cx="28" cy="-90" r="8" fill="#2b1d16"/>
    <path d="M-10 -38 Q0 -30 10 -38" stroke="#2b1d16" stroke-width="3" fill="none"/><path d="M-30 -4 L0 10 L30 -4 L24 14 L0 16 L-24 14 Z" fill="#e8553f"/>`,
  boardGame: (p: Paint) => `
    <path d="M-150 20 L0 -60 L150 20 L0 100 Z" fill="#f4efe3"/>
    <path d="M-150 20 V40 L0 120 V100 Z" fill="${p.shade}"/><path d="M150 20 V40 L0 120 V100 Z" fill="${p.deep}"/>
    <path d="M-120 20 L0 -44 L120 20 L0 84 Z" fill="url(#m)"/>
    <path d="M-90 4 L30 68 M-60 -12 L60 52 M-30 -28 L90 36 M-90 36 L30 -28 M-60 52 L60 -12 M-30 68 L90 4" stroke="#fff" stroke-width="2" opacity=".6"/>
    <rect x="40" y="-110" width="44" height="44" rx="8" fill="#fff" transform="rotate(12 62 -88)"/><circle cx="54" cy="-98" r="5" fill="#2b2d33"/><circle cx="70" cy="-80" r="5" fill="#2b2d33"/>
    <path d="M-60 -30 Q-60 -60 -48 -62 Q-36 -60 -36 -30 Z" fill="#e8553f"/><circle cx="-48" cy="-70" r="11" fill="#e8553f"/>
    <path d="M-10 -2 Q-10 -32 2 -34 Q14 -32 14 -2 Z" fill="#3b82c4"/><circle cx="2" cy="-42" r="11" fill="#3b82c4"/>`,
  toyCar: (p: Paint) => `
    <path d="M-150 60 V20 Q-150 0 -130 -4 L-80 -12 L-40 -70 Q-30 -80 -10 -80 H60 Q80 -80 94 -64 L130 -10 Q152 -4 154 20 V60 Z" fill="url(#m)"/>
    <path d="M-30 -60 Q-24 -68 -10 -68 H20 V-14 H-64 Z M34 -68 H60 Q72 -68 82 -56 L112 -14 H34 Z" fill="#bfe3f5"/>
    ${shine('M-24 -60 L-44 -20 H-34 L-14 -66 Z', 0.6)}
    <path d="M-150 40 H154" stroke="${p.shade}" stroke-width="6"/><rect x="138" y="0" width="16" height="14" rx="4" fill="#f6e27a"/>
    ${[-90, 90].map((x) => `<circle cx="${x}" cy="80" r="44" fill="#1f2126"/><circle cx="${x}" cy="80" r="20" fill="url(#s)"/>`).join('')}`,
  kite: (p: Paint) => `
    <path d="M0 -150 L100 -30 L0 70 L-100 -30 Z" fill="url(#m)"/>
    <path d="M0 -150 L100 -30 L0 -30 Z M0 -30 L-100 -30 L0 70 Z" fill="${p.deep}" opacity=".3"/>
    <path d="M0 -150 V70 M-100 -30 H100" stroke="#5a4630" stroke-width="4"/>
    <path d="M0 70 C40 90 -40 110 10 130 C40 140 60 120 90 130" fill="none" stroke="#5a4630" stroke-width="3"/>
    ${[
      [14, 88],
      [-2, 112],
      [50, 130],
    ]
      .map(([x, y]) => `<path d="M${x} ${y} l-12 -8 v16 Z M${x} ${y} l12 -8 v16 Z" fill="#e8553f"/>`)
      .join('')}`,
  novel: book(
    (p) =>
      `${titleBars(-90, p)}<path d="M-40 30 Q0 0 40 30 Q0 60 -40 30 Z" fill="none" stroke="${p.light}" stroke-width="3"/><rect x="-30" y="90" width="60" height="6" rx="3" fill="${p.light}"/>`,
  ),
  cookbook: book(
    (p) =>
      `${titleBars(-100, p)}${plate(p)}<g transform="translate(0 10)"><path d="M-18 -36 V36 M-26 -36 V-12 Q-18 -4 -10 -12 V-36" stroke="#fff" stroke-width="5" fill="none" stroke-linecap="round"/><path d="M18 36 V-4 M18 -4 C4 -10 6 -38 18 -38 C30 -38 32 -10 18 -4" stroke="#fff" stroke-width="5" fill="#fff" stroke-linecap="round"/></g>`,
  ),
  travelGuide: book(
    (
      p,
    ) => `${titleBars(-100, p)}<path d="M-60 70 L-20 0 L10 40 L30 16 L60 70 Z" fill="${p.light}"/><path d="M-20 0 L-8 20 L-28 16 Z" fill="#fff"/>
    <path d="M30 -40 A22 22 0 1 1 30 -40.1 M18 -20 L30 6 L42 -20" fill="#e8553f"/><circle cx="30" cy="-22" r="8" fill="#fff"/>`,
  ),
  biography: book(
    (p) =>
      `<rect x="-50" y="-96" width="100" height="124" rx="6" fill="${p.light}" opacity=".6"/><circle cy="-52" r="24" fill="${p.deep}"/><path d="M-40 28 Q-40 -20 0 -22 Q40 -20 40 28 Z" fill="${p.deep}"/>${titleBars(60, p)}`,
  ),
  journal: book(
    (p) =>
      `<path d="M54 -148 V130" stroke="#1f2126" stroke-width="10"/><path d="M-20 130 V160 L-10 150 L0 160 V130" fill="#e8553f"/><rect x="-60" y="-60" width="90" height="40" rx="4" fill="none" stroke="${p.light}" stroke-width="3"/>`,
  ),
  atlas: book(
    (p) =>
      `${titleBars(-110, p)}<circle cy="10" r="60" fill="#4dabf7"/><path d="M-30 -30 Q-10 -40 0 -20 Q10 0 -10 10 Q-30 30 -40 10 Z M20 20 Q40 10 44 30 Q30 50 14 40 Z" fill="#69c46b"/><path d="M-60 10 H60 M0 -50 Q-40 10 0 70 Q40 10 0 -50" stroke="#fff" stroke-width="2" fill="none" opacity=".6"/>`,
  ),
  pictureBook: book(
    () => `<rect x="-100" y="-90" width="200" height="170" rx="8" fill="#bfe3f5"/><circle cx="54" cy="-46" r="24" fill="#f6c744"/>
    <path d="M-100 40 Q-40 -20 20 40 Q60 10 100 40 V80 H-100 Z" fill="#69c46b"/><path d="M-50 40 V0 L-30 -24 L-10 0 V40 Z" fill="#e8553f"/><rect x="-38" y="14" width="16" height="26" fill="#fff"/>`,
    260,
  ),
  teaTin: (p: Paint) => `
    <rect x="-90" y="-110" width="180" height="240" rx="10" fill="url(#c)"/>
    <rect x="-96" y="-134" width="192" height="44" rx="8" fill="url(#s)"/>
    <ellipse cy="20" rx="56" ry="56" fill="#fbfaf5"/><path d="M-26 40 Q-30 -10 24 -24 Q34 28 -26 40 Z" fill="#4c8f4a"/><path d="M-26 40 Q0 10 20 -18" stroke="#fbfaf5" stroke-width="3" fill="none"/>
    <path d="M-90 -80 H90 M-90 116 H90" stroke="${p.deep}" stroke-width="3"/>`,
  coffeeBag: (p: Paint) => `
    <path d="M-90 -130 H90 L104 120 Q104 130 94 130 H-94 Q-104 130 -104 120 Z" fill="url(#m)"/>
    <path d="M-90 -130 H90 V-100 H-90 Z" fill="${p.shade}"/><path d="M-80 -116 H80" stroke="${p.deep}" stroke-width="3" stroke-dasharray="5 4"/>
    <circle cx="56" cy="-70" r="10" fill="${p.deep}"/><rect x="-60" y="-30" width="120" height="90" rx="6" fill="#fbf6ec"/>
    <ellipse cy="16" rx="18" ry="26" fill="#5b3a24" transform="rotate(20 0 16)"/><path d="M-6 -6 Q6 16 -2 38" stroke="#fbf6ec" stroke-width="3" fill="none"/>
    ${[
      [-130, 118],
      [-110, 124],
      [130, 116],
      [116, 126],
    ]
      .map(
        ([x, y]) =>
          `<ellipse cx="${x}" cy="${y}" rx="10" ry="14" fill="#5b3a24" transform="rotate(60 ${x} ${y})"/>`,
      )
      .join('')}`,
  honeyJar: (p: Paint) => `${jar('url(#c)', '#e8a317')}
    <path d="M-78 -104 H78 V-70 Q60 -60 50 -80 Q40 -60 30 -78 H-78 Z" fill="${p.base}"/>
    <rect x="-56" y="6" width="112" height="70" rx="35" fill="#fbf3dc"/><path d="M-14 30 L0 22 L14 30 V46 L0 54 L-14 46 Z" fill="#e8a317"/>
    <path d="M60 -130 L140 40" stroke="url(#w)" stroke-width="10" stroke-linecap="round"/><ellipse cx="140" cy="50" rx="18" ry="24" fill="url(#w)" transform="rotate(-25 140 50)"/>`,
  oliveOil: (p: Paint) => `
    <rect x="-18" y="-150" width="36" height="30" rx="6" fill="url(#s)"/>
    <path d="M-16 -120 H16 V-70 Q56 -50 56 -10 V116 Q56 130 42 130 H-42 Q-56 130 -56 116 V-10 Q-56 -50 -16 -70 Z" fill="#6b7a1a"/>
    <path d="M-16 -120 H16 V-70 Q56 -50 56 -10 V116 Q56 130 42 130 H-42 Q-56 130 -56 116 V-10 Q-56 -50 -16 -70 Z" fill="url(#gl)" opacity=".6"/>
    ${label(0, 90, p)}<path d="M-26 24 Q0 10 26 24" stroke="#a7c957" stroke-width="4" fill="none"/>
    <ellipse cx="90" cy="116" rx="16" ry="11" fill="#556b2f"/><ellipse cx="116" cy="122" rx="14" ry="10" fill="#3d4f1c"/>`,
  granola: (p: Paint) => `${jar('url(#c)', '#d9a35b')}
    ${Array.from({ length: 18 }, (_, i) => `<circle cx="${-64 + ((i * 37) % 128)}" cy="${-44 + ((i * 53) % 160)}" r="${6 + (i % 3) * 3}" fill="${['#b07a3a', '#8c5a2b', '#f4e3c1'][i % 3]}"/>`).join('')}
    ${label(30, 50, p)}`,
  chocolateBar: (p: Paint) => `
    <g transform="translate(0 34) rotate(-8)">
    <rect x="-130" y="-80" width="260" height="160" rx="6" fill="#4a2a18"/>
    ${Array.from({ length: 8 }, (_, i) => `<rect x="${-122 + (i % 4) * 40}" y="${-72 + Math.floor(i / 4) * 74}" width="34" height="68" rx="3" fill="#5e3520"/><rect x="${-122 + (i % 4) * 40}" y="${-72 + Math.floor(i / 4) * 74}" width="34" height="8" rx="3" fill="#7a4a2e"/>`).join('')}
    <path d="M30 -84 H140 V84 H30 L40 60 L28 40 L42 20 L30 0 L42 -20 L28 -40 L40 -60 Z" fill="url(#m)"/>
    <rect x="64" y="-30" width="60" height="60" rx="30" fill="#fff" opacity=".85"/><path d="M80 0 H108" stroke="${p.deep}" stroke-width="6"/>
    <path d="M30 -84 H140 V-74 H34 Z" fill="#fff" opacity=".3"/></g>`,
  riceSack: () => `
    <path d="M-40 -120 Q-60 -150 -30 -150 L0 -130 L30 -150 Q60 -150 40 -120 Z" fill="url(#m)"/>
    <path d="M-40 -120 Q-120 -60 -110 60 Q-106 130 0 130 Q106 130 110 60 Q120 -60 40 -120 Z" fill="url(#m)"/>
    <path d="M-44 -122 H44" stroke="#c9a66b" stroke-width="10" stroke-linecap="round"/>
    <rect x="-64" y="-10" width="128" height="80" rx="8" fill="#fbf8ef"/><path d="M-30 50 Q0 -10 30 50" stroke="#c9a66b" stroke-width="4" fill="none"/><path d="M0 50 V10" stroke="#c9a66b" stroke-width="4"/>
    ${Array.from({ length: 14 }, (_, i) => `<ellipse cx="${110 + (i % 5) * 9}" cy="${122 + (i % 3) * 3}" rx="5" ry="2" fill="#f3ecd9" transform="rotate(${i * 40} ${110 + (i % 5) * 9} ${122 + (i % 3) * 3})"/>`).join('')}`,
  necklace: () => `
    <path d="M-110 -130 Q-130 40 0 90 Q130 40 110 -130" fill="none" stroke="url(#g)" stroke-width="5" stroke-dasharray="7 3"/>
    ${Array.from({ length: 9 }, (_, i) => {
      const t = (i - 4) / 4;
      return `<circle cx="${t * 78}" cy="${84 - t * t * 52}" r="${12 - Math.abs(t) * 5}" fill="url(#m)"/><circle cx="${t * 78 - 3}" cy="${80 - t * t * 52}" r="3" fill="#fff" opacity=".7"/>`;
    }).join('')}`,
  pendant: () => `
    <path d="M-90 -140 L0 20 L90 -140" fill="none" stroke="url(#g)" stroke-width="4" stroke-dasharray="6 3"/>
    <circle cy="26" r="10" fill="none" stroke="url(#g)" stroke-width="5"/>
    <path d="M0 36 C-60 70 -50 130 0 130 C50 130 60 70 0 36 Z" fill="url(#g)"/>
    <path d="M0 50 C-44 80 -36 120 0 120 C36 120 44 80 0 50 Z" fill="url(#m)"/>
    <path d="M0 50 L-20 96 L0 120 L20 96 Z" fill="#fff" opacity=".2"/><ellipse cx="-12" cy="84" rx="6" ry="12" fill="#fff" opacity=".6"/>`,
  ring: () => `
    <ellipse cy="50" rx="96" ry="80" fill="none" stroke="url(#g)" stroke-width="22"/>
    <ellipse cy="50" rx="96" ry="80" fill="none" stroke="#fff" stroke-width="3" opacity=".4"/>
    <path d="M-30 -30 L-20 -40 H20 L30 -30 L0 -14 Z" fill="url(#g)"/>
    <path d="M-44 -74 L-26 -100 H26 L44 -74 L0 -28 Z" fill="url(#m)"/>
    <path d="M-44 -74 H44 M-26 -100 L-12 -74 L0 -28 L12 -74 L26 -100" fill="none" stroke="#fff" stroke-width="2" opacity=".7"/>
    <path d="M-26 -100 L-12 -74 H-44 Z" fill="#fff" opacity=".4"/>`,
  earrings: () =>
    [-56, 56]
      .map(
        (
          x,
        ) => `<g transform="translate(${x} 0)"><path d="M0 -120 Q-26 -140 -26 -112 V-96" fill="none" stroke="url(#g)" stroke-width="5"/>
        <circle cy="-90" r="8" fill="url(#g)"/><path d="M0 -82 V-40" stroke="url(#g)" stroke-width="4"/>
        <path d="M0 -40 C-40 10 -34 80 0 90 C34 80 40 10 0 -40 Z" fill="url(#m)"/><ellipse cx="-10" cy="20" rx="6" ry="18" fill="#fff" opacity=".5"/></g>`,
      )
      .join(''),
  bracelet: () => `
    <ellipse cy="20" rx="130" ry="90" fill="none" stroke="url(#g)" stroke-width="24"/>
    <ellipse cy="20" rx="130" ry="90" fill="none" stroke="#fff" stroke-width="3" opacity=".35"/>
    ${[-120, -60, 0, 60, 120]
      .map((a) => {
        const x = Math.round(130 * Math.sin((a * Math.PI) / 180));
        const y = Math.round(20 + 90 * Math.cos((a * Math.PI) / 180));
        return `<circle cx="${x}" cy="${y}" r="14" fill="url(#m)" stroke="url(#g)" stroke-width="4"/>`;
      })
      .join('')}`,
  anklet: (p: Paint) => `
    <ellipse cy="10" rx="140" ry="60" fill="none" stroke="url(#s)" stroke-width="4" stroke-dasharray="5 3"/>
    ${Array.from({ length: 14 }, (_, i) => {
      const a = (i / 14) * Math.PI * 2;
      return `<circle cx="${Math.round(140 * Math.cos(a))}" cy="${Math.round(10 + 60 * Math.sin(a))}" r="9" fill="url(#m)" stroke="${p.shade}" stroke-width="2"/>`;
    }).join('')}
    <path d="M0 70 V96" stroke="url(#s)" stroke-width="3"/><path d="M0 96 L-16 112 L0 130 L16 112 Z" fill="url(#m)" stroke="url(#s)" stroke-width="3"/>
    <circle cx="-70" cy="68" r="9" fill="url(#s)"/><circle cx="70" cy="68" r="9" fill="url(#s)"/>`,
} satisfies Record<string, Drawing>;
