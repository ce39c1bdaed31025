import type { RuntimeConfig } from '@contract/site';

declare global {
  var __CONTRAIL__: Partial<RuntimeConfig> | undefined;
}

/**
 * Injected by the server into index.html (PRODUCT.md §9.2); empty hosts mean the page's origin. The
 * server's render of a public page sets the same on its global (the window's in a browser).
 */
export function runtimeConfig(): RuntimeConfig {
  const c = globalThis.__CONTRAIL__ ?? {};
  return {
    apiHostCN: c.apiHostCN ?? '',
    apiHostUS: c.apiHostUS ?? '',
    aboutUrl: c.aboutUrl ?? '',
    imageHost: c.imageHost ?? '',
    siteUrl: c.siteUrl ?? '',
  };
}
