import { issueText } from '@fleet/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { SelectQueryBuilder } from 'kysely';
import { z } from 'zod';
import type { AuthContext } from './auth';
import { AppError, BodyCode, ok } from './envelope';
import { issueLabel, type JsonSchema, routeFieldLabels } from './field-labels';

/** Who may call a route: anyone, any signed-in user, or holders of one of the menu codes. */
export type Access = 'public' | 'login' | readonly string[];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** A list route: the tenancy test calls every one of them as users of other merchants and teams. */
    list?: boolean;
    /** Chinese label of every body, query and path field by path ('stationList.lng'); null if none. */
    fields?: Record<string, string | null>;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

type Schema = z.ZodType | undefined;
type Out<S extends Schema> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteDef<B extends Schema, Q extends Schema, P extends Schema> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  summary: string;
  access: Access;
  list?: boolean;
  body?: B;
  query?: Q;
  params?: P;
  /** Field labels used in 400 messages where the common ones (field-labels.ts) do not fit, e.g. { phone: '司机手机号' }. */
  labels?: Record<string, string>;
  /** Answer with the reply yourself (files, images) instead of the JSON envelope. */
  raw?: boolean;
  rateLimit?: { max: number; timeWindow: number };
  handler: (ctx: {
    body: Out<B>;
    query: Out<Q>;
    params: Out<P>;
    auth: AuthContext;
    req: FastifyRequest;
    reply: FastifyReply;
  }) => Promise<unknown>;
}

/**
 * The 400 message of a failed parse: the first issue, named by the field's Chinese label
 * ('每页条数: 每页最多500条'); the bare message for an issue on the whole input.
 */
export function inputMessage(
  error: { readonly issues: readonly z.core.$ZodIssue[] },
  fields: Readonly<Record<string, string | null>>,
): string {
  const issue = error.issues[0];
  if (!issue) return '参数不正确';
  const text = issueText(issue);
  const label = issueLabel(fields, issue.path);
  return label ? `${label}: ${text}` : text;
}

function toJsonSchema(schema: z.ZodType): Record<string, unknown> {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
}

/**
 * Registers one API route: zod validates body, query and params (400 with a Chinese message naming
 * the field), the same schema documents it in OpenAPI, and the answer is wrapped in the envelope.
 */
export function route<
  B extends Schema = undefined,
  Q extends Schema = undefined,
  P extends Schema = undefined,
>(app: FastifyInstance, tag: string, def: RouteDef<B, Q, P>): void {
  const parts = { body: def.body, querystring: def.query, params: def.params } as const;
  const schema: Record<string, unknown> = { summary: def.summary, tags: [tag] };
  for (const [part, zod] of Object.entries(parts)) if (zod) schema[part] = toJsonSchema(zod);
  if (def.access !== 'public') schema.security = [{ authToken: [] }];
  const fields = routeFieldLabels(
    [schema.body, schema.querystring, schema.params].filter((s) => s !== undefined) as JsonSchema[],
    def.labels,
  );

  const options: RouteShorthandOptions = {
    schema,
    config: {
      access: def.access,
      list: def.list,
      fields,
      ...(def.rateLimit ? { rateLimit: def.rateLimit } : {}),
    },
    validatorCompiler: ({ httpPart }) => {
      const zod = parts[httpPart as keyof typeof parts];
      return (data: unknown) => {
        if (!zod) return { value: data };
        const result = zod.safeParse(data ?? (httpPart === 'body' ? {} : data));
        if (result.success) return { value: result.data };
        return { error: new AppError(BodyCode.badInput, inputMessage(result.error, fields)) };
      };
    },
  };
  app.route({
    method: def.method,
    url: def.url,
    ...options,
    handler: async (req, reply) => {
      const result = await def.handler({
        body: req.body as Out<B>,
        query: req.query as Out<Q>,
        params: req.params as Out<P>,
        auth: req.auth as AuthContext,
        req,
        reply,
      });
      if (def.raw) return reply;
      return ok(result ?? null);
    },
  });
}

/** Paging of every list call: pageNum from 1, pageSize up to 500. */
export const paging = {
  pageNum: z.coerce.number().int().min(1, '页码必须大于0').default(1),
  pageSize: z.coerce.number().int().min(1, '每页条数必须大于0').max(500, '每页最多500条').default(10),
};

export function pageOffset(p: { pageNum: number; pageSize: number }): number {
  return (p.pageNum - 1) * p.pageSize;
}

/** How many rows a filtered query selects (columns and order of the query are not needed). */
export async function countOf<DB, TB extends keyof DB, O>(q: SelectQueryBuilder<DB, TB, O>): Promise<number> {
  const count = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  // PostgreSQL answers count(*) as a string; the generic row type hides the known `n` column.
  return Number((count as unknown as { n: number | string }).n);
}

/**
 * One page of a filtered query and the count of all its rows, run side by side: `select` adds the
 * columns and the order to the shared filter, the count ignores both.
 */
export async function pageOf<DB, TB extends keyof DB, O, SDB, STB extends keyof SDB, R>(
  q: SelectQueryBuilder<DB, TB, O>,
  select: (q: SelectQueryBuilder<DB, TB, O>) => SelectQueryBuilder<SDB, STB, R>,
  p: { pageNum: number; pageSize: number },
): Promise<{ rows: R[]; total: number }> {
  const [rows, total] = await Promise.all([
    select(q).limit(p.pageSize).offset(pageOffset(p)).execute(),
    countOf(q),
  ]);
  return { rows, total };
}
