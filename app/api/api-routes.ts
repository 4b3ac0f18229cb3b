import type { ApiRoutes } from '@/lib/http/api-front-door';
import * as health from '@/app/api/health/route';
import * as modelStep from '@/app/api/model/route';
import * as stepSession from '@/app/api/model/session/route';
import * as stepBatch from '@/app/api/model/steps/route';
import * as models from '@/app/api/models/route';

/**
 * Every API route by its path, for the production server (server.ts), which
 * answers them before Next's router: the same handlers `next dev` serves from
 * these folders. A route added beside them is added here too
 * (api-routes.test.ts fails until it is).
 */
export const API_ROUTES: ApiRoutes = {
  '/api/health': { GET: health.GET },
  '/api/model': { POST: modelStep.POST },
  '/api/model/session': { GET: stepSession.GET, POST: stepSession.POST },
  '/api/model/steps': { POST: stepBatch.POST },
  '/api/models': { GET: models.GET },
};
