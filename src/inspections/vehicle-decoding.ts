// What the VIN says about a session's vehicle (docs/capture.md): the decode of the VIN the inspection captured, else of
// the VIN the integrator gave. The session representation, GraphQL and the results read it here, and the
// `GET /v1/vin/:vin` and `decodeVin` faces decode any VIN through it.
import type { DecodedVehicle } from '../domain/vehicle-decode.js';
import { sessionCapturedVin, VIN_PHOTO_CODE } from '../domain/vin.js';
import type { Logger } from '../logger.js';
import type { VinDecoder } from '../vin/vin-decoder.js';
import type { InspectionSessionRecord, SessionService } from './session-service.js';

export class VehicleDecoding {
  constructor(
    private readonly deps: {
      decoder: VinDecoder;
      capturesOf: SessionService['capturesOf'];
      logger: Pick<Logger, 'warn'>;
    },
  ) {}

  /** The decode of a VIN; one that breaks the VIN rules → BAD_REQUEST with the reason. */
  decode(vin: string): Promise<DecodedVehicle> {
    return this.deps.decoder.decode(vin);
  }

  /**
   * The decode for a session; null when it names no VIN. `captures` may be passed by a caller that read them already.
   * Should the data fail to load, the session is still shown, without a decode, and the failure is logged.
   */
  async decodedFor(session: InspectionSessionRecord, captures?: Awaited<ReturnType<SessionService['capturesOf']>>): Promise<DecodedVehicle | null> {
    const mayHaveCaptured = session.typedVin || session.photos[String(VIN_PHOTO_CODE)];
    const captured = mayHaveCaptured ? sessionCapturedVin(session, captures ?? (await this.deps.capturesOf(session))) : null;
    const vin = captured ?? session.vehicle?.vin ?? null;
    if (!vin) return null;
    try {
      return await this.deps.decoder.describe(vin);
    } catch (error) {
      this.deps.logger.warn({ err: error, sessionKey: session.key }, 'VIN decoding failed; the session is shown without a decode');
      return null;
    }
  }
}
