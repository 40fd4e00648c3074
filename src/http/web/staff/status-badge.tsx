// A session's status in words (the server's), its code in the tooltip.
import { useWords } from './context.js';

export function StatusBadge({ status, awaitingReview }: { status: string; awaitingReview: boolean }) {
  const words = useWords();
  return (
    <span class="status" data-status={status} title={`Status ${status}`}>
      {words.status(status, awaitingReview)}
    </span>
  );
}
