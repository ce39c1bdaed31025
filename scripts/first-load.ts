import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

export interface FirstLoad {
  jsFiles: string[];
  cssFiles: string[];
  jsGzip: number;
  cssGzip: number;
  /** Whether any first-load file carries Ant Design's runtime. */
  hasAntd: boolean;
  /** Whether any first-load file carries zod (the public pages need the contract's types, not its schemas). */
  hasZod: boolean;
}

/**
 * What a browser fetches on the first load of a page: the entry, the lazy chunk of the page's
 * route, and everything those import statically (dynamic imports are not followed).
 */
export function firstLoad(distDir: string, routeModule: string): FirstLoad {
  const manifest = JSON.parse(fs.readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entry) throw new Error('no entry in the Vite manifest');
  if (!manifest[routeModule]) throw new Error(`no chunk for ${routeModule} in the Vite manifest`);
  const seen = new Set<string>();
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key]!;
    js.add(chunk.file);
    chunk.css?.forEach((c) => css.add(c));
    chunk.imports?.forEach(visit);
  };
  visit(entry);
  visit(routeModule);
  const gz = (f: string) => gzipSync(fs.readFileSync(path.join(distDir, f)), { level: 9 }).length;
  const jsFiles = [...js];
  const cssFiles = [...css];
  return {
    jsFiles,
    cssFiles,
    jsGzip: jsFiles.reduce((n, f) => n + gz(f), 0),
    cssGzip: cssFiles.reduce((n, f) => n + gz(f), 0),
    hasAntd: jsFiles.some((f) => fs.readFileSync(path.join(distDir, f), 'utf8').includes('ant-cssinjs')),
    hasZod: jsFiles.some((f) => fs.readFileSync(path.join(distDir, f), 'utf8').includes('ZodError')),
  };
}

export const BUDGET = { jsGzip: 150 * 1024, cssGzip: 20 * 1024 };
export const HOME_ROUTE_MODULE = 'src/features/home/components/home-page.tsx';
/** The public pages a visitor lands on from a search engine or a shared link. */
export const PUBLIC_ROUTE_MODULES = [
  HOME_ROUTE_MODULE,
  'src/features/gallery/components/search-page.tsx',
  'src/features/gallery/components/photo-page.tsx',
];
