// Counts the database commands the service sends (the driver's command monitoring), by command and collection, at
// /metrics as mongodb_commands_total: the round trips behind each request are visible in production, and the
// benchmarks report commands per operation from the same counter.
import type { CommandStartedEvent, MongoClient } from 'mongodb';
import { Counter, type Registry } from 'prom-client';

/** Connection and session bookkeeping the driver sends on its own, not on behalf of an operation. */
const HOUSEKEEPING = new Set(['hello', 'isMaster', 'ismaster', 'ping', 'endSessions', 'saslStart', 'saslContinue', 'buildInfo', 'killCursors']);

export function countDatabaseCommands(client: MongoClient, registry: Registry): Counter<'command' | 'collection'> {
  const counter = new Counter({
    name: 'mongodb_commands_total',
    help: 'Database commands sent, by command name and collection (driver command monitoring).',
    labelNames: ['command', 'collection'] as const,
    registers: [registry],
  });
  client.on('commandStarted', (event: CommandStartedEvent) => {
    if (HOUSEKEEPING.has(event.commandName)) return;
    counter.inc({ command: event.commandName, collection: collectionOf(event) });
  });
  return counter;
}

/** The collection a command works on (the value of its first field, for the CRUD and index commands), else ''. */
export function collectionOf(event: CommandStartedEvent): string {
  const target = (event.command as Record<string, unknown>)[event.commandName];
  return typeof target === 'string' ? target : '';
}
