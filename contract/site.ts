import { trimmedText, z } from './zod.js';

export const siteStatus = z.object({
  maintenance: z.boolean(),
  maintenanceMessage: z.string(),
});
export type SiteStatus = z.infer<typeof siteStatus>;

export const SITE_LIMITS = { maintenanceMessage: 500, contact: 200, filing: 40, filingUrl: 300 } as const;
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

/**
 * The filing numbers a site run in mainland China shows in its footer, under the [shell] copyright line
 * (issue 38): the ICP filing (or licence) number, linked to the MIIT's register, and the public-security
 * filing number with its link (the MPS register's page for it unless one is given). Empty when unset:
 * the footer then shows nothing more.
 */
export const siteFilings = z.object({
  icp: z.string(),
  icpUrl: z.string(),
  police: z.string(),
  policeUrl: z.string(),
});
export type SiteFilings = z.infer<typeof siteFilings>;

/** Where the footer's ICP number leads: the MIIT's filing register. */
export const ICP_REGISTER_URL = 'https://beian.miit.gov.cn/';
/** The MPS register's page for a public-security filing number (its 14 digits). */
export const policeRegisterUrl = (number: string) =>
  `https://beian.mps.gov.cn/#/query/webSearch?code=${number.replace(/\D/g, '')}`;

/** 京ICP备12345678号, 京ICP备12345678号-1, 京ICP证030173号: a province's one-character name, then the number. */
export const ICP_NUMBER = /^[\u4e00-\u9fff]ICP[备证]\d{6,10}号(-\d{1,3})?$/;
/** 京公网安备 11010502030143号: a province's name, then 14 digits. */
export const POLICE_NUMBER = /^[\u4e00-\u9fff]公网安备\s?\d{14}号$/;

const filingText = (pattern: RegExp, message: string) =>
  trimmedText(SITE_LIMITS.filing, message).refine((v) => v === '' || pattern.test(v), message);

export const updateFilingsRequest = z.strictObject({
  icp: filingText(ICP_NUMBER, 'ICP 备案号的格式应如 京ICP备12345678号 或 京ICP备12345678号-1'),
  police: filingText(POLICE_NUMBER, '公安备案号的格式应如 京公网安备 11010502030143号'),
  /** Empty: the MPS register's page for the number. */
  policeUrl: trimmedText(SITE_LIMITS.filingUrl, `链接最多 ${SITE_LIMITS.filingUrl} 个字符`).refine(
    (v) => v === '' || /^https:\/\/[^\s]+$/.test(v),
    '公安备案链接应以 https:// 开头',
  ),
});
export type UpdateFilingsRequest = z.infer<typeof updateFilingsRequest>;
