import { trimmedText, z } from './zod.js';

export const siteStatus = z.object({
  maintenance: z.boolean(),
  maintenanceMessage: z.string(),
});
export type SiteStatus = z.infer<typeof siteStatus>;

export const SITE_LIMITS = { maintenanceMessage: 500, contact: 200 } as const;
export const updateSiteRequest = z.strictObject({
  maintenance: z.boolean(),
  message: trimmedText(SITE_LIMITS.maintenanceMessage).optional(),
});

/**
 * How to reach the team (an address, a QQ group, a form's URL): set by an administrator in
 * /manage/notam, else by the SITE_CONTACT setting; empty when neither is. /about and /AccountStop show it.
 */
export const siteContact = z.object({ contact: z.string() });
export type SiteContact = z.infer<typeof siteContact>;
export const updateContactRequest = z.strictObject({
  contact: trimmedText(SITE_LIMITS.contact, `联系方式最多 ${SITE_LIMITS.contact} 个字符`),
});

/** What the site depends on, each true when it answers (and, for the disk, has room). */
const dependencies = { database: z.boolean(), storage: z.boolean(), disk: z.boolean() };
export const health = z.object({
  ok: z.boolean(),
  ...dependencies,
  /** Which of `npm start`'s worker processes answered (1…WORKERS); 0 for a server that runs alone. */
  worker: z.number().int().min(0),
});
export const readiness = z.object({ ready: z.boolean(), ...dependencies });

/** Injected by the server into index.html as window.__CONTRAIL__ (PRODUCT.md §9.2). */
export interface RuntimeConfig {
  apiHostCN: string;
  apiHostUS: string;
  aboutUrl: string;
  imageHost: string;
  /** The site's own address (PUBLIC_URL): what the pages' examples and shared links name. */
  siteUrl: string;
}
