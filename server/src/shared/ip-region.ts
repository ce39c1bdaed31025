import { createRequire } from 'node:module';
import { isIP } from 'node:net';

// IP属地 (issue 38, 《互联网用户账号信息管理规定》): an address becomes a province (mainland China, Hong Kong,
// Macau, Taiwan) or a country, offline, from the `ip2region` package's databases (ip2region for IPv4,
// ZX's IPv6 database): Chinese names, province-level on Chinese addresses. Only the region is kept.

interface Found {
  country: string;
  province: string;
}
interface Searcher {
  search(ip: string): Found | null;
}

let searcher: Searcher | null = null;

/** Loaded on first use (about 11 MB, read once per process). */
function load(): Searcher {
  if (!searcher) {
    const require = createRequire(import.meta.url);
    const IP2Region = (require('ip2region') as { default: new () => Searcher }).default;
    searcher = new IP2Region();
  }
  return searcher;
}

const SUFFIX = /(省|市|壮族自治区|回族自治区|维吾尔自治区|自治区|特别行政区)$/;

/** `广东`, `北京`, `香港`, `台湾`, `美国`; null for a private or unknown address. */
export function regionOf(ip: string): string | null {
  const address = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  if (address.length > 45 || isIP(address) === 0) return null;
  let found: Found | null;
  try {
    found = load().search(address);
  } catch {
    // A database that cannot be read costs the region, never the login or the upload.
    return null;
  }
  if (!found?.country) return null;
  if (found.country !== '中国') return found.country.slice(0, 40);
  return found.province ? found.province.replace(SUFFIX, '').slice(0, 40) : '中国';
}
