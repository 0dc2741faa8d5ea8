/**
 * An order form's amount field: its label, a decimal input and the unit after it (the `trade-input` look every trade
 * form shares). `onChange` gets the raw text; the form filters it to its decimals.
 */
export function UnitInput(p: {
  id: string;
  name: string;
  label: string;
  value: string;
  unit: string;
  placeholder?: string;
  onChange: (raw: string) => void;
  onBlur?: () => void;
}) {
  return (
    <label className="trade-input" htmlFor={p.id}>
      <span>{p.label}</span>
      <input
        id={p.id}
        name={p.name}
        inputMode="decimal"
        value={p.value}
        placeholder={p.placeholder}
        onChange={(e) => p.onChange(e.target.value)}
        onBlur={p.onBlur}
      />
      <em>{p.unit}</em>
    </label>
  );
}
