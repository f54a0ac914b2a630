// A client for any OpenAI-compatible chat-completions endpoint with tool calling.
import { request, type Dispatcher } from 'undici';
import { HangarError, invalid } from '../errors.ts';
import { BlockedAddress } from '../tools/ssrf.ts';
import { parseBoundedJson } from '../json-limits.ts';

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  content: string | null;
  tool_calls?: ToolCall[];
  tool_call_id?: string;
}

export interface ToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export interface ToolSpec {
  type: 'function';
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

export interface ModelEndpoint {
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  timeoutMs: number;
  /** The guarded connection of ssrf.ts, for an endpoint that must not reach private addresses. */
  dispatcher?: Dispatcher;
}

export async function complete(endpoint: ModelEndpoint, messages: ChatMessage[], tools: ToolSpec[]): Promise<ChatMessage> {
  const url = `${endpoint.baseUrl.replace(/\/$/, '')}/chat/completions`;
  let res;
  let text: string;
  try {
    res = await request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(endpoint.apiKey ? { authorization: `Bearer ${endpoint.apiKey}` } : {}) },
      body: JSON.stringify({ model: endpoint.model, messages, ...(tools.length ? { tools, tool_choice: 'auto' } : {}) }),
      headersTimeout: endpoint.timeoutMs,
      bodyTimeout: endpoint.timeoutMs,
      ...(endpoint.dispatcher ? { dispatcher: endpoint.dispatcher } : {}),
    });
    text = await res.body.text();
  } catch (err) {
    const cause = (err as { cause?: unknown }).cause ?? err;
    if (cause instanceof BlockedAddress) throw invalid(`The agent's model_base_url may not be reached: ${cause.message}.`);
    const code = (cause as { code?: string }).code;
    if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') throw new HangarError(504, 'upstream_error', `The model endpoint did not answer within ${endpoint.timeoutMs} ms.`, 'third_party');
    throw new HangarError(502, 'upstream_error', `The model endpoint could not be reached (${(err as { code?: string }).code ?? (err as Error).message}).`, 'third_party');
  }
  if (res.statusCode >= 400) throw new HangarError(502, 'upstream_error', `The model endpoint answered ${res.statusCode}: ${text.slice(0, 300)}`, 'third_party');
  try {
    const body = parseBoundedJson(text) as { choices?: Array<{ message?: ChatMessage }> };
    const message = body.choices?.[0]?.message;
    if (!message) throw new Error('no choices');
    return { role: 'assistant', content: message.content ?? null, ...(message.tool_calls?.length ? { tool_calls: message.tool_calls } : {}) };
  } catch {
    throw new HangarError(502, 'upstream_error', 'The model endpoint answered something that is not a chat completion.', 'third_party');
  }
}
