// Values the global set-up hands to every test file.
import 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    mongoUrl: string;
  }
}
