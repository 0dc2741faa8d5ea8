/**
 * Content collections (Astro's content layer): one folder per collection, one sub-folder per locale,
 * src/content/<collection>/<locale>/<slug>.md. Entry ids are '<locale>/<slug>'. The frontmatter schemas are
 * shared with the server's loader (isomorphic/content/schema.ts), so the API serves exactly what the pages show.
 */
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { COLLECTIONS, SCHEMAS, type CollectionName } from '../isomorphic/content/schema.ts';

const collection = <C extends CollectionName>(name: C) =>
  defineCollection({
    // The id keeps the locale's case ('zh-CN/fees'); the default would slugify it to 'zh-cn/fees'.
    loader: glob({
      pattern: '*/*.md',
      base: `./src/content/${name}`,
      generateId: ({ entry }) => entry.replace(/\.md$/, ''),
    }),
    schema: SCHEMAS[name],
  });

export const collections = Object.fromEntries(COLLECTIONS.map((name) => [name, collection(name)])) as {
  [C in CollectionName]: ReturnType<typeof collection<C>>;
};
