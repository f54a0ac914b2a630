// A stand-in for the Anthropic Messages API, so Claude Code can be tried against Hangar offline: on
// the first turn it asks for the Hangar tool (through Claude Code's ToolSearch when MCP tools are
// deferred), then calls it, then answers with what the tool returned. GET /echo is the endpoint the
// Hangar tool's API Call step reaches.
import http from 'node:http';

const port = Number(process.argv[2] ?? 9099);
const tool = process.argv[3] ?? 'mcp__hangar__Echo';
let turns = 0;

function reply(json) {
  turns++;
  const last = json.messages?.at(-1);
  const results = Array.isArray(last?.content) ? last.content.filter((c) => c.type === 'tool_result') : [];
  const called = results.find((c) => c.tool_use_id === 'toolu_hangar');
  const offered = (json.tools ?? []).some((t) => t.name === tool);
  // Ten turns at most: a client that never calls the tool ends with a plain answer, not a loop.
  if (called || turns > 10) return { stop: 'end_turn', content: [{ type: 'text', text: called ? `Hangar answered: ${JSON.stringify(called.content)}` : 'gave up' }] };
  if (offered || results.some((c) => c.tool_use_id === 'toolu_search')) {
    return { stop: 'tool_use', content: [{ type: 'tool_use', id: 'toolu_hangar', name: tool, input: { q: 'from-claude-code' } }] };
  }
  return { stop: 'tool_use', content: [{ type: 'tool_use', id: 'toolu_search', name: 'ToolSearch', input: { query: `select:${tool}`, max_results: 5 } }] };
}

http
  .createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d)).on('end', () => {
      if (req.url.startsWith('/echo')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ echoed: new URL(req.url, 'http://x').searchParams.get('q') }));
      }
      const json = JSON.parse(body || '{}');
      const { stop, content } = reply(json);
      const message = { id: `msg_${turns}`, type: 'message', role: 'assistant', model: json.model, content, stop_reason: stop, stop_sequence: null, usage: { input_tokens: 1, output_tokens: 1 } };
      if (!json.stream) {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(JSON.stringify(message));
      }
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const event = (type, data) => res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
      event('message_start', { message: { ...message, content: [], stop_reason: null } });
      content.forEach((c, index) => {
        const start = c.type === 'text' ? { type: 'text', text: '' } : { type: 'tool_use', id: c.id, name: c.name, input: {} };
        event('content_block_start', { index, content_block: start });
        event('content_block_delta', { index, delta: c.type === 'text' ? { type: 'text_delta', text: c.text } : { type: 'input_json_delta', partial_json: JSON.stringify(c.input) } });
        event('content_block_stop', { index });
      });
      event('message_delta', { delta: { stop_reason: stop, stop_sequence: null }, usage: { output_tokens: 1 } });
      event('message_stop', {});
      res.end();
    });
  })
  .listen(port, '127.0.0.1');
