// An OpenAI-compatible chat-completions endpoint that answers from a script, for the agent loop.
// It checks what a real endpoint checks — the `Authorization: Bearer <key>` credential, the model
// name, the shape of `messages` (roles, assistant tool calls, and that every tool call is answered
// by a `tool` message before the conversation goes on) and of `tools` — and answers with the next
// scripted reply in OpenAI's `chat.completion` shape. Errors are OpenAI's
// `{error: {message, type, param, code}}`.
//
//   const model = await startModel({ apiKeys: ['sk-test'], models: ['gpt-test'] });
//   model.script({ tool_calls: [{ name: 'tool_0', arguments: { q: 'x' } }] }, { content: 'Done.' });
//   model.requests[1].body.messages  // what Hangar sent on the second call
//
// `behave()` of base.ts applies too: `hang`, `server_error {status?}` (OpenAI's 500 body) and `garbage`.
import { randomBytes } from 'node:crypto';
import { bearer, isObject, reply, startStandin, type Incoming, type Reply, type Standin } from './base.ts';

/** One scripted answer: text, tool calls (arguments as an object are sent as its JSON), an error, or one computed from the request. */
export type ModelReply =
  | { content: string }
  | { tool_calls: Array<{ name: string; arguments: unknown; id?: string }>; content?: string | null }
  | { error: { status: number; message?: string } }
  | ((request: ChatRequest) => ModelReply);

export interface ChatMessage {
  role: 'system' | 'developer' | 'user' | 'assistant' | 'tool';
  content: string | null;
  tool_calls?: Array<{ id: string; type: 'function'; function: { name: string; arguments: string } }>;
  tool_call_id?: string;
}

export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  tools?: Array<{ type: 'function'; function: { name: string; description?: string; parameters?: Record<string, unknown> } }>;
  tool_choice?: unknown;
}

export interface ModelOptions {
  /** Keys accepted as `Authorization: Bearer <key>`; omitted: no credential is required. */
  apiKeys?: string[];
  /** Model names that exist; omitted: any non-empty name. */
  models?: string[];
  script?: ModelReply[];
}

export interface ModelStandin extends Standin {
  /** Appends replies to the queue; each accepted request takes the next one. */
  script(...replies: ModelReply[]): void;
  /** The reply given once the queue is empty (undefined: an empty queue is a loud stand-in error). */
  otherwise(reply: ModelReply | undefined): void;
  /** Replies still queued. */
  pending(): number;
  /** The bodies of the requests that passed every check, in order. */
  chats(): ChatRequest[];
}

const ROLES = new Set(['system', 'developer', 'user', 'assistant', 'tool']);
const FUNCTION_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

const openAiError = (status: number, message: string, type = 'invalid_request_error', param: string | null = null, code: string | null = null): Reply =>
  reply(status, { error: { message, type, param, code } });

class BadRequest extends Error {
  constructor(
    message: string,
    readonly param: string | null = null,
  ) {
    super(message);
  }
}

function isText(content: unknown): boolean {
  if (typeof content === 'string') return true;
  // Content parts: [{type: 'text', text}] (images and audio are not needed here).
  return Array.isArray(content) && content.length > 0 && content.every((p) => isObject(p) && p.type === 'text' && typeof p.text === 'string');
}

