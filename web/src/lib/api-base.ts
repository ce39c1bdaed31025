import { runtimeConfig } from './runtime-config.js';

const SERVER_KEY = 'contrail.server';

/**
 * `?server=US` selects the overseas API host, any other value or none the China host (§2.7).
 * The choice seen in the URL is kept for the tab, so later pages without the parameter keep it.
 */
export function apiBase(search: string = window.location.search): string {
  const param = new URLSearchParams(search).get('server');
  if (param !== null) sessionStorage.setItem(SERVER_KEY, param);
  const choice = param ?? sessionStorage.getItem(SERVER_KEY);
  const config = runtimeConfig();
  const host = choice === 'US' ? config.apiHostUS : config.apiHostCN;
  return `${host}/api/v1`;
}
