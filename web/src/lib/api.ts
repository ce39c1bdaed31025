import type { ErrorBody, FieldIssue } from '@contract/errors';
import type { MeResponse } from '@contract/accounts';
import { LEVEL_HEADER, LEVELS } from '@contract/limits';
import { SHELL } from '@contract/texts';
import { apiBase } from './api-base.js';
import { MAINTENANCE_PATH, rememberReturnPath } from './maintenance-return.js';
import { navigateTo, verifyPhonePath } from './navigation.js';
import { setLoginDialogOpen } from './login-dialog.js';
import { notice } from './notice.js';
import { clearSession, isExpired, readSession, saveSession } from './session.js';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly issues: FieldIssue[] = [],
  ) {
    super(message);
  }
}

export const SUSPENDED_KEY = 'contrail.suspended';
/** The token a suspension refused, kept for the tab: /AccountStop's appeal names the member by it. */
export const SUSPENDED_TOKEN_KEY = 'contrail.suspendedToken';
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The one place the session's bearer token is put on a request (or, for the appeal, the refused one). */
function authHeaders(): Record<string, string> {
  const session = readSession();
  return session ? { Authorization: `Bearer ${session.token}` } : {};
}

async function send(
  method: Method,
  path: string,
  body?: { json?: unknown; raw?: BodyInit },
  keepalive = false,
  bearer?: string,
): Promise<Response> {
  const headers = bearer ? { Authorization: `Bearer ${bearer}` } : authHeaders();
  let payload: BodyInit | undefined;
  if (body?.raw !== undefined) payload = body.raw;
  else if (body?.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body.json);
  }
  return fetch(`${apiBase()}${path}`, { method, headers, body: payload, keepalive });
}

let refreshing: Promise<void> | null = null;

/**
 * The stored session as the server knows the member now (GET /user/me): their level and name, the rest
 * of the shell's shape (token, id, expireTime, message) kept. Asked at the app's start, when an answer
 * names another level than the stored one (a member promoted or demoted since signing in), and by the
 * route guard before it refuses a level; several asking at once share one request.
 */
