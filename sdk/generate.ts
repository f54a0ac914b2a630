// Turns Hangar's OpenAPI document into sdk/schema.d.ts (openapi-typescript). Used by
// `npm run sdk:generate` and by the test that fails when the committed file is stale.
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';

export async function schemaTypes(document: object): Promise<string> {
  // The server list names one deployment's address; the types are the same for every deployment.
  const { servers: _servers, ...spec } = document as OpenAPI3;
  const ast = await openapiTS(spec as OpenAPI3, { silent: true });
  return astToString(ast);
}
