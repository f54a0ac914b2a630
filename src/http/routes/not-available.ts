// The hosted platform's features that this deployment does not offer (hosted-compat.md §7). Their
// clients call these paths; each answers 404 with a message naming the feature, never a body a
// client could take for success (the Python client reads error bodies as answers). 404 rather than
// 501: the contract allows no 5xx of ours (api.md §1).
import type { FastifyInstance, HTTPMethods } from 'fastify';
import { notAvailable } from '../../shared/errors.ts';

const ALL: HTTPMethods[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** Path patterns and the feature each belongs to. */
export const NOT_AVAILABLE: Array<{ paths: string[]; feature: string; verb?: 'is' | 'are' }> = [
  { paths: ['/latest/knowledge/*'], feature: 'Knowledge sets', verb: 'are' },
  { paths: ['/latest/workforce/*', '/latest/workforces/*'], feature: 'Workforces', verb: 'are' },
  { paths: ['/latest/agents/get_embed_key'], feature: 'Embed keys', verb: 'are' },
  { paths: ['/latest/studios/:studio_id/get_share_link', '/latest/studios/:studio_id/delete_share_link'], feature: 'Share links', verb: 'are' },
  // …/scheduled_triggers_item/create is offered (src/http/routes/schedules.ts); the rest of the hosted family is not.
  { paths: ['/latest/agents/:agent_id/scheduled_triggers_item/*', '/latest/agents/:agent_id/scheduled_triggers/*'], feature: 'Listing or changing scheduled triggers (scheduled_triggers_item/create and the recurring /latest/agents/{agent_id}/schedules/* are offered)' },
  { paths: ['/latest/auth/oauth/*'], feature: 'OAuth account listing and sign-in for agents (use /latest/integrations/oauth/get_url for provider connections)' },
  { paths: ['/latest/services/get_temporary_file_upload_url'], feature: 'Attachments (file uploads)', verb: 'are' },
  { paths: ['/v1/stream', '/latest/agents/:agent_id/tasks/:conversation_id/stream'], feature: 'Streaming' },
];

export function notAvailableRoutes(app: FastifyInstance): void {
  for (const { paths, feature, verb } of NOT_AVAILABLE) {
    for (const url of paths) {
      app.route({
        method: ALL,
        url,
        // Not operations of this API: they answer only to say so, and the README lists them.
        schema: {
          hide: true,
          tags: ['not available'],
          summary: `${feature}: not available on this deployment`,
          response: { 404: { description: 'Names the feature as not available on this deployment.', $ref: 'Error#' } },
        },
        handler: async () => {
          throw notAvailable(feature, verb ?? 'is');
        },
      });
    }
  }
}
