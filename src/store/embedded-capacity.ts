// What the embedded database holds, measured by `npm run bench` (embedded_capacity_sessions in bench/results.json;
// bench/run.ts rewrites this file when it measures it). Printed beside the "in memory only" warning at start-up.
export const EMBEDDED_CAPACITY = { sessions: 254, measuredOn: '2026-11-27' } as const;
