// Waiting for something the service does in the background, on vitest's poller (vi.waitFor): resolves to the value
// once `check` returns one (anything but undefined or false), or fails naming what was awaited.
import { vi } from 'vitest';

export function waitForValue<T>(check: () => T | undefined | false | Promise<T | undefined | false>, label: string, timeoutMs = 20_000): Promise<T> {
  return vi.waitFor(
    async () => {
      const value = await check();
      if (value === undefined || value === false) throw new Error(`timed out after ${timeoutMs} ms waiting for ${label}`);
      return value;
    },
    { timeout: timeoutMs, interval: 25 },
  );
}
