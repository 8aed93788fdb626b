import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { parseDatabaseUrl } from '../../src/server/config.js';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/database.js';
import { loadDefinition } from '../../src/server/definition/definition.js';
import { fromRoot } from '../../src/server/paths.js';
import { registrationColumns, type ColumnDeclaration } from '../../src/server/registration/registration.columns.js';
import type { RegistrationForm } from '../../src/server/registration/registration.service.js';
import { databaseTargets, testApp, type DatabaseTarget } from './helpers.js';

const declared = Object.entries(registrationColumns) as Array<[string, ColumnDeclaration]>;

/** How each database names the types migration 001 declared. */
const introspectedType: Record<DatabaseHandle['dialect'], Record<ColumnDeclaration['sql'], string>> = {
  sqlite: { integer: 'integer', 'double precision': 'double precision', text: 'text' },
  postgres: { integer: 'int4', 'double precision': 'float8', text: 'text' },
};

const targets = await databaseTargets();

describe.each(targets)('the column map against the migrated table on $name', (target: DatabaseTarget) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openDatabase(parseDatabaseUrl(target.url));
  });
  afterAll(async () => {
    await database.close();
    await target.drop();
  });

  it('names every column of `registrations`, with its type; only generated ones are filled by the database', async () => {
    // On PostgreSQL other test files' schemas hold a `registrations` too: look in this one's only.
    const schema =
      database.dialect === 'postgres'
        ? (await sql<{ name: string }>`select current_schema() as name`.execute(database.db)).rows[0].name
        : undefined;
    const tables = await database.db.introspection.getTables();
    const table = tables.find(
      (candidate) => candidate.name === 'registrations' && (schema === undefined || candidate.schema === schema),
    );
    expect(table).toBeDefined();
    const actual = new Map(table!.columns.map((column) => [column.name, column]));
    expect([...actual.keys()].sort()).toEqual(declared.map(([name]) => name).sort());
    for (const [name, column] of declared) {
      const found = actual.get(name)!;
      expect({ name, type: found.dataType.toLowerCase() }).toEqual({
        name,
        type: introspectedType[database.dialect][column.sql],
      });
      // SQLite's INTEGER PRIMARY KEY is the rowid, never null, yet table_info reports it nullable.
      const rowid = database.dialect === 'sqlite' && found.isAutoIncrementing;
      expect({ name, nullable: found.isNullable && !rowid }).toEqual({ name, nullable: false });
      expect({ name, filled: found.hasDefaultValue || found.isAutoIncrementing }).toEqual({
        name,
        filled: column.generated === true,
      });
    }
  });
});

const { registrationSchema } = await loadDefinition(fromRoot('schemas'));

describe('the column map against schemas/', () => {
  type Schema = { type?: string; properties?: Record<string, Schema>; required?: string[] };
  const jsonType: Record<ColumnDeclaration['sql'], string> = {
    integer: 'integer',
    'double precision': 'number',
    text: 'string',
  };

  it.each(declared.filter(([, column]) => column.form))(
    '%s: its form field exists, with the same type, required unless the column has a default',
    (_name, column) => {
      const path = column.form!;
      let parent = registrationSchema as Schema;
      for (const key of path.slice(0, -1)) parent = parent.properties?.[key] as Schema;
      const field = path[path.length - 1];
      const schema = parent?.properties?.[field];
      expect(schema, path.join('.')).toBeDefined();
      expect(schema!.type).toBe(column.boolean ? 'boolean' : jsonType[column.sql]);
      expect(parent.required?.includes(field) ?? false).toBe(column.generated !== true);
    },
  );

  it('gives the RegistrationForm type its fields', () => {
    expectTypeOf<RegistrationForm['name']>().toEqualTypeOf<string>();
    expectTypeOf<RegistrationForm['hasDavajoo']>().toEqualTypeOf<boolean | undefined>();
    expectTypeOf<RegistrationForm['adminData']>().toEqualTypeOf<{
      firstName: string;
      lastName: string;
      nationalCode: string;
      mobileNumber: string;
    }>();
    expectTypeOf<RegistrationForm['latitude']>().toEqualTypeOf<number>();
  });
});

describe('the column map against the log', () => {
  it('no personal column reaches a log line, under its column name or its form name; the others do', async () => {
    const lines: string[] = [];
    const app = await testApp({}, { logger: { level: 'info', stream: { write: (line) => lines.push(line) } } });
    const row: Record<string, string> = {};
    const form: Record<string, string> = {};
    for (const [name, column] of declared) {
      row[name] = `value-of-${name}`;
      if (column.form) form[column.form[column.form.length - 1]] = `field-of-${name}`;
    }
    try {
      app.log.info({ row, form }, 'a later change logs a registration by mistake');
    } finally {
      await app.close();
    }
    const log = lines.join('');
    expect(log).toContain('a later change logs a registration by mistake');
    for (const [name, column] of declared) {
      expect({ name, inLog: log.includes(`value-of-${name}`) }).toEqual({ name, inLog: !column.personal });
      if (column.form)
        expect({ name, inLog: log.includes(`field-of-${name}`) }).toEqual({ name, inLog: !column.personal });
    }
  });
});
