// Picks the SMS provider the configuration names: Twilio, or the log (development and tests).
import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import type { SmsProvider } from './sms-provider.js';
import { LogSmsProvider } from './log-sms-provider.js';
import { TwilioSmsProvider } from './twilio-sms-provider.js';

export function createSmsProvider(config: Pick<Config, 'sms'>, logger: Logger): SmsProvider {
  if (config.sms.provider === 'twilio') return new TwilioSmsProvider(config.sms);
  return new LogSmsProvider(logger);
}
