import type { Queryable, SqlValue } from './db.ts';

/** Which page, counted from 1, of how many rows. */
export interface PageRequest {
  page: number;
  size: number;
}

/** The parts of a paged query: the rows are `SELECT {select} {from} ORDER BY {order}`, counted over `{from}`. */
interface PagedQuery {
  select: string;
  /** `FROM … WHERE …` (joins included), shared by the count and the page. */
  from: string;
  order: string;
  params?: readonly SqlValue[];
}

/**
 * One page of a query and the total it pages through, for every list the API answers as a page: pageOf(q, { select:
 * '*', from: 'FROM transfers WHERE user_id = ?', order: 'id DESC', params: [7] }, { page: 2, size: 15 }).
 */
export async function pageOf<R>(
  q: Queryable,
  query: PagedQuery,
  { page, size }: PageRequest,
): Promise<{ total: number; rows: R[] }> {
  const params = query.params ?? [];
  const count = await q.get<{ n: unknown }>(`SELECT COUNT(*) AS n ${query.from}`, params);
  const rows = await q.all<R>(`SELECT ${query.select} ${query.from} ORDER BY ${query.order} LIMIT ? OFFSET ?`, [
    ...params,
    size,
    (page - 1) * size,
  ]);
  return { total: Number(count?.n ?? 0), rows };
}
