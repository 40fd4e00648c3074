// Settings that are fine on a laptop and dangerous in production are announced loudly when the service starts.
import type { Config } from '../config.js';
import type { Logger } from '../logger.js';

export function warnAboutRiskySettings(config: Config, logger: Logger): void {
  if (config.isProduction && config.webhookAllowPrivateTargets) {
    logger.warn(
      { setting: 'WEBHOOK_ALLOW_PRIVATE_TARGETS' },
      'WEBHOOK_ALLOW_PRIVATE_TARGETS=true in production: any integrator can make this server send webhooks to private, ' +
        'loopback and link-local addresses (cloud metadata, databases, admin consoles). Unset it unless this network is isolated.',
    );
  }
}
