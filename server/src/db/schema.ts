import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

// Times are epoch milliseconds (bigint in PostgreSQL, parsed to number; integer in SQLite).
// Booleans are 0/1 integers and JSON is text, so one set of queries serves both databases.

export interface UsersTable {
  id: Generated<number>;
  email: string;
  username: string;
  username_key: string;
  password_hash: string;
  level: number;
  status: 'active' | 'suspended' | 'deleted';
  suspended_until: number | null;
  suspension_reason: string | null;
  queue_slots: Generated<number>;
  priority_slots: Generated<number>;
  settings: string;
  created_at: number;
}

export interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  created_at: number;
  expires_at: number;
  last_seen_at: number;
  revoked_at: number | null;
}

export interface PasswordResetsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface OutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  body: string;
  created_at: number;
  attempts: Generated<number>;
  next_attempt_at: number;
  claimed_until: number | null;
  sent_at: number | null;
  last_error: string | null;
}

export interface SiteSettingsTable {
  key: string;
  value: string;
}

export interface AuditLogTable {
  id: Generated<number>;
  actor_id: number | null;
  action: string;
  target_type: string;
  target_id: number | null;
  detail: string;
  created_at: number;
}

export interface RateLimitsTable {
  key: string;
  window_start: number;
  count: number;
}

export interface JobRunsTable {
  name: string;
  claimed_until: number;
  last_run_at: number | null;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  outbox: OutboxTable;
  site_settings: SiteSettingsTable;
  audit_log: AuditLogTable;
  rate_limits: RateLimitsTable;
  job_runs: JobRunsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type OutboxRow = Selectable<OutboxTable>;
