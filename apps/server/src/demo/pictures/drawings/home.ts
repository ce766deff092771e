import { type Drawing, type Paint, shine } from './paint.ts';

const mug = (x: number, y: number, s: number, p: Paint) => `<g transform="translate(${x} ${y}) scale(${s})">
  <path d="M56 -30 H72 C110 -30 110 50 72 50 H56" fill="none" stroke="${p.shade}" stroke-width="16"/>
  <path d="M-70 -70 H70 V80 Q70 110 40 110 H-40 Q-70 110 -70 80 Z" fill="url(#c)"/>
  <ellipse cy="-70" rx="70" ry="14" fill="${p.deep}"/><ellipse cy="-68" rx="62" ry="10" fill="#3b2616"/></g>`;

const wood = (x: number, y: number, w: number, h: number) =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="3" fill="url(#w)"/>`;

const SPINES = ['#c0392b', '#2e86de', '#f6b93b', '#38ada9', '#8e44ad', '#e17055', '#2d3436', '#6ab04c'];

export const HOME = {
  kettle: (p: Paint) => `
    <path d="M-70 -100 Q-80 -150 0 -150 Q80 -150 70 -100" fill="none" stroke="#24262b" stroke-width="16"/>
    <path d="M-90 100 L-70 -100 H70 L90 100 Z" fill="url(#c)"/>
    <path d="M-84 -40 L-140 -84 L-130 -96 L-76 -70 Z" fill="url(#c)"/>
    <ellipse cy="-100" rx="70" ry="10" fill="${p.deep}"/><rect x="-14" y="-114" width="28" height="12" rx="4" fill="#24262b"/>
    <rect x="-100" y="100" width="200" height="30" rx="10" fill="url(#k)"/>
    <rect x="20" y="-60" width="20" height="120" rx="6" fill="#fff" opacity=".25"/>`,
  blender: () => `
    <path d="M-60 -140 H60 L44 20 H-44 Z" fill="url(#gl)" stroke="#b8c4ce" stroke-width="3"/>
    <path d="M-52 -60 H52 L44 20 H-44 Z" fill="#f2a7c3" opacity=".8"/>
    <rect x="-66" y="-152" width="132" height="18" rx="6" fill="url(#k)"/><path d="M-20 10 L20 -4 M-20 -4 L20 10" stroke="url(#s)" stroke-width="5"/>
    <path d="M60 -120 H80 Q96 -120 96 -104 V-20 Q96 -4 80 -4 H56" fill="none" stroke="#b8c4ce" stroke-width="10"/>
    <path d="M-70 20 H70 L84 130 H-84 Z" fill="url(#c)"/><circle cy="76" r="18" fill="url(#s)"/><circle cy="76" r="8" fill="#24262b"/>`,
  pan: (p: Paint) => `
    <path d="M60 20 L160 -30" stroke="#24262b" stroke-width="20" stroke-linecap="round"/>
    <ellipse cx="-40" cy="60" rx="120" ry="50" fill="${p.deep}"/>
    <path d="M-160 30 Q-160 110 -40 110 Q80 110 80 30 Z" fill="url(#m)"/>
    <ellipse cx="-40" cy="30" rx="120" ry="48" fill="${p.shade}"/><ellipse cx="-40" cy="34" rx="104" ry="38" fill="#2a2c31"/>
    <ellipse cx="-70" cy="26" rx="40" ry="10" fill="#fff" opacity=".12"/><circle cx="156" cy="-28" r="6" fill="#8a8f98"/>`,
  mugs: (p: Paint) => `${mug(58, -40, 0.9, p)}${mug(-46, 0, 1.05, p)}`,
  toaster: () => `
    <path d="M-60 -96 Q-60 -130 -40 -130 Q-20 -130 -20 -96 Z M20 -96 Q20 -130 40 -130 Q60 -130 60 -96 Z" fill="#d9a35b"/>
    <rect x="-150" y="-100" width="300" height="216" rx="60" fill="url(#m)"/>
    <rect x="-70" y="-104" width="54" height="10" rx="5" fill="#1c1e23"/><rect x="16" y="-104" width="54" height="10" rx="5" fill="#1c1e23"/>
    <rect x="136" y="-40" width="22" height="16" rx="4" fill="url(#k)"/><circle cx="100" cy="60" r="14" fill="url(#s)"/>
    ${shine('M-130 -60 Q-130 -90 -90 -92 H60 Q-80 -70 -130 20 Z', 0.3)}<rect x="-130" y="110" width="260" height="16" rx="6" fill="#2a2c31"/>`,
  airFryer: (p: Paint) => `
    <path d="M-100 -130 Q-100 -150 -80 -150 H80 Q100 -150 100 -130 L116 120 Q116 130 106 130 H-106 Q-116 130 -116 120 Z" fill="url(#m)"/>
    <rect x="-60" y="-130" width="120" height="50" rx="10" fill="#1c1e23"/><text x="0" y="-96" text-anchor="middle" font-size="22" font-family="monospace" fill="#ff8c42">180°</text>
    <path d="M-104 -20 H104 L110 110 H-110 Z" fill="${p.shade}"/><rect x="-40" y="20" width="80" height="26" rx="8" fill="#24262b"/>
    ${shine('M-92 -130 Q-92 -142 -76 -142 L-90 -30 H-100 Z', 0.3)}`,
  teapot: (p: Paint) => `
    <path d="M90 -20 Q150 -20 140 40 Q130 80 96 70" fill="none" stroke="${p.shade}" stroke-width="16"/>
    <path d="M-96 10 Q-140 -10 -156 -60 L-144 -64 Q-120 -30 -90 -20 Z" fill="url(#m)"/>
    <ellipse cy="30" rx="110" ry="100" fill="url(#m)"/><rect x="-70" y="110" width="140" height="20" rx="6" fill="${p.deep}"/>
    <ellipse cy="-64" rx="60" ry="16" fill="${p.shade}"/><path d="M-50 -66 Q0 -110 50 -66 Z" fill="url(#m)"/><circle cy="-96" r="12" fill="${p.deep}"/>
    ${shine('M-80 -10 Q-60 -50 -10 -56 Q-60 -30 -70 20 Z', 0.35)}`,
  armchair: (p: Paint) => `
    <rect x="-110" y="-130" width="220" height="170" rx="40" fill="url(#m)"/>
    ${wood(-118, 96, 14, 40)}${wood(104, 96, 14, 40)}
    <rect x="-104" y="20" width="208" height="84" rx="20" fill="${p.light}"/><rect x="-104" y="20" width="208" height="84" rx="20" fill="url(#m)" opacity=".6"/>
    <rect x="-150" y="-40" width="58" height="144" rx="26" fill="${p.shade}"/><rect x="92" y="-40" width="58" height="144" rx="26" fill="${p.shade}"/>
    ${shine('M-96 -110 Q-90 -124 -60 -124 H60 Q-60 -110 -96 -40 Z', 0.2)}`,
  sofa: (p: Paint) => `
    <rect x="-150" y="-70" width="300" height="120" rx="24" fill="url(#m)"/>
    <path d="M-50 -64 V46 M50 -64 V46" stroke="${p.shade}" stroke-width="4"/>
    ${wood(-144, 104, 12, 28)}${wood(132, 104, 12, 28)}
    <rect x="-140" y="30" width="280" height="76" rx="16" fill="url(#m)"/><path d="M-47 34 V100 M47 34 V100" stroke="${p.shade}" stroke-width="4"/>
    <rect x="-170" y="-20" width="44" height="126" rx="20" fill="${p.shade}"/><rect x="126" y="-20" width="44" height="126" rx="20" fill="${p.shade}"/>`,
  desk: (p: Paint) => `
    <rect x="-160" y="-50" width="320" height="22" rx="4" fill="url(#w)"/>
    <rect x="-150" y="-28" width="12" height="158" fill="#2a2c31"/><rect x="138" y="-28" width="12" height="158" fill="#2a2c31"/>
    <rect x="40" y="-28" width="96" height="130" fill="url(#m)"/><path d="M40 14 H136 M40 58 H136" stroke="${p.deep}" stroke-width="3"/>
    <rect x="76" y="-10" width="24" height="6" rx="3" fill="url(#s)"/><rect x="76" y="34" width="24" height="6" rx="3" fill="url(#s)"/><rect x="76" y="78" width="24" height="6" rx="3" fill="url(#s)"/>
    <rect x="-110" y="-104" width="34" height="54" rx="3" fill="#f0e6d2"/><path d="M-93 -104 L-70 -140 L-40 -120" fill="none" stroke="#2a2c31" stroke-width="6"/><ellipse cx="-40" cy="-118" rx="22" ry="12" fill="#2a2c31"/>`,
  bookshelf: (p: Paint) => {
    const books = [-86, -14, 58]
      .map((y, row) =>
        Array.from(
          { length: 9 },
          (_, i) =>
            `<rect x="${-100 + i * 18 + (row % 2) * 6}" y="${y - 40 - ((i * 7 + row * 3) % 4) * 5}" width="15" height="${40 + ((i * 7 + row * 3) % 4) * 5}" rx="2" fill="${SPINES[(i + row * 3) % SPINES.length]}"/>`,
        ).join(''),
      )
      .join('');
    return `<rect x="-120" y="-150" width="240" height="280" rx="6" fill="url(#m)"/>
    <rect x="-106" y="-136" width="212" height="252" fill="${p.deep}"/>${books}
    <rect x="-108" y="-88" width="216" height="10" fill="url(#m)"/><rect x="-108" y="-16" width="216" height="10" fill="url(#m)"/><rect x="-108" y="56" width="216" height="10" fill="url(#m)"/>`;
  },
  barStool: (p: Paint) => `
    <path d="M-50 -70 L-76 130 M50 -70 L76 130 M-16 -70 L-24 130 M16 -70 L24 130" stroke="url(#s)" stroke-width="8" stroke-linecap="round"/>
    <ellipse cy="50" rx="62" ry="14" fill="none" stroke="url(#s)" stroke-width="7"/>
    <ellipse cy="-74" rx="84" ry="26" fill="${p.shade}"/><ellipse cy="-86" rx="84" ry="26" fill="url(#m)"/>
    <ellipse cx="-20" cy="-92" rx="40" ry="8" fill="#fff" opacity=".25"/>`,
  sideTable: (p: Paint) => `
    <path d="M-60 -30 L-90 130 M60 -30 L90 130 M0 -20 V130" stroke="url(#w)" stroke-width="12" stroke-linecap="round"/>
    <ellipse cy="-30" rx="116" ry="30" fill="${p.shade}"/><ellipse cy="-40" rx="116" ry="30" fill="url(#m)"/>
    <path d="M-30 -60 Q-36 -120 -10 -130 H10 Q36 -120 30 -60 Z" fill="#f4efe6"/>
    <path d="M0 -130 Q-30 -170 -50 -160 M0 -130 Q20 -180 44 -166 M0 -130 Q4 -170 -6 -184" stroke="#4c8f4a" stroke-width="6" fill="none" stroke-linecap="round"/>`,
  officeChair: (p: Paint) => `
    <path d="M0 90 L-110 118 M0 90 L110 118 M0 90 L-50 126 M0 90 L50 126" stroke="#24262b" stroke-width="12" stroke-linecap="round"/>
    ${[-110, 110, -50, 50].map((x) => `<circle cx="${x}" cy="${x % 100 === 0 ? 124 : 128}" r="9" fill="#111"/>`).join('')}
    <rect x="-8" y="20" width="16" height="74" fill="url(#s)"/>
    <rect x="-80" y="-150" width="160" height="150" rx="40" fill="url(#m)"/>
    <path d="${Array.from({ length: 7 }, (_, i) => `M${-60 + i * 20} -134 V-16`).join(' ')}" stroke="${p.deep}" stroke-width="2" opacity=".4"/>
    <rect x="-10" y="-8" width="20" height="24" fill="#24262b"/>
    <rect x="-104" y="4" width="208" height="36" rx="18" fill="${p.shade}"/>
    <path d="M-112 -40 H-86 V20 M112 -40 H86 V20" stroke="#24262b" stroke-width="10" fill="none" stroke-linecap="round"/>`,
} satisfies Record<string, Drawing>;
