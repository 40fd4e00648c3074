// The client's types for capture.js's JSDoc imports (graphql-client.ts defines them).
export type { LiveState, Operation } from '../graphql-client';
