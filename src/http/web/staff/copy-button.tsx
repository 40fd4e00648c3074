// Copies a link to the clipboard and says so; where the clipboard is refused, it says how to copy by hand.
import { useState } from 'preact/hooks';

export function CopyButton({ text, label }: { text: string; label: string }) {
  const [said, setSaid] = useState(label);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setSaid('Copied');
    } catch {
      setSaid('Press Ctrl+C to copy');
    }
    setTimeout(() => setSaid(label), 3_000);
  };
  return (
    <button class="button small" type="button" onClick={copy} aria-live="polite">
      {said}
    </button>
  );
}
