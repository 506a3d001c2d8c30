/** The database handle every repository and service takes: the Kysely instance or an open transaction. */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from './types';

export type Conn = Kysely<Database> | Transaction<Database>;
