/** Which SQL the database speaks: the migrations write each dialect's own DDL where they differ. */
export type Dialect = 'sqlite' | 'postgres';
