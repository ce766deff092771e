import { type Drawing, type Paint, shine } from './paint.ts';

const screen = (x: number, y: number, w: number, h: number, r: number) =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${r}" fill="url(#sc)"/>` +
  shine(`M${x} ${y + h * 0.55} L${x + w * 0.7} ${y} H${x + w} V${y + h * 0.1} L${x} ${y + h * 0.8} Z`, 0.16);

const laptop =
  (gaming: boolean): Drawing =>
  (p) => `
  <rect x="-124" y="-118" width="248" height="168" rx="10" fill="${gaming ? 'url(#k)' : 'url(#m)'}"/>
  <rect x="-116" y="-110" width="232" height="152" rx="5" fill="#14161a"/>
  ${screen(-108, -102, 216, 136, 3)}
  <path d="M-124 50 H124 L160 112 Q162 122 150 122 H-150 Q-162 122 -160 112 Z" fill="url(#m)"/>
  <path d="M-112 58 H112 L132 94 H-132 Z" fill="${p.shade}"/>
  ${gaming ? `<path d="M-108 64 H108 M-114 74 H114 M-120 84 H120" stroke="#2ee6d6" stroke-width="3" opacity=".85"/><path d="M-160 112 L-150 122 H150 L160 112" fill="none" stroke="#ff3d7f" stroke-width="4"/>` : `<path d="M-106 66 H106 M-110 76 H110 M-116 86 H116" stroke="${p.deep}" stroke-width="2" opacity=".5"/>`}
  <rect x="-30" y="100" width="60" height="12" rx="3" fill="${p.shade}"/>
  <path d="M-160 112 Q-162 122 -150 122 H150 Q162 122 160 112" fill="none" stroke="${p.deep}" stroke-width="3"/>`;

const headphones =
  (mic: boolean): Drawing =>
  (p) => `
  <path d="M-104 30 V-20 A104 104 0 0 1 104 -20 V30" fill="none" stroke="${p.deep}" stroke-width="20" stroke-linecap="round"/>
  <path d="M-104 30 V-20 A104 104 0 0 1 104 -20 V30" fill="none" stroke="${p.light}" stroke-width="4" opacity=".5" transform="translate(0 -6)"/>
  <rect x="-112" y="10" width="14" height="44" rx="4" fill="url(#s)"/><rect x="98" y="10" width="14" height="44" rx="4" fill="url(#s)"/>
  <ellipse cx="-112" cy="80" rx="46" ry="62" fill="url(#m)"/><ellipse cx="112" cy="80" rx="46" ry="62" fill="url(#m)"/>
  <ellipse cx="-92" cy="80" rx="24" ry="54" fill="#24262b"/><ellipse cx="92" cy="80" rx="24" ry="54" fill="#24262b"/>
  ${shine('M-140 50 Q-130 26 -112 22 Q-126 44 -128 80 Z')}${shine('M84 50 Q94 26 112 22 Q98 44 96 80 Z')}
  ${mic ? `<path d="M-118 120 Q-110 150 -40 140" fill="none" stroke="#24262b" stroke-width="9" stroke-linecap="round"/><ellipse cx="-36" cy="139" rx="14" ry="10" fill="${p.base}"/>` : ''}`;

const watchFace = (marks: number) =>
  Array.from(
    { length: marks },
    (_, i) =>
      `<rect x="-2" y="-60" width="4" height="${i % 3 === 0 ? 14 : 7}" fill="#f2f2f2" transform="rotate(${i * (360 / marks)})"/>`,
  ).join('');

export const TECH = {
  phone: (p: Paint) => `
    <rect x="-74" y="-148" width="148" height="284" rx="26" fill="url(#m)"/>
    <rect x="-66" y="-140" width="132" height="268" rx="20" fill="#111317"/>
    ${screen(-60, -134, 120, 256, 15)}
    <circle cy="-122" r="5" fill="#111317"/>
    <rect x="74" y="-80" width="4" height="40" rx="2" fill="${p.shade}"/>`,
  foldablePhone: (p: Paint) => `
    <rect x="-138" y="-128" width="276" height="250" rx="22" fill="url(#m)"/>
    <rect x="-130" y="-120" width="260" height="234" rx="16" fill="#111317"/>
    ${screen(-124, -114, 248, 222, 12)}
    <path d="M0 -120 V114" stroke="#fff" stroke-width="2" opacity=".25"/>
    <rect x="-4" y="-128" width="8" height="250" fill="${p.shade}" opacity=".5"/>
    <circle cx="70" cy="-102" r="5" fill="#111317"/>`,
  tablet: (p: Paint) => `
    <rect x="-158" y="-110" width="316" height="226" rx="20" fill="url(#m)"/>
    <rect x="-150" y="-102" width="300" height="210" rx="14" fill="#111317"/>
    ${screen(-142, -94, 284, 194, 8)}
    <circle cx="0" cy="-97" r="3" fill="#333"/>
    <rect x="-60" y="-110" width="30" height="3" fill="${p.shade}"/>`,
  laptop: laptop(false),
  gamingLaptop: laptop(true),
  headphones: headphones(false),
  headset: headphones(true),
  earbuds: (p: Paint) => `
    <rect x="-80" y="20" width="160" height="110" rx="44" fill="url(#m)"/>
    <path d="M-80 62 H80" stroke="${p.deep}" stroke-width="3"/>
    <rect x="-10" y="82" width="20" height="6" rx="3" fill="#3ddc84"/>
    ${shine('M-70 40 Q-60 26 -30 24 Q-58 34 -62 56 Z', 0.4)}
    <g transform="translate(-52 -56) rotate(-12)"><rect x="-12" y="0" width="24" height="92" rx="12" fill="url(#m)"/><circle cy="-4" r="38" fill="url(#m)"/><circle cx="10" cy="-8" r="15" fill="#2a2c31"/></g>
    <g transform="translate(52 -56) rotate(12)"><rect x="-12" y="0" width="24" height="92" rx="12" fill="url(#m)"/><circle cy="-4" r="38" fill="url(#m)"/><circle cx="-10" cy="-8" r="15" fill="#2a2c31"/></g>`,
  watch: (p: Paint) => `
    <rect x="-44" y="-150" width="88" height="300" rx="18" fill="url(#m)"/>
    <path d="M-44 -120 H44 M-44 120 H44" stroke="${p.deep}" stroke-width="3" stroke-dasharray="4 6"/>
    <rect x="80" y="-14" width="18" height="28" rx="5" fill="url(#s)"/>
    <circle r="90" fill="url(#s)"/><circle r="76" fill="#1d2733"/>
    ${watchFace(12)}
    <path d="M0 0 V-48 M0 0 L36 16" stroke="#fff" stroke-width="6" stroke-linecap="round"/>
    <path d="M0 12 V-62" stroke="${p.light}" stroke-width="2"/><circle r="6" fill="url(#s)"/>
    ${shine('M-70 -30 A76 76 0 0 1 30 -70 A90 90 0 0 0 -70 -30 Z', 0.5)}`,
  smartwatch: () => `
    <rect x="-50" y="-150" width="100" height="300" rx="22" fill="url(#m)"/>
    <rect x="-82" y="-98" width="164" height="196" rx="44" fill="url(#k)"/>
    <rect x="82" y="-40" width="12" height="34" rx="5" fill="url(#s)"/>
    <rect x="-72" y="-88" width="144" height="176" rx="36" fill="#0b0c0f"/>
    <circle r="46" fill="none" stroke="#ff3b6b" stroke-width="11" stroke-dasharray="220 300" transform="rotate(-90)"/>
    <circle r="31" fill="none" stroke="#a6ff3b" stroke-width="11" stroke-dasharray="140 300" transform="rotate(-90)"/>
    <circle r="16" fill="none" stroke="#3bd5ff" stroke-width="11" stroke-dasharray="70 300" transform="rotate(-90)"/>
    ${shine('M-72 -40 Q-70 -86 -30 -88 H20 Z', 0.18)}`,
  fitnessTracker: (p: Paint) => `
    <rect x="-40" y="-150" width="80" height="300" rx="20" fill="url(#m)"/>
    <circle cy="110" r="6" fill="${p.deep}"/><circle cy="84" r="6" fill="${p.deep}"/>
    <rect x="-34" y="-86" width="68" height="150" rx="30" fill="url(#k)"/>
    <rect x="-24" y="-70" width="48" height="118" rx="20" fill="#0b0c0f"/>
    <path d="M-14 -10 L-6 -10 L-2 -24 L4 6 L8 -10 H16" fill="none" stroke="#3bd5ff" stroke-width="4" stroke-linejoin="round"/>
    <rect x="-12" y="14" width="24" height="5" rx="2" fill="#a6ff3b"/>
    ${shine('M-30 -70 Q-30 -84 -12 -84 L-28 -30 Z', 0.2)}`,
  camera: (p: Paint) => `
    <path d="M-70 -76 L-54 -104 H30 L46 -76 Z" fill="url(#k)"/>
    <rect x="-150" y="-80" width="300" height="190" rx="22" fill="url(#m)"/>
    <rect x="-150" y="-80" width="300" height="40" rx="18" fill="url(#k)"/>
    <rect x="100" y="-94" width="30" height="14" rx="4" fill="url(#s)"/>
    <rect x="-150" y="-44" width="62" height="154" rx="20" fill="${p.deep}"/>
    <circle cx="18" cy="26" r="84" fill="url(#s)"/><circle cx="18" cy="26" r="70" fill="#1b1d22"/>
    <circle cx="18" cy="26" r="48" fill="#2b3a57"/><circle cx="18" cy="26" r="26" fill="#0c1220"/>
    <circle cx="0" cy="8" r="12" fill="#fff" opacity=".55"/><circle cx="34" cy="44" r="6" fill="#9cc7ff" opacity=".5"/>`,
  actionCamera: (p: Paint) => `
    <rect x="-120" y="-96" width="240" height="200" rx="30" fill="url(#m)"/>
    ${shine('M-110 -70 Q-108 -90 -86 -90 H60 Q-70 -70 -110 20 Z', 0.2)}
    <rect x="-96" y="-66" width="110" height="110" rx="20" fill="url(#k)"/>
    <circle cx="-41" cy="-11" r="40" fill="#20232a" stroke="url(#s)" stroke-width="6"/><circle cx="-41" cy="-11" r="20" fill="#2e4a7a"/>
    <circle cx="-50" cy="-20" r="7" fill="#fff" opacity=".6"/>
    <rect x="34" y="-64" width="64" height="46" rx="8" fill="#111317"/><rect x="40" y="-58" width="52" height="34" rx="4" fill="url(#sc)"/>
    <circle cx="80" cy="20" r="9" fill="#e03131"/><rect x="-60" y="-108" width="44" height="12" rx="4" fill="${p.deep}"/>`,
  instantCamera: (p: Paint) => `
    <rect x="-70" y="-150" width="140" height="60" fill="#f8f8f4"/><rect x="-56" y="-140" width="112" height="40" fill="#c9b7a0"/>
    <rect x="-146" y="-100" width="292" height="226" rx="40" fill="url(#m)"/>
    <rect x="-146" y="60" width="292" height="20" fill="${p.shade}" opacity=".5"/>
    <circle cx="0" cy="-4" r="76" fill="#f7f7f7"/><circle cx="0" cy="-4" r="62" fill="#1b1d22"/>
    <circle cx="0" cy="-4" r="40" fill="#2d3f63"/><circle cx="-14" cy="-18" r="10" fill="#fff" opacity=".6"/>
    <rect x="82" y="-84" width="48" height="36" rx="8" fill="#fdf7e3" stroke="#d0d0d0" stroke-width="3"/>
    <rect x="-128" y="-84" width="36" height="30" rx="8" fill="#14161a"/>
    <circle cx="110" cy="90" r="12" fill="#e03131"/>`,
  lens: (p: Paint) => `
    <rect x="-86" y="-60" width="172" height="180" rx="8" fill="url(#c)"/>
    <rect x="-88" y="-20" width="176" height="70" fill="#1f2126"/>
    <path d="${Array.from({ length: 21 }, (_, i) => `M${-84 + i * 8.4} -16 V46`).join(' ')}" stroke="#3a3d44" stroke-width="3"/>
    <rect x="-86" y="96" width="172" height="14" fill="url(#s)"/>
    <ellipse cy="-60" rx="86" ry="30" fill="${p.deep}"/><ellipse cy="-60" rx="70" ry="23" fill="#1b1d22"/>
    <ellipse cy="-60" rx="52" ry="16" fill="#2d4573"/><ellipse cx="-18" cy="-64" rx="14" ry="5" fill="#fff" opacity=".6"/>
    <ellipse cy="120" rx="86" ry="10" fill="${p.deep}"/>`,
  drone: () => `
    <path d="M-120 -60 L120 40 M120 -60 L-120 40" stroke="#24262b" stroke-width="14" stroke-linecap="round"/>
    ${[-120, 120]
      .flatMap((x) =>
        [-60, 40].map(
          (y) =>
            `<rect x="${x - 8}" y="${y - 22}" width="16" height="22" rx="4" fill="#24262b"/><ellipse cx="${x}" cy="${y - 24}" rx="64" ry="11" fill="#9aa3ad" opacity=".45"/><ellipse cx="${x}" cy="${y - 24}" rx="8" ry="5" fill="url(#s)"/>`,
        ),
      )
      .join('')}
    <ellipse cy="-8" rx="62" ry="40" fill="url(#m)"/>
    ${shine('M-46 -22 Q-30 -44 10 -44 Q-30 -30 -40 -8 Z', 0.4)}
    <rect x="-20" y="26" width="40" height="26" rx="8" fill="#24262b"/><circle cy="54" r="16" fill="#24262b"/>
    <circle cy="54" r="8" fill="#2d4573"/><circle cx="-3" cy="51" r="3" fill="#fff" opacity=".7"/>
    <path d="M-40 84 V120 M40 84 V120 M-56 120 H-24 M24 120 H56" stroke="#24262b" stroke-width="6" stroke-linecap="round"/>
    <path d="M-30 30 L-40 84 M30 30 L40 84" stroke="#24262b" stroke-width="6"/>`,
} satisfies Record<string, Drawing>;
