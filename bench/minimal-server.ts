// The floor the gallery bench compares the real server with (issue 37): `node:http` and the database
// driver alone, answering each URL of the bench's pools with the very SQL the real server ran for it
// (kept from its query log), as prepared statements, and the rows as JSON. No framework, no cache, no
// presentation: what is left of a request once the SQL is paid for.
//
//   node --import tsx bench/minimal-server.ts ROUTES.json   (prints `listening PORT` when ready)
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { SQLITE_CACHE_PRAGMA, sqliteDriver, sqliteFile } from '../server/src/db/database.js';

export interface Statement {
  sql: string;
  parameters: unknown[];
}

export interface MinimalRoutes {
  dataDir: string;
  databaseUrl: string | null;
  /** Each URL's statements, in the order the real server ran them. */
  routes: Record<string, Statement[]>;
}

/** Runs a URL's statements one after another on one database; their rows in order. */
export type Runner = { run(statements: Statement[]): Promise<unknown[][]>; close(): Promise<void> };

export function sqliteRunner(dataDir: string): Runner {
  const SQLite = sqliteDriver();
  const db = new SQLite(sqliteFile(dataDir), { readonly: true });
  db.pragma('busy_timeout = 5000');
  // The real server's page cache: the same SQL on the same file, read the same way.
  db.pragma(SQLITE_CACHE_PRAGMA);
  const prepared = new Map<string, { reader: boolean; all(...params: unknown[]): unknown[] }>();
  return {
    run: (statements) =>
      Promise.resolve(
        statements.map(({ sql, parameters }) => {
          let stmt = prepared.get(sql);
          if (!stmt) prepared.set(sql, (stmt = db.prepare(sql)));
          return stmt.reader ? stmt.all(...parameters) : [];
        }),
      ),
    close: () => Promise.resolve(void db.close()),
  };
}

export function postgresRunner(url: string, connections = 10): Runner {
  const pool = new pg.Pool({ connectionString: url, max: connections });
  const names = new Map<string, string>();
  const nameOf = (sql: string) => names.get(sql) ?? (names.set(sql, `s${names.size}`), `s${names.size - 1}`);
  return {
    async run(statements) {
      const client = await pool.connect();
      try {
        const out: unknown[][] = [];
        for (const { sql, parameters } of statements) {
          out.push((await client.query({ name: nameOf(sql), text: sql, values: parameters })).rows);
        }
        return out;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const spec = JSON.parse(fs.readFileSync(process.argv[2]!, 'utf8')) as MinimalRoutes;
  const runner = spec.databaseUrl ? postgresRunner(spec.databaseUrl) : sqliteRunner(spec.dataDir);
  const server = http.createServer((req, res) => {
    const statements = spec.routes[req.url ?? ''];
    if (!statements) {
      res.writeHead(404).end();
      return;
    }
    runner.run(statements).then(
      (rows) => {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(rows));
      },
      (err: Error) => res.writeHead(500).end(err.message),
    );
  });
  server.listen(0, '127.0.0.1', () => console.log(`listening ${(server.address() as AddressInfo).port}`));
  process.once('SIGTERM', () => server.close(() => void runner.close().then(() => process.exit(0))));
}

/** Starts the minimal server over a routes file; `stop` ends it (and it dies with the bench). */
export async function startMinimal(routesFile: string): Promise<{ url: string; stop(): Promise<void> }> {
  const { spawn } = await import('node:child_process');
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/minimal-server.ts', routesFile], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const kill = () => child.kill('SIGKILL');
  process.once('exit', kill);
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /listening (\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.once('exit', (code) => reject(new Error(`the minimal server ended (${code}) before listening`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      process.off('exit', kill);
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const killer = setTimeout(kill, 5_000);
      await exited;
      clearTimeout(killer);
    },
  };
}