/** The checks OpenAI makes on a chat-completions body, with its wording where it has one. */
function checkChat(body: unknown, models: string[] | undefined): ChatRequest {
  if (!isObject(body)) throw new BadRequest('We could not parse the JSON body of your request. (HINT: This likely means you aren\'t using your HTTP library correctly. The OpenAI API expects a JSON payload, but what was sent was not valid JSON.)');
  if (typeof body.model !== 'string' || !body.model) throw new BadRequest('you must provide a model parameter', 'model');
  if (models && !models.includes(body.model)) throw Object.assign(new BadRequest(`The model \`${body.model}\` does not exist or you do not have access to it.`, 'model'), { status: 404, code: 'model_not_found' });
  const messages = body.messages;
  if (!Array.isArray(messages)) throw new BadRequest("Invalid type for 'messages': expected an array of objects.", 'messages');
  if (messages.length === 0) throw new BadRequest("Invalid 'messages': empty array. Expected an array with minimum length 1, but got an empty array instead.", 'messages');
  /** Tool calls of the last assistant message still waiting for their `tool` answers. */
  let open: Set<string> | undefined;
  for (const [i, m] of messages.entries()) {
    const at = `messages[${i}]`;
    if (!isObject(m)) throw new BadRequest(`Invalid type for '${at}': expected an object.`, at);
    if (typeof m.role !== 'string' || !ROLES.has(m.role)) throw new BadRequest(`Invalid value: '${String(m.role)}'. Supported values are: 'system', 'assistant', 'user', 'tool', 'function', and 'developer'.`, `${at}.role`);
    if (m.role !== 'tool' && open?.size) {
      throw new BadRequest(`An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: ${[...open].join(', ')}`, at);
    }
    switch (m.role) {
      case 'system':
      case 'developer':
      case 'user':
        if (!isText(m.content)) throw new BadRequest(`Invalid type for '${at}.content': expected one of a string or array of objects.`, `${at}.content`);
        break;
      case 'assistant': {
        const calls = m.tool_calls;
        if (calls !== undefined) {
          if (!Array.isArray(calls) || calls.length === 0) throw new BadRequest(`Invalid '${at}.tool_calls': expected a non-empty array.`, `${at}.tool_calls`);
          open = new Set();
          for (const [j, c] of calls.entries()) {
            const cat = `${at}.tool_calls[${j}]`;
            if (!isObject(c) || typeof c.id !== 'string' || !c.id) throw new BadRequest(`Missing required parameter: '${cat}.id'.`, `${cat}.id`);
            if (c.type !== 'function') throw new BadRequest(`Invalid value for '${cat}.type': expected 'function'.`, `${cat}.type`);
            if (!isObject(c.function) || typeof c.function.name !== 'string' || typeof c.function.arguments !== 'string') {
              throw new BadRequest(`Invalid '${cat}.function': expected {name: string, arguments: string}.`, `${cat}.function`);
            }
            open.add(c.id);
          }
        } else open = undefined;
        const hasText = m.content !== undefined && m.content !== null;
        if (hasText && !isText(m.content)) throw new BadRequest(`Invalid type for '${at}.content': expected one of a string or array of objects.`, `${at}.content`);
        if (!hasText && calls === undefined) throw new BadRequest(`Invalid value for '${at}.content': expected a string, got null.`, `${at}.content`);
        break;
      }
      case 'tool':
        if (typeof m.tool_call_id !== 'string') throw new BadRequest(`Missing required parameter: '${at}.tool_call_id'.`, `${at}.tool_call_id`);
        if (!open?.has(m.tool_call_id)) throw new BadRequest(`Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.`, `${at}.role`);
        open.delete(m.tool_call_id);
        if (!isText(m.content)) throw new BadRequest(`Invalid type for '${at}.content': expected one of a string or array of objects.`, `${at}.content`);
        break;
    }
  }
  if (open?.size) throw new BadRequest(`An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: ${[...open].join(', ')}`, 'messages');
  if (body.tools !== undefined) {
    if (!Array.isArray(body.tools)) throw new BadRequest("Invalid type for 'tools': expected an array of objects.", 'tools');
    for (const [i, t] of body.tools.entries()) {
      const at = `tools[${i}]`;
      if (!isObject(t) || t.type !== 'function') throw new BadRequest(`Invalid value for '${at}.type': expected 'function'.`, `${at}.type`);
      const f = t.function;
      if (!isObject(f) || typeof f.name !== 'string') throw new BadRequest(`Missing required parameter: '${at}.function.name'.`, `${at}.function.name`);
      if (!FUNCTION_NAME.test(f.name)) throw new BadRequest(`Invalid '${at}.function.name': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'.`, `${at}.function.name`);
      if (f.description !== undefined && typeof f.description !== 'string') throw new BadRequest(`Invalid type for '${at}.function.description': expected a string.`, `${at}.function.description`);
      if (f.parameters !== undefined) {
        if (!isObject(f.parameters)) throw new BadRequest(`Invalid type for '${at}.function.parameters': expected an object.`, `${at}.function.parameters`);
        if (f.parameters.type !== 'object') {
          throw new BadRequest(`Invalid schema for function '${f.name}': schema must be a JSON Schema of 'type: "object"', got 'type: "${String(f.parameters.type ?? 'None')}"'.`, `${at}.function.parameters`);
        }
      }
    }
  }
  if (body.tool_choice !== undefined) {
    if (!Array.isArray(body.tools) || body.tools.length === 0) throw new BadRequest("Invalid value for 'tool_choice': 'tool_choice' is only allowed when 'tools' are specified.", 'tool_choice');
    const ok = ['none', 'auto', 'required'].includes(body.tool_choice as string) || (isObject(body.tool_choice) && body.tool_choice.type === 'function');
    if (!ok) throw new BadRequest("Invalid value for 'tool_choice': expected 'none', 'auto', 'required' or a function.", 'tool_choice');
  }
  return body as unknown as ChatRequest;
}

