// Collects the service's JSON log lines in memory, so a test can read what an operator would see.
import type { DestinationStream } from 'pino';

export interface LogLine {
  level: number;
  msg?: string;
  err?: { stack?: string; message?: string };
  [field: string]: unknown;
}

/** pino's numeric levels: 50 is error, 60 fatal. */
export const ERROR_LEVEL = 50;

export function captureLogs(): { destination: DestinationStream; lines: LogLine[]; errors(): LogLine[] } {
  const lines: LogLine[] = [];
  return {
    lines,
    destination: {
      write(text: string) {
        for (const line of text.split('\n')) if (line.trim()) lines.push(JSON.parse(line) as LogLine);
      },
    },
    errors: () => lines.filter((line) => line.level >= ERROR_LEVEL),
  };
}
