import { type Drawing, type Paint, shine } from './paint.ts';

const SHORT_SLEEVES =
  'M-50 -124 L-136 -84 L-108 -8 L-80 -20 V128 H80 V-20 L108 -8 L136 -84 L50 -124 C38 -96 -38 -96 -50 -124 Z';
const LONG_SLEEVES =
  'M-52 -124 L-112 -100 Q-132 -90 -136 -62 L-152 112 L-114 116 L-94 -18 L-80 -28 V128 H80 V-28 L94 -18 L114 116 L152 112 L136 -62 Q132 -90 112 -100 L52 -124 C40 -96 -40 -96 -52 -124 Z';

/** A garment laid flat: its outline, a fold shadow down one side, and its own details. */
const garment =
  (outline: string, details: (p: Paint) => string): Drawing =>
  (p) => `
  <path d="${outline}" fill="url(#m)"/>
  <path d="M30 -90 Q52 20 40 128 H80 V-28 Z" fill="${p.deep}" opacity=".12"/>
  ${details(p)}`;

const cuffs = (p: Paint) =>
  `<path d="M-152 112 L-150 96 L-112 100 L-114 116 Z M152 112 L150 96 L112 100 L114 116 Z M-80 116 H80 V128 H-80 Z" fill="${p.shade}"/>`;

const bag =
  (body: string, extra: (p: Paint) => string): Drawing =>
  (p) =>
    `${body.replace(/MAIN/g, 'url(#m)')}${extra(p)}`;