export function refreshSession(): Promise<void> {
  const asked = readSession();
  // An expired session is the route guard's to remove, with its own notice.
  if (!asked || isExpired(asked)) return Promise.resolve();
  refreshing ??= request<MeResponse>('GET', '/user/me', undefined, { quiet: true })
    .then((me) => {
      const now = readSession();
      // Another member may have signed in meanwhile: only the session asked about is updated.
      if (now?.token === asked.token && (now.permission !== me.level || now.username !== me.username)) {
        saveSession({ ...now, permission: me.level, username: me.username });
      }
    })
    // A 401 or a suspension has applied the shell's rules; a network failure keeps the session as it is.
    .catch(() => undefined)
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

/** Every answer to a signed-in member names their level (LEVEL_HEADER): another than the stored one is fetched. */
function noteLevel(res: Response): void {
  const level = res.headers.get(LEVEL_HEADER);
  const session = readSession();
  if (level !== null && session && Number(level) !== session.permission) void refreshSession();
}

/** Reads the body; on a non-OK answer applies the shell's global rules and throws ApiError. */
async function settle<T>(res: Response): Promise<T> {
  noteLevel(res);
  const text = await res.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (res.ok) return data as T;
  const err = (data ?? {}) as Partial<ErrorBody>;
  const error = new ApiError(res.status, err.code ?? 'UNKNOWN', err.message ?? `请求失败（${res.status}）`, err.issues);
  if (res.status === 401) clearSession();
  if (res.status === 403 && error.code === 'ACCOUNT_SUSPENDED') {
    const refused = readSession()?.token;
    if (refused) sessionStorage.setItem(SUSPENDED_TOKEN_KEY, refused);
    clearSession();
    sessionStorage.setItem(SUSPENDED_KEY, error.message);
    // A refused login leaves no dialog over the page that explains why.
    setLoginDialogOpen(false);
    navigateTo('/AccountStop');
  }
  // 实名验证 (issue 38): the notice says why; the member is led to verify a phone.
  const member = readSession();
  if (res.status === 403 && error.code === 'PHONE_REQUIRED' && member) navigateTo(verifyPhonePath(member.id));
  if (res.status === 503 && error.code === 'MAINTENANCE' && (readSession()?.permission ?? -1) < LEVELS.admin) {
    // The page they were on takes the maintenance page's place in the history, and comes back after.
    rememberReturnPath();
    setLoginDialogOpen(false);
    navigateTo(MAINTENANCE_PATH, { replace: true });
  }
  throw error;
}

/** A suspension or maintenance refuses every call a page makes at once: its message is said once. */
const saidOnce = (e: ApiError) => e.code === 'ACCOUNT_SUSPENDED' || e.code === 'MAINTENANCE';

function isEmpty(body: unknown): boolean {
  return body === undefined || body === null || (typeof body === 'object' && Object.keys(body).length === 0);
}

/**
 * The generic request helper of §2.7: GET, DELETE, PUT (body only if not empty) and POST (JSON).
 * A non-OK answer shows the server's message as a warning notice.
 */
export async function request<T>(
  method: Method,
  path: string,
  body?: unknown,
  // keepalive: the request outlives the page (a lock released on pagehide).
  opts: { quiet?: boolean; keepalive?: boolean } = {},
): Promise<T> {
  let res: Response;
  try {
    const withBody = method === 'POST' || (method === 'PUT' && !isEmpty(body));
    res = await send(method, path, withBody ? { json: body ?? {} } : undefined, opts.keepalive);
  } catch {
    if (!opts.quiet) notice.warning(SHELL.networkError);
    throw new ApiError(0, 'NETWORK', SHELL.networkError);
  }
  try {
    return await settle<T>(res);
  } catch (e) {
    // quiet: the caller expects "not found" as an ordinary answer (e.g. registration auto-fill).
    if (e instanceof ApiError && !opts.quiet) {
      if (saidOnce(e)) notice.once('warning', e.message);
      else notice.warning(e.message);
    }
    throw e;
  }
}

/** A binary answer (e.g. a private original) through the same headers and global rules; no notice. */
export async function requestBlob(path: string): Promise<Blob> {
  let res: Response;
  try {
    res = await send('GET', path);
  } catch {
    throw new ApiError(0, 'NETWORK', SHELL.networkError);
  }
  if (!res.ok) await settle(res); // throws the ApiError of the answer
  return res.blob();
}

/**
 * A multipart upload with progress (fetch cannot report upload progress, XMLHttpRequest can);
 * notices as the action facility: success message, error message, 网络错误. `successNotice: false`
 * for a page that shows the success itself, so it is said once.
 */
export function uploadWithProgress<T extends { message?: string }>(
  path: string,
  form: FormData,
  onProgress: (fraction: number) => void,
  opts: { successNotice?: boolean } = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${apiBase()}${path}`);
    for (const [name, value] of Object.entries(authHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onerror = () => {
      notice.error(SHELL.networkError);
      reject(new ApiError(0, 'NETWORK', SHELL.networkError));
    };
    xhr.onload = () => {
      const res = new Response(xhr.responseText || null, { status: xhr.status });
      settle<T>(res).then(
        (data) => {
          if (data?.message && opts.successNotice !== false) notice.success(data.message);
          resolve(data);
        },
        (e: unknown) => {
          if (e instanceof ApiError) notice.error(e.message);
          reject(e instanceof Error ? e : new Error(String(e)));
        },
      );
    };
    xhr.send(form);
  });
}

/**
 * The action facility of §2.7: success → the server's message as a success notice; non-OK → as an
 * error notice; network failure → 网络错误.
 */
export async function action<T extends { message?: string }>(opts: {
  method: Method;
  path: string;
  json?: unknown;
  raw?: BodyInit;
  /** Another token than the session's (the suspension appeal sends the one the suspension refused). */
  bearer?: string | undefined;
}): Promise<T> {
  let res: Response;
  try {
    res = await send(opts.method, opts.path, { json: opts.json, raw: opts.raw }, false, opts.bearer);
  } catch {
    notice.error(SHELL.networkError);
    throw new ApiError(0, 'NETWORK', SHELL.networkError);
  }
  try {
    const data = await settle<T>(res);
    if (data?.message) notice.success(data.message);
    return data;
  } catch (e) {
    if (e instanceof ApiError) {
      if (saidOnce(e)) notice.once('error', e.message);
      else notice.error(e.message);
    }
    throw e;
  }
}
