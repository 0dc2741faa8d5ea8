import type { HTMLAttributes, ReactNode } from 'react';
import '../../styles/data-table.css';

/** One column of a DataTable: its heading, what each row shows in it, and where it goes on a phone's card. */
export interface Column<R> {
  /** The cell's React key; unique within the table. */
  key: string;
  /** The heading, and the label beside the value on a phone's card. '' for a column of buttons (no label). */
  label: string;
  /** What the heading shows instead of the label (a sort button); the label still names the column on a card. */
  head?: ReactNode;
  cell: (row: R) => ReactNode;
  /** Figures: right-aligned in the table (and its heading), as every table of the site aligns amounts. */
  num?: boolean;
  /** The cell's own class (a tone: is-up, is-down), from its row. */
  className?: string | ((row: R) => string | undefined);
  testId?: string;
  /**
   * The column on a phone's card: `title` heads the card (full width, no label: the pair, the contract), `hide`
   * leaves it off the card (only for what the title or another line already shows); otherwise a label: value line,
   * in column order.
   */
  phone?: 'title' | 'hide';
  /** The cell names its row (a fee level): a row header for screen readers. */
  rowHeader?: boolean;
}

/**
 * The table's roles, given again: redundant for a table laid out as one, but a card's display: block would drop them
 * in Chromium and Safari. Spread from here so the linter's redundant-role rule (right for any other element) stays on.
 */
const ROLE = {
  table: { role: 'table' },
  rowgroup: { role: 'rowgroup' },
  row: { role: 'row' },
  columnheader: { role: 'columnheader' },
  cell: { role: 'cell' },
  rowheader: { role: 'rowheader' },
} as const;

type RowAttributes = HTMLAttributes<HTMLTableRowElement> & { [data: `data-${string}`]: string | undefined };

/**
 * The site's table of rows: a normal table on a wide screen and, below 560 px (src/styles/data-table.css), one card
 * per row with a label: value line per column, so a phone never scrolls a table sideways with its last columns (a
 * state, a cancel button) out of sight. The card keeps the table's semantics for screen readers: explicit ARIA roles
 * (Chromium and Safari drop a table's roles once its parts are display: block), headings that are only visually
 * hidden, and labels drawn as generated content with an empty alternative text so a reader does not hear each twice.
 */
export function DataTable<R>({
  columns,
  rows,
  rowKey,
  rowProps,
  className,
  testId,
  label,
  empty,
  busy,
}: {
  columns: ReadonlyArray<Column<R> | false | null | undefined>;
  rows: readonly R[];
  rowKey: (row: R, index: number) => string | number;
  /** Attributes of a row's <tr> (its data-testid, data-side). */
  rowProps?: (row: R) => RowAttributes;
  /** The table's own classes (grid-table orders-table, wallet-table): its look on a wide screen. */
  className?: string;
  testId?: string;
  /** The table's accessible name, where the section around it does not give one. */
  label?: string;
  /** A row that says there is nothing, shown across the columns when `rows` is empty. */
  empty?: ReactNode;
  /** The rows are being loaded again (aria-busy), where the list stays on screen while it reloads. */
  busy?: boolean;
}) {
  const cols = columns.filter((c): c is Column<R> => Boolean(c));
  return (
    <table
      {...ROLE.table}
      className={`data-table ${className ?? ''}`}
      data-testid={testId}
      aria-label={label}
      aria-busy={busy}
    >
      <thead {...ROLE.rowgroup}>
        <tr {...ROLE.row}>
          {cols.map((c) => (
            <th key={c.key} {...ROLE.columnheader} scope="col" className={c.num ? 'num' : undefined}>
              {c.head ?? c.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody {...ROLE.rowgroup}>
        {rows.map((r, i) => (
          <tr key={rowKey(r, i)} {...ROLE.row} {...rowProps?.(r)}>
            {cols.map((c) => {
              const own = typeof c.className === 'function' ? c.className(r) : c.className;
              const Cell = c.rowHeader ? 'th' : 'td';
              const classes = [c.num && 'num', c.phone && `data-table__${c.phone}`, own].filter(Boolean).join(' ');
              return (
                <Cell
                  key={c.key}
                  {...(c.rowHeader ? { ...ROLE.rowheader, scope: 'row' } : ROLE.cell)}
                  className={classes || undefined}
                  data-label={c.label && c.phone !== 'title' ? c.label : undefined}
                  data-testid={c.testId}
                >
                  <div className="data-table__value">{c.cell(r)}</div>
                </Cell>
              );
            })}
          </tr>
        ))}
        {!rows.length && empty && (
          <tr {...ROLE.row} className="data-table__empty">
            <td {...ROLE.cell} colSpan={cols.length} className="muted">
              {empty}
            </td>
          </tr>
        )}
      </tbody>
    </table>
  );
}
