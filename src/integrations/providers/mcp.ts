// Remote MCP servers (issue 23 §2): a connection names the server (its address, and headers or an
// OAuth sign-in); its tools are listed from it and called through the one step `mcp.call_tool`.
import { Type } from 'typebox';
import type { ProviderDefinition } from '../provider.ts';
import { step } from '../provider.ts';

export const mcp: ProviderDefinition = {
  id: 'mcp',
  name: 'MCP server',
  description: 'Tools of a remote Model Context Protocol server (streamable HTTP), with headers or an OAuth sign-in.',
  kindWords: ['mcp', 'model context protocol', 'remote tools'],
  beta: true,
  mark: { letters: 'MCP', colour: '#0f6b63' },
  // The address is each connection's own (connections.url), never a deployment setting.
  bases: {},
  connect: { remote: { authTypes: ['headers', 'none', 'oauth'] } },
  // A remote MCP server speaks JSON-RPC, not a REST API to forward requests to.
  apiCall: { methods: [] },
  steps: [
    step({
      id: 'call_tool',
      name: 'Call MCP Tool',
      description: "Calls one tool of the connection's MCP server with its arguments; the output holds the result's text, content and structured content.",
      input: Type.Object(
        {
          tool: Type.String({ minLength: 1, maxLength: 128, description: 'The tool name, as GET /latest/integrations/connections/{connection_id}/mcp/tools lists it.' }),
          arguments: Type.Optional(Type.Record(Type.String(), Type.Any(), { description: "The tool's arguments, as its input schema describes them." })),
        },
        { additionalProperties: false },
      ),
      call: (input, { connection, remote }) => remote.call(connection, input.tool, input.arguments ?? {}),
    }),
  ],
};
