// Every HTTP route the service serves through the router, in one place: the app registers them here, and the
// OpenAPI test builds the same router to check that each API route is documented. Registration only stores
// handlers; `services` is touched only when a request is handled.
import type { UseCases } from '../services.js';
import type { Router } from './rest/router.js';
import { registerSessionRoutes, registerV1Routes } from './rest/v1-routes.js';
import { registerPhotoRoutes } from './rest/photo-routes.js';
import { registerCaptureRoutes } from './rest/capture-routes.js';
import { registerWebRoutes } from './web/web-routes.js';
import { registerDeliveryRoutes } from './rest/delivery-routes.js';
import { registerReportRoutes } from './rest/report-routes.js';
import { registerOpenApiRoute } from './rest/openapi-routes.js';
import { registerAdminRoutes } from './rest/admin-routes.js';
import { registerUserRoutes } from './rest/user-routes.js';
import { registerAuthRoutes } from './rest/auth-routes.js';
import { registerCaptureQrRoute } from './rest/capture-qr-route.js';
import { registerAccountRoutes } from './rest/account-routes.js';
import { registerSessionListRoutes } from './rest/session-list-routes.js';

export interface RouteOptions {
  /** The admin API is registered only when this is set (ADMIN_TOKEN). */
  adminToken: string | null;
  /** The service version shown in the OpenAPI document. */
  version: string;
  /** GraphiQL is served (outside production); the landing page at / links it only then. */
  graphiqlEnabled: boolean;
}

export function registerRoutes(router: Router, services: UseCases, options: RouteOptions): void {
  registerV1Routes(router, services);
  // Before the session routes: /v1/sessions/search is a fixed path, not a session key.
  registerSessionListRoutes(router, services);
  registerSessionRoutes(router, services);
  registerPhotoRoutes(router, services);
  registerCaptureRoutes(router, services);
  registerWebRoutes(router, services, { graphiqlEnabled: options.graphiqlEnabled });
  registerDeliveryRoutes(router, services);
  registerReportRoutes(router, services);
  registerCaptureQrRoute(router, services);
  registerAccountRoutes(router, services);
  registerUserRoutes(router, services);
  registerAuthRoutes(router, services);
  registerOpenApiRoute(router, { version: options.version, serverUrl: () => services.urls.base });
  if (options.adminToken) registerAdminRoutes(router, services, options.adminToken);
}
