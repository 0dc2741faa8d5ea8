/**
 * The Markdown that operators type into a published item, read as a few block types: headings, paragraphs,
 * bulleted and numbered lists, with **bold** inside. Anything else stays text. The news page's reader renders
 * these blocks as React elements, so an operator's text can never inject markup into the page.
 */
export type Inline = { text: string; bold: boolean };
type Block =
  | { type: 'heading'; level: 2 | 3; content: Inline[] }
  | { type: 'paragraph'; content: Inline[] }
  | { type: 'list'; ordered: boolean; items: Inline[][] };

/** inlines('a **b** c') → [{text:'a ',bold:false},{text:'b',bold:true},{text:' c',bold:false}] */
export function inlines(text: string): Inline[] {
  const out: Inline[] = [];
  const parts = text.split(/\*\*(.+?)\*\*/g);
  parts.forEach((part, i) => {
    if (part) out.push({ text: part, bold: i % 2 === 1 });
  });
  return out;
}

const LIST_ITEM = /^\s*([-*+]|\d+[.)])\s+(.*)$/;

/** blocks('## Title\n\nText\n\n- a\n- b') → heading, paragraph, list. */
export function blocks(markdown: string): Block[] {
  const out: Block[] = [];
  for (const chunk of markdown.replace(/\r\n?/g, '\n').split(/\n\s*\n/)) {
    const lines = chunk.split('\n').filter((l) => l.trim());
    if (lines.length === 0) continue;
    const heading = /^(#{1,6})\s+(.*)$/.exec(lines[0]!.trim());
    if (heading && lines.length === 1) {
      out.push({ type: 'heading', level: heading[1]!.length <= 2 ? 2 : 3, content: inlines(heading[2]!) });
      continue;
    }
    if (lines.every((l) => LIST_ITEM.test(l))) {
      out.push({
        type: 'list',
        ordered: /^\s*\d/.test(lines[0]!),
        items: lines.map((l) => inlines(LIST_ITEM.exec(l)![2]!)),
      });
      continue;
    }
    out.push({ type: 'paragraph', content: inlines(lines.map((l) => l.trim()).join(' ')) });
  }
  return out;
}
