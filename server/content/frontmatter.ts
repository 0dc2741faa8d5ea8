/**
 * The frontmatter of a content file: a `---` fenced block of `key: value` lines, then the Markdown body. Content
 * files keep to a flat subset of YAML (strings in double quotes, whole numbers, dates), which is all this
 * reads; Astro's YAML parser reads the same lines the same way.
 *
 *   parseFrontmatter('---\nid: 3\ntitle: "Fees: how they work"\n---\nBody') → { data: { id: 3, title: 'Fees: how they work' }, body: 'Body' }
 */
export interface Parsed {
  data: Record<string, string | number | boolean>;
  body: string;
}

export function parseFrontmatter(source: string): Parsed {
  const text = source.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const match = /^---\n([\s\S]*?)\n---(?:\n|$)/.exec(text);
  if (!match) throw new Error('missing frontmatter (a --- block at the top)');
  const data: Parsed['data'] = {};
  match[1]!.split('\n').forEach((line, i) => {
    if (!line.trim() || line.trimStart().startsWith('#')) return;
    const kv = /^([A-Za-z_][\w-]*):\s*(.*)$/.exec(line);
    if (!kv) throw new Error(`frontmatter line ${i + 2} is not "key: value": ${line}`);
    data[kv[1]!] = scalar(kv[2]!.trim(), i + 2);
  });
  return { data, body: text.slice(match[0].length).trim() };
}

function scalar(raw: string, line: number): string | number | boolean {
  if (raw.startsWith('"')) {
    try {
      return JSON.parse(raw) as string;
    } catch {
      throw new Error(`frontmatter line ${line}: unterminated or malformed "string"`);
    }
  }
  if (raw.startsWith("'")) {
    if (!raw.endsWith("'") || raw.length < 2) throw new Error(`frontmatter line ${line}: unterminated 'string'`);
    return raw.slice(1, -1).replace(/''/g, "'");
  }
  if (/^-?\d+$/.test(raw)) return Number(raw);
  if (raw === 'true' || raw === 'false') return raw === 'true';
  return raw.replace(/\s+#.*$/, '');
}
