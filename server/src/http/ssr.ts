import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PageData, RenderRequest, RenderResult } from '../../../contract/page-data.js';
import type { RuntimeConfig } from '../../../contract/site.js';

/** The web's server entry (dist/ssr/render.js, built from web/src/ssr/render.tsx). */
type Render = (req: RenderRequest) => Promise<RenderResult | null>;

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

/** A public page rendered: the HTML for the root, its state, and what its head adds. */
export interface RenderedPage {
  status: number;
  html: string;
  state: string;
  title: string | null;
  /** The page chunk's stylesheets and modules, and the resources React hoisted (the main image's preload). */
  head: string;
}

export interface PageRenderer {
  render(url: string, hero?: number): Promise<RenderedPage | null>;
  /** What the head of the shell sent for `path` adds: the modules of the page's chunk, when the web names it. */
  shellHead(path: string): string;
}

/** A chunk's own and imported stylesheets and modules, leaving out what index.html already loads. */
function headOf(manifest: Record<string, ManifestChunk>, module: string): string {
  const seen = new Set<string>();
  const inEntry = new Set<string>();
  const walk = (key: string, into: Set<string>) => {
    if (into.has(key) || !manifest[key]) return;
    into.add(key);
    for (const k of manifest[key].imports ?? []) walk(k, into);
  };
  walk('index.html', inEntry);
  walk(module, seen);
  const chunks = [...seen].filter((k) => !inEntry.has(k)).map((k) => manifest[k]!);
  const css = [...new Set(chunks.flatMap((c) => c.css ?? []))];
  return [
    ...css.map((href) => `<link rel="stylesheet" crossorigin href="/${href}">`),
    ...chunks.map((c) => `<link rel="modulepreload" crossorigin href="/${c.file}">`),
  ].join('');
}

/** The `<link>`s React puts first in a render without a `<head>` (an `<img>`'s preload): they go in the head. */
function splitHoisted(html: string): { hoisted: string; body: string } {
  const m = /^(?:<link [^>]*>)+/.exec(html);
  return m ? { hoisted: m[0], body: html.slice(m[0].length) } : { hoisted: '', body: html };
}

/**
 * Loads the server entry and the client build's manifest when both were built (`npm run build`);
 * without them (the API's own tests) every page is the shell.
 */
export async function loadPageRenderer(webDist: string, data: PageData, config: RuntimeConfig): Promise<PageRenderer | null> {
  const entry = path.resolve(webDist, '../ssr/render.js');
  const manifestPath = path.join(webDist, '.vite/manifest.json');
  if (!fs.existsSync(entry) || !fs.existsSync(manifestPath)) return null;
  const { render, shellModule } = (await import(pathToFileURL(entry).href)) as {
    render: Render;
    shellModule: (url: string) => string | null;
  };
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const heads = new Map<string, string>();
  const headFor = (module: string) => {
    let head = heads.get(module);
    if (head === undefined) heads.set(module, (head = headOf(manifest, module)));
    return head;
  };
  return {
    shellHead(path) {
      const module = shellModule(path);
      return module === null ? '' : headFor(module);
    },
    async render(url, hero) {
      const out = await render({ url, data, config, ...(hero === undefined ? {} : { hero }) });
      if (!out) return null;
      const { hoisted, body } = splitHoisted(out.html);
      const head = out.module === null ? '' : headFor(out.module);
      return { status: out.status, html: body, state: out.state, title: out.title, head: hoisted + head };
    },
  };
}
