import type { FastifyInstance } from 'fastify';
import { multipartBody, type TestApp } from './support';

/** Posts one file as multipart/form-data, as the user of the token does; the answer's JSON body. */
export async function uploadFile(
  app: FastifyInstance,
  url: string,
  token: string,
  file: { filename: string; content: Buffer },
  fields: Record<string, string> = {},
) {
  const { payload, headers } = multipartBody(file, fields);
  const res = await app.inject({
    method: 'POST',
    url,
    payload,
    headers: { ...headers, 'auth-token': token },
  });
  return res.json();
}

/** How many rows a table holds. */
export async function countRows(t: TestApp, table: 'driver' | 'terminal'): Promise<number> {
  const row = await t.db.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
