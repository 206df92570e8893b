import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config';
import type { ServiceDeps } from '../services/deps';
import { getEvent } from '../services/catalog/get-event';
import { findBrand } from '../services/catalog/find-brand';
import { DomainError } from '../../shared/errors';
import { brandSlugs, type EventDetail } from '../../shared/schemas/events';
import { formatEventDate, formatEventTime } from '../../shared/dates';
import { formatCentavos } from '../../shared/money';
import { HOME_HERO_IMAGE } from '../../shared/home-hero';
import { INITIAL_DATA_ELEMENT_ID, type InitialData } from '../../shared/initial-data';
import { routeChunks, type BuildManifest } from './build-manifest';

const SITE_NAME = 'Next Level';
const DESCRIPTION_MAX = 200;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** Cuts at a word boundary and adds '…' when the text is longer than `max` characters. */
function truncate(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s.,;:–-]+$/, '')}…`;
}

function priceLine(event: EventDetail): string | null {
  if (event.isSoldOut) return 'Esgotado';
  if (event.lowestPriceCentavos === null) return null;
  return event.lowestPriceCentavos === 0 ? 'Gratuito' : `A partir de ${formatCentavos(event.lowestPriceCentavos)}`;
}

interface PageMeta {
  title: string;
  description: string;
  url: string;
  image?: { url: string; alt: string; type?: string; width?: number; height?: number };
}

/** The built web app the shell is made from. */
export interface AppShellBuild {
  /** dist/index.html as built. */
  indexHtml: string;
  /** The build folder (for the share pictures), or null when there is none. */
  distDir: string | null;
  /** The build manifest, for route preloads; null without one. */
  manifest: BuildManifest | null;
}

// Files of the build folder, looked up once each (the build does not change while the server runs).
const buildFiles = new Map<string, boolean>();
function hasBuildFile(distDir: string, path: string): boolean {
  const file = join(distDir, path);
  let found = buildFiles.get(file);
  if (found === undefined) buildFiles.set(file, (found = existsSync(file)));
  return found;
}

const seedArtwork = /^\/images\/events\/([a-z0-9-]+)\.svg$/;

/**
 * The picture for a link preview. Chat apps (WhatsApp first) do not show SVG, so the demo
 * artwork has JPEG renders under /images/share/events (scripts/render-share-images.ts); an
 * uploaded picture is already a JPEG, PNG or WebP. An SVG without a render gets no preview picture.
 */
function shareImage(
  imageUrl: string | null,
  build: AppShellBuild,
): { path: string; type?: string; width?: number; height?: number } | null {
  if (!imageUrl) return null;
  const artwork = seedArtwork.exec(imageUrl);
  if (artwork) {
    const path = `/images/share/events/${artwork[1]}.jpg`;
    return build.distDir && hasBuildFile(build.distDir, path) ? { path, type: 'image/jpeg', width: 1200, height: 675 } : null;
  }
  return imageUrl.toLowerCase().endsWith('.svg') ? null : { path: imageUrl };
}

/** The brand's banner as a JPEG: the preview picture of an event without one of its own. */
const brandBanners: Record<string, string> = { 'next-level': 'next-level-warehouse', 'ay-yo': 'ay-yo-temporada', kxp: 'kxp-festival-rio' };
function brandShareImage(
  brandSlug: string | null,
  build: AppShellBuild,
): { path: string; type: string; width: number; height: number } | null {
  const path = `/images/share/banners/${brandBanners[brandSlug ?? 'next-level'] ?? brandBanners['next-level']}.jpg`;
  return build.distDir && hasBuildFile(build.distDir, path) ? { path, type: 'image/jpeg', width: 1200, height: 675 } : null;
}

function eventMeta(event: EventDetail, base: string, build: AppShellBuild): PageMeta {
  const when = formatEventDate(event.date);
  const summary = [
    `${when.charAt(0).toUpperCase()}${when.slice(1)}, ${formatEventTime(event.startTime)}`,
    event.city && !event.location.includes(event.city) ? `${event.location}, ${event.city}` : event.location,
    priceLine(event),
  ]
    .filter(Boolean)
    .join(' · ');
  return {
    title: `${event.title} - ${SITE_NAME}`,
    description: truncate(`${summary}. ${event.description}`, DESCRIPTION_MAX),
    url: new URL(`/event/${event.id}`, base).toString(),
    image: (() => {
      const image = shareImage(event.imageUrl, build) ?? brandShareImage(event.brandSlug, build);
      return image ? { ...image, url: new URL(image.path, base).toString(), alt: event.title } : undefined;
    })(),
  };
}

function metaTags(meta: PageMeta, ogTitle: string): string {
  const tags = [
    `<link rel="canonical" href="${escapeHtml(meta.url)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${SITE_NAME}" />`,
    `<meta property="og:locale" content="pt_BR" />`,
    `<meta property="og:title" content="${escapeHtml(ogTitle)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(meta.url)}" />`,
  ];
  if (meta.image) {
    tags.push(
      `<meta property="og:image" content="${escapeHtml(meta.image.url)}" />`,
      ...(meta.image.type ? [`<meta property="og:image:type" content="${meta.image.type}" />`] : []),
      ...(meta.image.width && meta.image.height
        ? [
            `<meta property="og:image:width" content="${meta.image.width}" />`,
            `<meta property="og:image:height" content="${meta.image.height}" />`,
          ]
        : []),
      `<meta property="og:image:alt" content="${escapeHtml(meta.image.alt)}" />`,
      `<meta name="twitter:card" content="summary_large_image" />`,
      `<meta name="twitter:image" content="${escapeHtml(meta.image.url)}" />`,
    );
  } else {
    tags.push(`<meta name="twitter:card" content="summary" />`);
  }
  tags.push(
    `<meta name="twitter:title" content="${escapeHtml(ogTitle)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(meta.description)}" />`,
  );
  return tags.join('\n    ');
}

/** What a page adds to the shell so it paints sooner: early downloads and the data it would fetch. */
interface PageBoost {
  /** Same-origin path of the picture the page opens with (its largest paint). */
  heroImage?: string | null;
  /** The page's own chunks, from the build manifest. */
  chunks?: string[];
  initialData?: InitialData;
}

function heroImageTags(boost: PageBoost): string[] {
  return boost.heroImage?.startsWith('/')
    ? [`<link rel="preload" as="image" href="${escapeHtml(boost.heroImage)}" fetchpriority="high" />`]
    : [];
}

function chunkTags(boost: PageBoost): string[] {
  return (boost.chunks ?? []).map((chunk) => `<link rel="modulepreload" crossorigin href="${escapeHtml(chunk)}" />`);
}

// JSON inside <script> must not be able to close the element or open a comment.
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function withHead(indexHtml: string, tags: string[], boost: PageBoost = {}): string {
  const head = [...tags, ...heroImageTags(boost)].join('\n    ');
  // The build keeps the placeholder comment; fall back to the end of <head> if it ever does not.
  let html = indexHtml.includes('<!--app-head-->')
    ? indexHtml.replace('<!--app-head-->', () => head)
    : indexHtml.replace('</head>', () => `    ${head}\n  </head>`);
  // The page's chunks after the entry and the stylesheet, so they never hold those back.
  const chunks = chunkTags(boost);
  if (chunks.length > 0) html = html.replace('</head>', () => `    ${chunks.join('\n    ')}\n  </head>`);
  if (boost.initialData) {
    // A data block (not a script): CSP allows it, and the app reads it instead of a first fetch.
    const block = `<script type="application/json" id="${INITIAL_DATA_ELEMENT_ID}">${scriptSafeJson(boost.initialData)}</script>`;
    html = html.replace('</body>', () => `  ${block}\n  </body>`);
  }
  return html;
}

function withMeta(indexHtml: string, meta: PageMeta, ogTitle: string, boost?: PageBoost): string {
  const html = indexHtml
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(meta.title)}</title>`)
    .replace(
      /<meta name="description" content="[^"]*"\s*\/?>/,
      () => `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    );
  return withHead(html, [metaTags(meta, ogTitle)], boost);
}

/**
 * The module behind each public page, as the web router lazily loads it (src/web/app/router.tsx)
 * and as the build manifest names it: its chunks are preloaded with the page's HTML.
 */
const publicPageModules: { path: RegExp; source: string }[] = [
  { path: /^\/$/, source: 'src/web/app/routes/home-route.tsx' },
  { path: /^\/events\/?$/, source: 'src/web/features/events/pages/events-page.tsx' },
  { path: /^\/events\/[^/]+\/?$/, source: 'src/web/features/events/pages/brand-events-page.tsx' },
  { path: /^\/event\/[^/]+\/?$/, source: 'src/web/app/routes/event-detail-route.tsx' },
  { path: /^\/news\/[^/]+\/?$/, source: 'src/web/features/content/pages/news-page.tsx' },
];

// The build does not change while the server runs: each page's chunk list is worked out once.
const chunksByManifest = new WeakMap<BuildManifest, Map<string, string[]>>();

function pageChunks(manifest: BuildManifest | null, path: string): string[] {
  const page = publicPageModules.find((candidate) => candidate.path.test(path));
  if (!manifest || !page) return [];
  let known = chunksByManifest.get(manifest);
  if (!known) chunksByManifest.set(manifest, (known = new Map()));
  let chunks = known.get(page.source);
  if (!chunks) known.set(page.source, (chunks = routeChunks(manifest, page.source)));
  return chunks;
}

const eventPath = /^\/event\/([^/]+)\/?$/;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const brandPath = /^\/events\/([^/]+)\/?$/;

/**
 * The SPA's index.html for a GET of `url` (path and query), with the page's own title,
 * description and Open Graph / Twitter tags, absolute URLs on PUBLIC_URL, so a link pasted into
 * WhatsApp shows a preview (docs/rules/access.md 'Who may see what'). Event pages (/event/{id}) describe
 * the event: date, time, place, price ('A partir de R$ 80,00', 'Gratuito', 'Esgotado') and
 * picture (see shareImage); brand pages (/events/{slug}) the brand. An unknown or unpublished
 * event answers 404 with the plain shell (the app then shows 'Evento não encontrado'); every other path, or a
 * failure while reading the database (logged), answers 200 with the plain shell.
 *
 * So the first paint does not wait on a chain of requests: the event page carries the event
 * itself as initial data (the same JSON as GET /api/events/{id}) and preloads its picture; the
 * home page preloads the carousel's first picture; and, given the build's manifest, every public
 * page (home, events, brand, event, news) preloads its own chunks.
 */
export async function renderAppShell(
  build: AppShellBuild,
  url: string,
  deps: ServiceDeps,
  config: Config,
): Promise<{ status: number; body: string }> {
  const { indexHtml, manifest } = build;
  const path = new URL(url, 'http://localhost').pathname;
  const base = config.PUBLIC_URL ?? deps.publicUrl;
  try {
    const eventMatch = eventPath.exec(path);
    if (eventMatch) {
      const id = eventMatch[1];
      if (!uuidPattern.test(id)) return { status: 404, body: indexHtml };
      const event = await getEvent(deps.db, id.toLowerCase());
      const boost: PageBoost = {
        heroImage: event.imageUrl,
        chunks: pageChunks(manifest, path),
        initialData: { event },
      };
      return { status: 200, body: withMeta(indexHtml, eventMeta(event, base, build), event.title, boost) };
    }
    const brandMatch = brandPath.exec(path);
    if (brandMatch && (brandSlugs as readonly string[]).includes(brandMatch[1])) {
      const brand = await findBrand(deps.db, brandMatch[1]);
      if (brand) {
        const meta: PageMeta = {
          title: `${brand.name} - ${SITE_NAME}`,
          description: truncate(`${brand.tagline}. ${brand.description}`, DESCRIPTION_MAX),
          url: new URL(`/events/${brand.slug}`, base).toString(),
        };
        return { status: 200, body: withMeta(indexHtml, meta, `Eventos ${brand.name}`, { chunks: pageChunks(manifest, path) }) };
      }
    }
    const chunks = pageChunks(manifest, path);
    if (path === '/') return { status: 200, body: withHead(indexHtml, [], { heroImage: HOME_HERO_IMAGE, chunks }) };
    return { status: 200, body: chunks.length > 0 ? withHead(indexHtml, [], { chunks }) : indexHtml };
  } catch (error) {
    if (error instanceof DomainError && error.code === 'event_not_found') return { status: 404, body: indexHtml };
    deps.log.error({ err: error, url }, 'app shell: page meta failed');
    return { status: 200, body: indexHtml };
  }
}
