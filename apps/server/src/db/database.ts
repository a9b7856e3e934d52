import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';

type NoRelations = Record<string, never>;

/**
 * The Drizzle database, whichever driver (PGlite or node-postgres) is behind it. Without the relational
 * query API: Drizzle builds its helpers for every table on each transaction it opens (decision 054).
 */
export type Database = PgDatabase<PgQueryResultHKT, NoRelations>;

/** A transaction of {@link Database}; repositories take either. */
export type Transaction = PgTransaction<
  PgQueryResultHKT,
  NoRelations,
  ExtractTablesWithRelations<NoRelations>
>;

/** What repositories write through: the database or a transaction of it. */
export type Executor = Database | Transaction;

/** Receives NOTIFY payloads of one channel. */
export type NotificationListener = (payload: string) => void;

/**
 * An open database with the few things the two modes do differently: LISTEN (a dedicated connection
 * on PostgreSQL, the same instance on PGlite) and shutdown (PGlite checkpoints and releases its folder).
 */
export interface DatabaseHandle {
  readonly db: Database;
  /**
   * Where the realtime feed reads the outbox: on PostgreSQL a small pool of its own, apart from the
   * requests' (decision 055); on PGlite the same single connection as `db`.
   */
  readonly realtimeDb: Database;
  readonly kind: 'pglite' | 'postgres';
  /** Subscribes to a NOTIFY channel; resolves once listening. Returns the unsubscribe function. */
  listen(channel: string, listener: NotificationListener): Promise<() => Promise<void>>;
  close(): Promise<void>;
}
