import { useEffect, useState } from 'react';

interface Props {
  /** Sends the code; resolves when the server accepted it, rejects when it refused. */
  send: () => Promise<unknown>;
  /** Checks the target first; returns false (and shows its own error) when it is not valid yet. */
  canSend: () => boolean;
  label: string;
  countdownLabel: (seconds: number) => string;
  seconds?: number;
}

/** "Send code", then a countdown before it can be pressed again. */
export function SendCodeButton({ send, canSend, label, countdownLabel, seconds = 60 }: Props) {
  const [left, setLeft] = useState(0);
  // Disabled until hydrated, like the forms' submit buttons.
  const [busy, setBusy] = useState(true);
  useEffect(() => setBusy(false), []);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft(left - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  const onClick = async () => {
    if (!canSend()) return;
    setBusy(true);
    try {
      await send();
      setLeft(seconds);
    } catch {
      // The API client has shown why.
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className="field__addon field__addon--text"
      disabled={busy || left > 0}
      onClick={() => void onClick()}
    >
      {left > 0 ? countdownLabel(left) : label}
    </button>
  );
}