let completions = 0;

function completion(request: ChatRequest, r: Exclude<ModelReply, Function | { error: unknown }>): Reply {
  const id = `chatcmpl-${(++completions).toString(36)}${randomBytes(6).toString('hex')}`;
  const calls = 'tool_calls' in r
    ? r.tool_calls.map((c) => ({
        id: c.id ?? `call_${randomBytes(9).toString('base64url')}`,
        type: 'function' as const,
        function: { name: c.name, arguments: typeof c.arguments === 'string' ? c.arguments : JSON.stringify(c.arguments ?? {}) },
      }))
    : undefined;
  const content = 'tool_calls' in r ? (r.content ?? null) : r.content;
  const promptTokens = Math.ceil(JSON.stringify(request.messages).length / 4);
  const completionTokens = Math.ceil(JSON.stringify(calls ?? content).length / 4);
  return reply(200, {
    id,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: request.model,
    choices: [{ index: 0, message: { role: 'assistant', content, ...(calls ? { tool_calls: calls } : {}), refusal: null }, logprobs: null, finish_reason: calls ? 'tool_calls' : 'stop' }],
    usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens },
    system_fingerprint: 'fp_standin',
  });
}

export async function startModel(options: ModelOptions = {}): Promise<ModelStandin> {
  const queue: ModelReply[] = [...(options.script ?? [])];
  let fallback: ModelReply | undefined;
  const accepted: ChatRequest[] = [];

  function answer(request: ChatRequest, r: ModelReply): Reply {
    if (typeof r === 'function') return answer(request, r(request));
    if ('error' in r) {
      const type = r.error.status >= 500 ? 'server_error' : 'invalid_request_error';
      return openAiError(r.error.status, r.error.message ?? 'The server had an error while processing your request. Sorry about that!', type);
    }
    return completion(request, r);
  }

  function handle(req: Incoming): Reply {
    if (!/\/chat\/completions$/.test(req.path)) return openAiError(404, `Invalid URL (${req.method} ${req.path})`);
    if (req.method !== 'POST') return openAiError(405, `Invalid method for URL (${req.method} ${req.path})`);
    if (options.apiKeys) {
      const key = bearer(req.headers);
      if (!key) return openAiError(401, "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).");
      if (!options.apiKeys.includes(key)) return openAiError(401, `Incorrect API key provided: ${key.slice(0, 3)}***${key.slice(-4)}.`, 'invalid_request_error', null, 'invalid_api_key');
    }
    let request: ChatRequest;
    try {
      if (req.bodyInvalid) throw new BadRequest('We could not parse the JSON body of your request.');
      request = checkChat(req.body, options.models);
    } catch (err) {
      if (!(err instanceof BadRequest)) throw err;
      const e = err as BadRequest & { status?: number; code?: string };
      return openAiError(e.status ?? 400, e.message, 'invalid_request_error', e.param, e.code ?? null);
    }
    accepted.push(request);
    const next = queue.shift() ?? fallback;
    // A test that runs out of script has a bug; say so loudly rather than look like a model answer.
    if (!next) throw new Error(`model stand-in: no scripted reply left for request ${accepted.length}`);
    return answer(request, next);
  }

  const standin = await startStandin({
    handle,
    serverError: (status) => openAiError(status, 'The server had an error while processing your request. Sorry about that!', 'server_error'),
  });
  return {
    ...standin,
    script: (...replies) => void queue.push(...replies),
    otherwise: (r) => void (fallback = r),
    pending: () => queue.length,
    chats: () => accepted,
  };
}
