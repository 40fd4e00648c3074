// Values the global set-up hands to every test file.
import 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    mongoUrl: string;
    /** A Redis the test may use (shared by the whole run: use keys and channels of its own). */
    redisUrl: string;
  }
}