export const STYLE = {
  tee: garment(
    SHORT_SLEEVES,
    (p) => `
    <path d="M-50 -124 C-38 -96 38 -96 50 -124" fill="none" stroke="${p.shade}" stroke-width="9"/>
    <circle cy="8" r="42" fill="${p.light}" opacity=".85"/><path d="M-26 26 L-4 -14 L10 10 L18 -2 L32 26 Z" fill="${p.deep}"/><circle cx="14" cy="-12" r="7" fill="${p.deep}"/>`,
  ),
  shirt: garment(
    LONG_SLEEVES,
    (p) => `
    <path d="M-52 -124 L-6 -80 L-30 -56 L-58 -110 Z M52 -124 L6 -80 L30 -56 L58 -110 Z" fill="${p.light}"/>
    <path d="M0 -82 V128" stroke="${p.shade}" stroke-width="3"/>
    ${[-50, -10, 30, 70, 108].map((y) => `<circle cx="8" cy="${y}" r="4" fill="#f4f1ea"/>`).join('')}
    <path d="M-62 -40 H-24 V-8 H-62 Z" fill="none" stroke="${p.shade}" stroke-width="3"/>${cuffs(p)}`,
  ),
  hoodie: garment(
    LONG_SLEEVES,
    (p) => `
    <path d="M-52 -124 Q-60 -176 0 -180 Q60 -176 52 -124 C40 -96 -40 -96 -52 -124 Z" fill="${p.shade}"/>
    <path d="M-38 -124 Q-40 -160 0 -162 Q40 -160 38 -124 C26 -104 -26 -104 -38 -124 Z" fill="${p.deep}"/>
    <path d="M-12 -104 V-40 M12 -104 V-40" stroke="#f4f1ea" stroke-width="5" stroke-linecap="round"/>
    <path d="M-56 40 H56 L70 100 H-70 Z" fill="${p.shade}" opacity=".55"/>${cuffs(p)}`,
  ),
  sweater: garment(
    LONG_SLEEVES,
    (p) => `
    <path d="M-52 -124 C-40 -96 40 -96 52 -124" fill="none" stroke="${p.shade}" stroke-width="12"/>
    <path d="${[-40, 0, 40].map((y) => `M-80 ${y} ${Array.from({ length: 8 }, (_, i) => `L${-70 + i * 20} ${y + (i % 2 ? 10 : -10)}`).join(' ')} L80 ${y}`).join(' ')}" fill="none" stroke="${p.light}" stroke-width="5" opacity=".8"/>
    <path d="M-80 108 V128 M-60 108 V128 M-40 108 V128 M-20 108 V128 M0 108 V128 M20 108 V128 M40 108 V128 M60 108 V128" stroke="${p.deep}" stroke-width="2" opacity=".5"/>${cuffs(p)}`,
  ),
  jacket: garment(
    LONG_SLEEVES,
    (p) => `
    <path d="M-52 -124 L-20 -60 L-40 -40 L-70 -112 Z M52 -124 L20 -60 L40 -40 L70 -112 Z" fill="${p.shade}"/>
    <path d="M0 -96 V128" stroke="url(#s)" stroke-width="6"/><rect x="-5" y="-70" width="10" height="18" rx="2" fill="url(#s)"/>
    <path d="M-66 40 L-26 40 M26 40 L66 40" stroke="${p.deep}" stroke-width="4" stroke-linecap="round"/>
    <path d="M-80 128 V110 H80 V128" fill="${p.shade}"/>${cuffs(p)}`,
  ),
  dress: (p: Paint) => `
    <path d="M-44 -146 L-38 -96 Q-52 -60 -44 -20 L-120 126 Q0 146 120 126 L44 -20 Q52 -60 38 -96 L44 -146 L30 -146 Q0 -110 -30 -146 Z" fill="url(#m)"/>
    <path d="M-44 -20 Q0 -8 44 -20 L46 -8 Q0 4 -46 -8 Z" fill="${p.deep}"/>
    <path d="M-20 0 L-64 126 M20 0 L64 126 M0 4 V136" stroke="${p.shade}" stroke-width="3" opacity=".6"/>
    ${shine('M-36 -90 Q-46 -50 -38 -24 L-26 -24 Q-34 -60 -26 -96 Z', 0.25)}`,
  scarf: (p: Paint) => `
    <path d="M-110 -120 Q0 -150 110 -120 L96 -80 Q0 -104 -96 -80 Z" fill="${p.shade}"/>
    <path d="M-96 -80 Q-60 -94 -40 -90 L-60 110 H-116 Z" fill="url(#m)"/>
    <path d="M96 -80 Q60 -94 40 -90 L40 80 H96 Z" fill="url(#m)"/>
    <path d="M-92 -20 L-48 -20 M-100 40 L-52 40 M44 -10 H96 M42 40 H96" stroke="${p.light}" stroke-width="10"/>
    <path d="${Array.from({ length: 8 }, (_, i) => `M${-114 + i * 7.5} 110 V130`).join(' ')} ${Array.from({ length: 8 }, (_, i) => `M${42 + i * 7.5} 80 V100`).join(' ')}" stroke="${p.shade}" stroke-width="3"/>`,
  sneaker: (p: Paint) => `
    <path d="M-150 80 V20 C-150 -14 -130 -44 -100 -44 C-86 -44 -80 -30 -62 -30 C-44 -30 -36 -62 -18 -62 C0 -62 10 -30 40 -16 L110 18 C140 30 154 50 154 80 Z" fill="url(#m)"/>
    <path d="M-30 -52 L-44 -32 M-16 -42 L-30 -22 M-2 -32 L-16 -12 M12 -24 L-2 -4" stroke="#fafafa" stroke-width="6" stroke-linecap="round"/>
    <path d="M-120 40 C-60 10 10 20 70 50" fill="none" stroke="${p.light}" stroke-width="10" stroke-linecap="round"/>
    <rect x="-158" y="74" width="316" height="36" rx="16" fill="#f4f4f2"/><rect x="-158" y="100" width="316" height="12" rx="6" fill="#9a9a96"/>
    ${shine('M-140 10 C-140 -20 -120 -36 -100 -36 C-120 -20 -126 0 -128 30 Z', 0.3)}`,
  boot: (p: Paint) => `
    <path d="M-110 -140 H10 L14 20 C60 30 120 40 140 70 V100 H-116 Z" fill="url(#m)"/>
    <path d="M-110 -140 H10 V-124 H-110 Z" fill="${p.shade}"/>
    <path d="${[-110, -84, -58, -32, -6].map((y) => `M-10 ${y} L10 ${y + 10}`).join(' ')}" stroke="#efe6d2" stroke-width="5" stroke-linecap="round"/>
    <rect x="-122" y="96" width="270" height="28" rx="8" fill="#3a2a1e"/><rect x="-122" y="96" width="70" height="34" rx="6" fill="#2a1e16"/>
    <path d="M-96 -120 V80" stroke="#fff" stroke-width="10" opacity=".18" stroke-linecap="round"/>`,
  sandal: () => `
    <path d="M-132 80 C-150 -10 -70 -40 -60 40" fill="none" stroke="url(#m)" stroke-width="16"/>
    <path d="M-56 84 C-50 -10 36 -10 44 84" fill="none" stroke="url(#m)" stroke-width="22"/>
    <path d="M50 86 C60 20 124 24 130 88" fill="none" stroke="url(#m)" stroke-width="22"/>
    <rect x="-112" y="-20" width="22" height="18" rx="4" fill="none" stroke="url(#g)" stroke-width="5"/>
    <path d="M-152 96 C-152 80 -136 76 -110 78 L120 80 C146 82 156 90 154 102 C152 112 140 114 120 114 H-130 C-146 114 -152 108 -152 96 Z" fill="#e3c69d"/>
    <path d="M-152 104 C-150 120 -136 126 -118 126 H124 C144 126 156 118 154 104" fill="#6b4a2e"/>`,
  loafer: (p: Paint) => `
    <path d="M-150 84 V40 C-150 10 -124 -6 -90 -6 L20 -14 C80 -16 140 20 152 60 L154 84 Z" fill="url(#m)"/>
    <path d="M20 -14 C60 -14 96 10 110 40 C80 50 40 40 10 20 Z" fill="${p.shade}" opacity=".55"/>
    <path d="M-20 6 C10 20 40 24 70 20" stroke="${p.deep}" stroke-width="10" fill="none"/><rect x="20" y="12" width="24" height="10" rx="3" fill="url(#g)"/>
    <rect x="-156" y="80" width="314" height="20" rx="8" fill="#3a2a1e"/><rect x="-156" y="84" width="56" height="32" rx="4" fill="#2a1e16"/>
    ${shine('M-140 40 C-140 14 -120 2 -90 0 L-20 -4 C-70 4 -120 10 -130 50 Z', 0.3)}`,
  backpack: bag(
    `<path d="M-40 -130 Q0 -160 40 -130" fill="none" stroke="#2b2d33" stroke-width="12"/><rect x="-120" y="-120" width="240" height="254" rx="60" fill="MAIN"/>`,
    (p) => `<path d="M-112 -40 Q0 -76 112 -40" fill="none" stroke="${p.deep}" stroke-width="4"/>
    <rect x="-84" y="20" width="168" height="100" rx="26" fill="${p.shade}"/><path d="M-70 44 H70" stroke="${p.deep}" stroke-width="4"/>
    <rect x="42" y="40" width="8" height="22" rx="3" fill="url(#s)"/>${shine('M-108 -60 Q-108 -110 -60 -116 Q-96 -90 -98 40 Z', 0.25)}`,
  ),
  tote: bag(
    `<path d="M-74 -50 V-120 Q-74 -150 -44 -150 Q-14 -150 -14 -120 V-50 M14 -50 V-120 Q14 -150 44 -150 Q74 -150 74 -120 V-50" fill="none" stroke="#3a2a1e" stroke-width="12"/><path d="M-124 -60 H124 L140 130 H-140 Z" fill="MAIN"/>`,
    (p) =>
      `<path d="M-124 -60 H124 L126 -40 H-126 Z" fill="${p.shade}"/><rect x="-70" y="0" width="140" height="70" fill="${p.light}" opacity=".45"/>${shine('M-120 -40 L-136 120 L-110 120 L-100 -40 Z', 0.18)}`,
  ),
  handbag: bag(
    `<path d="M-60 -40 V-80 Q-60 -130 0 -130 Q60 -130 60 -80 V-40" fill="none" stroke="${'#3a2a1e'}" stroke-width="14"/><path d="M-120 -50 H120 Q132 -50 134 -38 L150 110 Q152 128 134 128 H-134 Q-152 128 -150 110 L-134 -38 Q-132 -50 -120 -50 Z" fill="MAIN"/>`,
    (p) =>
      `<path d="M-134 -48 H134 L126 30 Q0 64 -126 30 Z" fill="${p.shade}"/><rect x="-16" y="26" width="32" height="26" rx="6" fill="url(#g)"/>${shine('M-126 40 L-140 110 L-120 116 L-110 44 Z', 0.2)}`,
  ),
  duffel: bag(
    `<path d="M-70 -60 Q0 -140 70 -60" fill="none" stroke="#2b2d33" stroke-width="12"/><rect x="-150" y="-60" width="300" height="180" rx="90" fill="MAIN"/>`,
    (
      p,
    ) => `<path d="M-110 -46 H110" stroke="url(#s)" stroke-width="6"/><ellipse cx="-126" cy="30" rx="22" ry="80" fill="${p.shade}"/><ellipse cx="126" cy="30" rx="22" ry="80" fill="${p.shade}"/>
    <path d="M-90 40 H90" stroke="${p.deep}" stroke-width="4" stroke-dasharray="8 6"/>${shine('M-100 -40 Q0 -60 100 -40 Q0 -40 -100 -10 Z', 0.25)}`,
  ),
  messenger: bag(
    `<path d="M-110 -60 Q-150 -170 0 -170 Q150 -170 110 -60" fill="none" stroke="#2b2d33" stroke-width="14"/><rect x="-140" y="-70" width="280" height="200" rx="18" fill="MAIN"/>`,
    (
      p,
    ) => `<path d="M-140 -52 Q-140 -70 -122 -70 H122 Q140 -70 140 -52 V50 Q140 68 122 68 H-122 Q-140 68 -140 50 Z" fill="${p.shade}"/>
    <rect x="-70" y="40" width="20" height="50" rx="4" fill="#3a2a1e"/><rect x="50" y="40" width="20" height="50" rx="4" fill="#3a2a1e"/><rect x="-72" y="62" width="24" height="10" fill="url(#s)"/><rect x="48" y="62" width="24" height="10" fill="url(#s)"/>`,
  ),
  wallet: bag(
    `<rect x="-150" y="-80" width="300" height="190" rx="16" fill="MAIN"/>`,
    (
      p,
    ) => `<rect x="-136" y="-104" width="120" height="80" rx="6" fill="#4dabf7"/><rect x="-120" y="-112" width="120" height="80" rx="6" fill="#f7c948"/>
    <rect x="-150" y="-60" width="300" height="170" rx="16" fill="url(#m)"/><path d="M0 -60 V110" stroke="${p.deep}" stroke-width="4"/>
    <path d="M-140 -40 H-10 M10 -40 H140" stroke="${p.light}" stroke-width="2" stroke-dasharray="6 5"/>
    <path d="M-150 20 H-10 M10 20 H150" stroke="${p.shade}" stroke-width="3"/>${shine('M-140 -50 H-20 L-140 60 Z', 0.12)}`,
  ),
  crossbody: bag(
    `<path d="M-80 -6 C-120 -200 120 -200 80 -6" fill="none" stroke="#2b2d33" stroke-width="7"/><rect x="-96" y="-20" width="192" height="140" rx="30" fill="MAIN"/>`,
    (
      p,
    ) => `<path d="M-96 10 Q-96 -20 -66 -20 H66 Q96 -20 96 10 V40 Q0 70 -96 40 Z" fill="${p.shade}"/><circle cy="50" r="10" fill="url(#g)"/>
    <path d="M-80 110 H80" stroke="${p.deep}" stroke-width="3" stroke-dasharray="6 5"/>`,
  ),
  dropperBottle: (p: Paint) => `
    <rect x="-22" y="-150" width="44" height="60" rx="22" fill="url(#k)"/><rect x="-32" y="-96" width="64" height="36" rx="6" fill="url(#g)"/>
    <path d="M-30 -60 H30 Q70 -50 70 -10 V112 Q70 130 50 130 H-50 Q-70 130 -70 112 V-10 Q-70 -50 -30 -60 Z" fill="url(#m)" opacity=".92"/>
    <rect x="-70" y="8" width="140" height="80" fill="#f5efe4"/><rect x="-40" y="30" width="80" height="8" rx="4" fill="${p.deep}"/><rect x="-28" y="50" width="56" height="6" rx="3" fill="${p.shade}"/>
    <path d="M-6 -60 V80" stroke="#fff" stroke-width="6" opacity=".35"/>${shine('M-56 -30 Q-60 -44 -44 -48 V110 H-56 Z', 0.45)}`,
  creamJar: (p: Paint) => `
    <path d="M-120 -40 H120 V110 Q120 130 100 130 H-100 Q-120 130 -120 110 Z" fill="#f3f1ec"/>
    <path d="M-120 -40 H120 V110 Q120 130 100 130 H-100 Q-120 130 -120 110 Z" fill="url(#gl)" opacity=".7"/>
    <rect x="-128" y="-96" width="256" height="60" rx="10" fill="url(#c)"/>
    <path d="M-128 -80 H128" stroke="#fff" stroke-width="3" opacity=".35"/>
    <rect x="-72" y="20" width="144" height="60" rx="8" fill="${p.light}" opacity=".5"/><rect x="-44" y="40" width="88" height="8" rx="4" fill="${p.deep}"/><rect x="-30" y="58" width="60" height="5" rx="2" fill="${p.shade}"/>`,
  perfume: () => `
    <rect x="-30" y="-150" width="60" height="54" rx="6" fill="url(#g)"/><rect x="-14" y="-100" width="28" height="22" fill="url(#s)"/>
    <path d="M-100 -80 H100 L120 -56 V104 L100 128 H-100 L-120 104 V-56 Z" fill="#eef3f7" opacity=".85"/>
    <path d="M-104 -40 H104 V100 L92 114 H-92 L-104 100 Z" fill="url(#m)" opacity=".85"/>
    <path d="M-100 -80 L-84 -64 V112 L-100 128 M100 -80 L84 -64 V112 L100 128 M-84 -64 H84 M-84 112 H84" fill="none" stroke="#fff" stroke-width="3" opacity=".7"/>
    ${shine('M-76 -56 H-52 V104 H-76 Z', 0.4)}<rect x="-40" y="20" width="80" height="34" fill="#fff" opacity=".7"/>`,
  pumpBottle: (p: Paint) => `
    <path d="M-40 -140 H40 V-120 H-40 Z M40 -134 H80 V-124 H40 Z" fill="url(#s)"/><rect x="-10" y="-124" width="20" height="40" fill="url(#s)"/>
    <rect x="-30" y="-86" width="60" height="28" rx="4" fill="url(#s)"/>
    <rect x="-70" y="-64" width="140" height="194" rx="24" fill="url(#c)"/>
    <rect x="-56" y="0" width="112" height="84" rx="6" fill="#fbfaf7"/><rect x="-34" y="20" width="68" height="8" rx="4" fill="${p.deep}"/><rect x="-24" y="38" width="48" height="6" rx="3" fill="${p.shade}"/>`,
  shampoo: (p: Paint) => `
    <rect x="-44" y="-150" width="88" height="40" rx="12" fill="${p.deep}"/>
    <path d="M-44 -114 H44 Q90 -90 90 -10 V110 Q90 130 70 130 H-70 Q-90 130 -90 110 V-10 Q-90 -90 -44 -114 Z" fill="url(#c)"/>
    <ellipse cy="30" rx="58" ry="54" fill="#fbfaf7" opacity=".9"/><path d="M-20 30 Q0 -10 20 30 Q0 50 -20 30 Z" fill="${p.base}"/><rect x="-30" y="52" width="60" height="6" rx="3" fill="${p.shade}"/>`,
  tube: (p: Paint) => `
    <path d="M-92 -150 H92 L92 -132 H-92 Z" fill="${p.shade}"/>
    <path d="M-90 -132 H90 L56 96 H-56 Z" fill="url(#m)"/>
    <path d="M-76 -132 L-50 96" stroke="#fff" stroke-width="10" opacity=".25"/>
    <rect x="-60" y="92" width="120" height="38" rx="8" fill="url(#c)"/>
    <rect x="-40" y="-60" width="80" height="10" rx="5" fill="#fbfaf7"/><rect x="-30" y="-40" width="60" height="6" rx="3" fill="#fbfaf7" opacity=".8"/>
    <path d="M-90 -146 H90" stroke="${p.deep}" stroke-width="2" stroke-dasharray="3 4"/>`,
} satisfies Record<string, Drawing>;
