import { z } from 'zod';
import { teamCodeField } from '../http/form-fields';
import type { RecordQuery } from './record';

// Pieces of the search forms and joins that many record types share.

/** A search field left empty ('' or null, or only spaces) is no condition. */
export const blank = (v: unknown) =>
  v === '' || v === null ? undefined : typeof v === 'string' ? v.trim() || undefined : v;

/** 状态: 1 enabled, 0 disabled, empty for both. */
export const enabledFilter = z.preprocess(
  blank,
  z.coerce
    .number()
    .pipe(z.union([z.literal(0), z.literal(1)]))
    .optional(),
);

/** 所属车队: the team and those below it. */
export const teamFilter = z.preprocess(blank, teamCodeField.optional());

/** Joins the team of each row, for its `team.team_name`. */
export const withTeamName = (table: string) => (q: RecordQuery) =>
  q.leftJoin('team', (j) =>
    j
      .onRef('team.merchant_id', '=', `${table}.merchant_id`)
      .onRef('team.team_code', '=', `${table}.team_code`),
  );
