// A full garbage collection in another Node process started with --inspect, through its inspector protocol, so
// memory read right after it counts live objects rather than garbage not yet collected.
import WebSocket from 'ws';

export async function collectGarbage(inspectorUrl: string): Promise<void> {
  const socket = new WebSocket(inspectorUrl);
  try {
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    await new Promise<void>((resolve) => {
      socket.on('message', (data) => {
        if ((JSON.parse(String(data)) as { id?: number }).id === 1) resolve();
      });
      socket.send(JSON.stringify({ id: 1, method: 'HeapProfiler.collectGarbage' }));
    });
  } finally {
    socket.close();
  }
}

/** The inspector's WebSocket URL from the output of a process started with --inspect. */
export function inspectorUrlIn(output: string): string | undefined {
  return /Debugger listening on (ws:\/\/\S+)/.exec(output)?.[1];
}
