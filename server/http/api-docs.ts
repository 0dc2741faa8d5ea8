import type { FastifyRequest } from 'fastify';

/** The tag every operator call is documented under (installAuth sets it on each operator route). */
export const OPERATOR_TAG = 'operator';

export const OPERATOR_TAG_INFO = {
  name: OPERATOR_TAG,
  description:
    'Operator console calls (reviews, rulings, products, pools, settings). They need an operator’s token and are in the document only when an operator’s token fetches it.',
};

interface Document {
  paths?: Record<string, Record<string, unknown>>;
  tags?: Array<{ name: string }>;
}

const isOperatorCall = (op: unknown) =>
  Array.isArray((op as { tags?: unknown }).tags) && (op as { tags: string[] }).tags.includes(OPERATOR_TAG);

/** The API document as the caller may see it: whole for an operator, without the operator calls for anyone else. */
export function documentFor<D extends Document>(doc: D, req: FastifyRequest): D {
  if (req.user?.role === 'operator') return doc;
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [path, ops] of Object.entries(doc.paths ?? {})) {
    const kept = Object.fromEntries(Object.entries(ops).filter(([, op]) => !isOperatorCall(op)));
    if (Object.keys(kept).length) paths[path] = kept;
  }
  return { ...doc, paths, tags: doc.tags?.filter((t) => t.name !== OPERATOR_TAG) };
}
