import { blocks, type Inline } from '../../lib/content/blocks.ts';

/** An operator's Markdown as React elements (never as HTML), see src/lib/content/blocks.ts. */
export function Markdown({ source }: { source: string }) {
  const text = (content: Inline[]) =>
    content.map((c, i) => (c.bold ? <strong key={i}>{c.text}</strong> : <span key={i}>{c.text}</span>));
  return (
    <div className="prose-content">
      {blocks(source).map((b, i) => {
        if (b.type === 'heading')
          return b.level === 2 ? <h2 key={i}>{text(b.content)}</h2> : <h3 key={i}>{text(b.content)}</h3>;
        if (b.type === 'paragraph') return <p key={i}>{text(b.content)}</p>;
        const items = b.items.map((item, j) => <li key={j}>{text(item)}</li>);
        return b.ordered ? <ol key={i}>{items}</ol> : <ul key={i}>{items}</ul>;
      })}
    </div>
  );
}
