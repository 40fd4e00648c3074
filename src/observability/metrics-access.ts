// Who may read /metrics: anyone outside production (convenience), in production only a holder of METRICS_TOKEN;
// with no token configured, production does not serve it at all. A set token is required in every mode.
import { bearerTokenMatches } from '../auth/bearer-token.js';

export type MetricsAccess = 'allowed' | 'unauthorized' | 'hidden';

export function metricsAccess(authorization: string | undefined, options: { token: string | null; isProduction: boolean }): MetricsAccess {
  if (options.token) return bearerTokenMatches(authorization, options.token) ? 'allowed' : 'unauthorized';
  return options.isProduction ? 'hidden' : 'allowed';
}
