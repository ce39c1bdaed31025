import type { RuntimeConfig } from '@contract/site';

declare global {
  interface Window {
    __CONTRAIL__?: Partial<RuntimeConfig>;
  }
}

/** Injected by the server into index.html (PRODUCT.md §9.2); empty hosts mean the page's origin. */
export function runtimeConfig(): RuntimeConfig {
  const c = window.__CONTRAIL__ ?? {};
  return {
    apiHostCN: c.apiHostCN ?? '',
    apiHostUS: c.apiHostUS ?? '',
    aboutUrl: c.aboutUrl ?? '',
    imageHost: c.imageHost ?? '',
  };
}
