/**
 * Generates the demo artwork referenced by the seed (src/server/db/seed-catalog.ts):
 * public/images/{events,news,banners}/<slug>.svg, 1200x675, no text, one style per brand:
 *   next-level: neon equaliser bars, retro sun, perspective grid, laser beams (violet).
 *   ay-yo:      pink/violet gradients, bokeh, ribbons, hearts, sparkles, halftone dots.
 *   kxp:        layered mountains, sun/moon, cloud scrolls, water waves, dancheong band (teal).
 * Deterministic: every random choice comes from a PRNG seeded by the image's slug.
 *
 * Run: npx tsx scripts/generate-demo-images.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { demoImages, type BrandSlug } from '../src/server/db/seed-catalog';

const W = 1200;
const H = 675;
const MAX_BYTES = 6 * 1024;

type Rng = () => number;

function seeded(seed: string): Rng {
  // FNV-1a hash of the seed, then mulberry32.
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    h ^= seed.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const n = (v: number) => String(Math.round(v * 10) / 10);
const between = (r: Rng, lo: number, hi: number) => lo + r() * (hi - lo);
const pick = <T>(r: Rng, items: readonly T[]): T => items[Math.floor(r() * items.length)];

function svg(defs: string, body: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">` + `<defs>${defs}</defs>${body}</svg>\n`
  );
}

// ------------------------------------------------------------------------------- Next Level

function nextLevel(r: Rng): string {
  const accent = pick(r, ['#22d3ee', '#f472b6', '#a3e635', '#fbbf24', '#60a5fa']);
  const variant = r() < 0.5 ? 'horizon' : 'wave';
  const horizon = Math.round(between(r, 400, 460));
  const sunX = Math.round(between(r, 380, 820));
  const sunR = Math.round(between(r, 130, 190));

  let defs =
    `<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#06020e"/>` +
    `<stop offset=".6" stop-color="#1e0b3d"/><stop offset="1" stop-color="#2e1065"/></linearGradient>` +
    `<radialGradient id="gl" cx="${n(sunX / W)}" cy="${n(horizon / H)}" r=".6"><stop offset="0" stop-color="#7c3aed" stop-opacity=".75"/>` +
    `<stop offset="1" stop-color="#7c3aed" stop-opacity="0"/></radialGradient>` +
    (variant === 'horizon'
      ? `<linearGradient id="bar" x1="0" y1="1" x2="0" y2="0"><stop offset="0" stop-color="#7c3aed"/>` +
        `<stop offset=".55" stop-color="#d946ef"/><stop offset="1" stop-color="${accent}"/></linearGradient>`
      : `<linearGradient id="bar" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${accent}"/>` +
        `<stop offset=".5" stop-color="#c026d3"/><stop offset="1" stop-color="${accent}"/></linearGradient>`) +
    `<filter id="blur" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="9"/></filter>`;
  let body = `<rect width="${W}" height="${H}" fill="url(#bg)"/><rect width="${W}" height="${H}" fill="url(#gl)"/>`;

  // Laser beams fanning from a point above the frame.
  const beamX = Math.round(between(r, 200, 1000));
  let beams = '';
  const beamCount = 7 + Math.floor(r() * 5);
  for (let i = 0; i < beamCount; i++) {
    const x = Math.round(-200 + (i / (beamCount - 1)) * (W + 400) + between(r, -40, 40));
    beams += `M${beamX} -20L${x} ${H}`;
  }
  body += `<path d="${beams}" stroke="${accent}" stroke-width="2" opacity=".18"/>`;

  if (variant === 'horizon') {
    // Retro sun cut by horizontal stripes.
    defs +=
      `<linearGradient id="sun" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${accent}"/>` +
      `<stop offset="1" stop-color="#c026d3"/></linearGradient><mask id="cut"><rect width="${W}" height="${horizon}" fill="#fff"/>`;
    for (let i = 0; i < 6; i++) {
      const y = horizon - sunR * 0.08 - i * sunR * 0.13;
      defs += `<rect y="${n(y)}" width="${W}" height="${n(7 - i)}"/>`;
    }
    defs += `</mask>`;
    body += `<circle cx="${sunX}" cy="${horizon}" r="${sunR}" fill="url(#sun)" mask="url(#cut)" opacity=".9"/>`;

    // Perspective grid on the floor.
    defs +=
      `<linearGradient id="gr" gradientUnits="userSpaceOnUse" x1="0" y1="${horizon}" x2="0" y2="${H}">` +
      `<stop offset="0" stop-color="${accent}" stop-opacity="0"/><stop offset="1" stop-color="${accent}" stop-opacity=".7"/></linearGradient>`;
    body += `<rect y="${horizon}" width="${W}" height="${H - horizon}" fill="#0b0418" opacity=".85"/>`;
    let grid = '';
    for (let i = 1; i <= 9; i++) {
      const y = horizon + (H - horizon) * (i / 9) ** 2;
      grid += `M0 ${n(y)}H${W}`;
    }
    for (let k = -12; k <= 12; k++) grid += `M${sunX} ${horizon}L${n(sunX + k * 130)} ${H}`;
    body += `<path d="${grid}" stroke="url(#gr)" stroke-width="2" fill="none"/>`;
  }

  // Equaliser bars: standing on the horizon, or a mirrored waveform across the frame.
  const count = 26 + Math.floor(r() * 14);
  const gap = 6;
  const width = (W - 120 - gap * (count - 1)) / count;
  const baseY = variant === 'horizon' ? horizon : Math.round(between(r, 330, 380));
  const maxH = variant === 'horizon' ? 230 : 190;
  const phase = r() * Math.PI * 2;
  let bars = '';
  for (let i = 0; i < count; i++) {
    const t = i / (count - 1);
    const envelope = 0.35 + 0.65 * Math.sin(Math.PI * t) * (0.6 + 0.4 * Math.sin(phase + t * 9));
    const h = Math.max(14, maxH * envelope * between(r, 0.55, 1));
    const x = 60 + i * (width + gap);
    const y = variant === 'horizon' ? baseY - h : baseY - h / 2;
    const bh = variant === 'horizon' ? h : h;
    bars += `<rect x="${n(x)}" y="${n(y)}" width="${n(width)}" height="${n(bh)}" rx="${n(width / 2)}"/>`;
  }
  defs += `<g id="bars" fill="url(#bar)">${bars}</g>`;
  body += `<use href="#bars" filter="url(#blur)" opacity=".9"/><use href="#bars"/>`;
  if (variant === 'horizon') {
    body += `<use href="#bars" transform="matrix(1 0 0 -.35 0 ${n(horizon * 1.35)})" opacity=".25"/>`;
  } else {
    // Concentric neon rings behind the waveform, and a floor line.
    let rings = '';
    const cx = sunX;
    for (let i = 0; i < 4; i++) {
      const rr = 120 + i * 70 + Math.round(r() * 20);
      rings += `<circle cx="${cx}" cy="${baseY}" r="${rr}" stroke-dasharray="${Math.round(between(r, 20, 120))} ${Math.round(between(r, 8, 40))}"/>`;
    }
    const portal = Math.round(between(r, 150, 230));
    rings +=
      `<circle cx="${cx}" cy="${baseY}" r="${portal}" stroke="#e879f9" stroke-width="10" filter="url(#blur)" stroke-dasharray="none"/>` +
      `<circle cx="${cx}" cy="${baseY}" r="${portal}" stroke="#f5d0fe" stroke-width="3" stroke-dasharray="none"/>`;
    body = body.replace(
      '<use href="#bars" filter',
      `<g fill="none" stroke="${accent}" stroke-width="3" opacity=".35">${rings}</g><use href="#bars" filter`,
    );
    body += `<path d="M0 ${H - 60}H${W}" stroke="${accent}" stroke-width="2" opacity=".4"/>`;
  }
  // Vignette.
  defs +=
    `<radialGradient id="vg" cx=".5" cy=".5" r=".75"><stop offset=".6" stop-color="#000" stop-opacity="0"/>` +
    `<stop offset="1" stop-color="#000" stop-opacity=".6"/></radialGradient>`;
  body += `<rect width="${W}" height="${H}" fill="url(#vg)"/>`;
  return svg(defs, body);
}

// ------------------------------------------------------------------------------------ AY-YO

const HEART = 'M0 30C-14 18-52-4-52-28-52-48-36-60-20-58-9-57-2-49 0-42 2-49 9-57 20-58 36-60 52-48 52-28 52-4 14 18 0 30Z';
const SPARKLE = 'M0-50Q5-5 50 0Q5 5 0 50Q-5 5-50 0Q-5-5 0-50Z';

function ayYo(r: Rng): string {
  const [c1, c2, c3] = pick(r, [
    ['#831843', '#db2777', '#f9a8d4'],
    ['#4c1d95', '#db2777', '#fb7185'],
    ['#9d174d', '#ec4899', '#c4b5fd'],
    ['#701a75', '#db2777', '#fdba74'],
  ] as const);
  const flip = r() < 0.5;
  const defs =
    `<linearGradient id="bg" x1="${flip ? 1 : 0}" y1="0" x2="${flip ? 0 : 1}" y2="1"><stop offset="0" stop-color="${c1}"/>` +
    `<stop offset=".55" stop-color="${c2}"/><stop offset="1" stop-color="${c3}"/></linearGradient>` +
    `<radialGradient id="hg" cx=".35" cy=".3" r=".8"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="#fbcfe8"/></radialGradient>` +
    `<filter id="soft" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="22"/></filter>` +
    `<filter id="glow" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="4"/></filter>` +
    `<path id="h" d="${HEART}"/><path id="s" d="${SPARKLE}"/>` +
    `<pattern id="dots" width="18" height="18" patternUnits="userSpaceOnUse"><circle cx="9" cy="9" r="3.5" fill="#fff"/></pattern>` +
    `<radialGradient id="fade"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="#000"/></radialGradient>` +
    `<mask id="dm"><circle cx="0" cy="0" r="260" fill="url(#fade)"/></mask>`;
  let body = `<rect width="${W}" height="${H}" fill="url(#bg)"/>`;

  // Bokeh.
  let bokeh = '';
  for (let i = 0; i < 7; i++) {
    bokeh += `<circle cx="${Math.round(r() * W)}" cy="${Math.round(r() * H)}" r="${Math.round(between(r, 50, 170))}" opacity="${n(between(r, 0.1, 0.3))}"/>`;
  }
  body += `<g fill="#fff" filter="url(#soft)">${bokeh}</g>`;

  // Halftone dots fading out from a corner.
  const dx = flip ? W - 120 : 120;
  const dy = r() < 0.5 ? 110 : H - 110;
  body += `<g transform="translate(${dx} ${dy})" opacity=".22"><rect x="-260" y="-260" width="520" height="520" fill="url(#dots)" mask="url(#dm)"/></g>`;

  // Ribbons.
  let ribbons = '';
  for (let i = 0; i < 3; i++) {
    const y0 = between(r, 150, 560);
    const a = between(r, 80, 200) * (r() < 0.5 ? 1 : -1);
    ribbons +=
      `<path d="M-50 ${n(y0)}C300 ${n(y0 - a)} 500 ${n(y0 + a)} 800 ${n(y0)}S1100 ${n(y0 - a * 0.6)} 1260 ${n(y0 + a * 0.3)}" ` +
      `stroke-width="${Math.round(between(r, 3, 26))}" opacity="${n(between(r, 0.18, 0.45))}"/>`;
  }
  body += `<g fill="none" stroke="#fff" stroke-linecap="round">${ribbons}</g>`;

  // The centrepiece: one big heart, a trio of hearts, or a sparkle burst with rings.
  const bx = Math.round(flip ? between(r, 260, 480) : between(r, 720, 940));
  const by = Math.round(between(r, 300, 380));
  const variant = pick(r, ['heart', 'trio', 'burst'] as const);
  const heart = (x: number, y: number, rot: number, sc: number, fill: string) =>
    `<use href="#h" transform="translate(${x + 14} ${y + 22}) rotate(${rot}) scale(${n(sc)})" fill="${c1}" opacity=".35" filter="url(#soft)"/>` +
    `<use href="#h" transform="translate(${x} ${y}) rotate(${rot}) scale(${n(sc)})" fill="${fill}"/>` +
    `<use href="#h" transform="translate(${x} ${y}) rotate(${rot}) scale(${n(sc * 0.72)})" fill="none" stroke="${c2}" stroke-width="2" opacity=".5"/>`;
  if (variant === 'heart') {
    body += heart(bx, by, Math.round(between(r, -16, 16)), between(r, 2.6, 3.4), 'url(#hg)');
  } else if (variant === 'trio') {
    body +=
      heart(bx - 175, by + 70, -18, 1.5, c3) +
      heart(bx + 170, by - 90, 20, 1.2, '#fce7f3') +
      heart(bx, by, Math.round(between(r, -8, 8)), 2.4, 'url(#hg)');
  } else {
    let rings = '';
    for (let i = 0; i < 4; i++) {
      rings += `<circle cx="${bx}" cy="${by}" r="${110 + i * 55}" stroke-dasharray="${i % 2 ? '4 14' : '60 18'}"/>`;
    }
    body +=
      `<g fill="none" stroke="#fff" stroke-width="${3}" stroke-linecap="round" opacity=".45">${rings}</g>` +
      `<use href="#s" transform="translate(${bx} ${by}) scale(3.4)" fill="#fff" filter="url(#soft)" opacity=".8"/>` +
      `<use href="#s" transform="translate(${bx} ${by}) rotate(45) scale(1.6)" fill="#fce7f3" opacity=".8"/>` +
      `<use href="#s" transform="translate(${bx} ${by}) scale(2.8)" fill="#fff"/>` +
      heart(bx + 150, by + 120, 14, 0.9, '#fff');
  }
  let hearts = '';
  for (let i = 0; i < 6; i++) {
    const x = Math.round(r() * W);
    const y = Math.round(r() * H);
    if (Math.hypot(x - bx, y - by) < 220) continue;
    const fill = r() < 0.5;
    hearts += `<use href="#h" transform="translate(${x} ${y}) rotate(${Math.round(between(r, -30, 30))}) scale(${n(between(r, 0.3, 0.8))})" ${fill ? 'fill="#fff"' : 'fill="none" stroke="#fff" stroke-width="5"'} opacity="${n(between(r, 0.5, 0.9))}"/>`;
  }
  body += hearts;

  // Sparkles.
  let sparkles = '';
  for (let i = 0; i < 16; i++) {
    const s = between(r, 0.12, i < 4 ? 0.75 : 0.35);
    sparkles += `<use href="#s" transform="translate(${Math.round(r() * W)} ${Math.round(r() * H)}) scale(${n(s)})"/>`;
  }
  body += `<g fill="#fff"><g filter="url(#glow)" opacity=".8">${sparkles}</g>${sparkles}</g>`;
  return svg(defs, body);
}

// -------------------------------------------------------------------------------------- KXP

function kxp(r: Rng): string {
  const sunColor = pick(r, ['#dc2626', '#f97316', '#fbbf24']);
  const moon = r() < 0.35;
  const orbColor = moon ? '#f5f5f4' : sunColor;
  const orbX = Math.round(r() < 0.5 ? between(r, 180, 420) : between(r, 780, 1020));
  const orbY = Math.round(between(r, 170, 250));
  const orbR = Math.round(between(r, 55, 85));

  let defs =
    `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#03201d"/>` +
    `<stop offset=".55" stop-color="#0f766e"/><stop offset="1" stop-color="#99f6e4"/></linearGradient>` +
    `<radialGradient id="halo"><stop offset=".3" stop-color="${orbColor}" stop-opacity=".55"/>` +
    `<stop offset="1" stop-color="${orbColor}" stop-opacity="0"/></radialGradient>` +
    // Dancheong band: obangsaek diamonds and rosettes on green.
    `<pattern id="dc" width="64" height="40" patternUnits="userSpaceOnUse"><rect width="64" height="40" fill="#115e59"/>` +
    `<path d="M32 4L52 20 32 36 12 20Z" fill="#b91c1c"/><path d="M32 10L44 20 32 30 20 20Z" fill="#1d4ed8"/>` +
    `<circle cx="32" cy="20" r="4.5" fill="#facc15"/><circle cx="0" cy="20" r="6" fill="#f5f5f4"/><circle cx="64" cy="20" r="6" fill="#f5f5f4"/>` +
    `<path d="M0 2H64M0 38H64" stroke="#facc15" stroke-width="2"/></pattern>`;
  let body =
    `<rect width="${W}" height="${H}" fill="url(#sky)"/>` +
    `<circle cx="${orbX}" cy="${orbY}" r="${orbR * 2.6}" fill="url(#halo)"/>` +
    `<circle cx="${orbX}" cy="${orbY}" r="${orbR}" fill="${orbColor}"/>`;

  // Cloud scrolls (gureummun): scalloped tops with a curl at the end.
  let clouds = '';
  for (let i = 0; i < 3; i++) {
    const x = Math.round(between(r, 60, 1000));
    const y = Math.round(between(r, 130, 290));
    const s = n(between(r, 1.1, 1.8));
    clouds +=
      `<g transform="translate(${x} ${y}) scale(${s})"><path d="M0 0A22 22 0 0 1 44 0A32 32 0 0 1 108 0A22 22 0 0 1 152 0Z"/>` +
      `<path d="M152 0c18 0 24-18 12-26-10-6-20 4-12 12" fill="none" stroke="#f0fdfa" stroke-width="5" stroke-linecap="round"/></g>`;
  }
  body += `<g fill="#f0fdfa" opacity=".75">${clouds}</g>`;

  // Layered mountain ridges, far (light, misty) to near (dark).
  const ridges = [
    { base: 470, amp: 250, top: '#4c9a92', mist: '#a7e3da', step: 190 },
    { base: 530, amp: 200, top: '#1f6f68', mist: '#5fb3a8', step: 230 },
    { base: 590, amp: 150, top: '#0b3b38', mist: '#1f6f68', step: 280 },
  ];
  ridges.forEach((ridge, index) => {
    defs +=
      `<linearGradient id="m${index}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${ridge.top}"/>` +
      `<stop offset="1" stop-color="${ridge.mist}"/></linearGradient>`;
    const pts: Array<[number, number]> = [];
    let x = -Math.round(r() * ridge.step);
    let high = r() < 0.5;
    while (x < W + ridge.step) {
      pts.push([x, ridge.base - (high ? between(r, 0.55, 1) : between(r, 0.05, 0.25)) * ridge.amp]);
      x += Math.round(ridge.step * between(r, 0.5, 0.9));
      high = !high;
    }
    let d = `M${pts[0][0]} ${H}L${pts[0][0]} ${n(pts[0][1])}`;
    for (let i = 1; i < pts.length; i++) {
      const [px, py] = pts[i - 1];
      const [qx, qy] = pts[i];
      d += `Q${n(px)} ${n(py)} ${n((px + qx) / 2)} ${n((py + qy) / 2)}`;
    }
    d += `L${pts[pts.length - 1][0]} ${H}Z`;
    body += `<path d="${d}" fill="url(#m${index})"/>`;
  });

  // A hanok pavilion (jeongja) with upturned eaves on a near hill, in some images.
  if (r() < 0.6) {
    const px = Math.round(orbX < W / 2 ? between(r, 760, 960) : between(r, 240, 440));
    const py = Math.round(between(r, 560, 585));
    const s = n(between(r, 0.8, 1.05));
    body +=
      `<g transform="translate(${px} ${py}) scale(${s})" fill="#042f2e">` +
      `<path d="M-190-158Q-130-140-100-186L-66-222H66L100-186Q130-140 190-158Q120-150 96-132H-96Q-120-150-190-158Z"/>` +
      `<path d="M-60-230H60L66-222H-66Z"/>` +
      `<rect x="-98" y="-134" width="196" height="14" fill="#b91c1c"/><rect x="-98" y="-124" width="196" height="4" fill="#1d4ed8"/>` +
      `<path d="M-82-120h10V0h-10zM-36-120h10V0h-10zM26-120h10V0h-10zM72-120h10V0h-10z"/>` +
      `<path d="M-72-100H72" stroke="#042f2e" stroke-width="4"/><rect x="-112" y="-4" width="224" height="18" rx="3"/></g>`;
  }

  // Water waves (mulgyeolmun) at the bottom.
  body += `<rect y="${H - 95}" width="${W}" height="95" fill="#042f2e"/>`;
  let waves = '';
  for (let i = 0; i < 4; i++) {
    const y = H - 80 + i * 20;
    const off = (i % 2) * 30 - 30;
    waves += `M${off} ${y}q15-14 30 0t30 0t30 0t30 0`;
    let seg = '';
    for (let k = 0; k < 20; k++) seg += 't30 0t30 0';
    waves += seg;
  }
  body += `<path d="${waves}" fill="none" stroke="#99f6e4" stroke-width="3" opacity=".45"/>`;

  // Dancheong band along the top, with a gold rule.
  body += `<rect width="${W}" height="40" fill="url(#dc)" transform="scale(1.4)"/><rect y="56" width="${W}" height="5" fill="#facc15" opacity=".85"/>`;
  return svg(defs, body);
}

const STYLE: Record<BrandSlug, (r: Rng) => string> = { 'next-level': nextLevel, 'ay-yo': ayYo, kxp };

const root = join(dirname(fileURLToPath(import.meta.url)), '..', 'public');
for (const image of demoImages()) {
  const file = join(root, image.url);
  const content = STYLE[image.brand](seeded(`${image.kind}/${image.slug}`));
  const bytes = Buffer.byteLength(content);
  if (bytes > MAX_BYTES) throw new Error(`${image.url} is ${bytes} bytes (max ${MAX_BYTES})`);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
  console.log(`${image.url} (${bytes} B)`);
}
