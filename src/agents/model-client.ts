// A client for any OpenAI-compatible chat-completions endpoint with tool calling.
import { request, type Dispatcher } from 'undici';
import { HangarError, invalid } from '../shared/errors.ts';
import { BlockedAddress } from '../tools/ssrf.ts';
import { parseBoundedJson } from '../shared/json-limits.ts';

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

/** An answer larger than this is refused, as the provider client refuses one (integrations/http-client.ts). */
export const MAX_ANSWER_BYTES = 10 * 1024 * 1024;

/**
 * One chat completion. The address is one a user sets, so the whole call — connecting, the headers
 * and the body — ends by `deadline` (the task's, epoch ms) and at most `timeoutMs` after its start,
 * and an answer over MAX_ANSWER_BYTES is refused without reading the rest.
 */
export async function complete(endpoint: ModelEndpoint, messages: ChatMessage[], tools: ToolSpec[], deadline = Date.now() + endpoint.timeoutMs): Promise<ChatMessage> {
  const url = `${endpoint.baseUrl.replace(/\/$/, '')}/chat/completions`;
  const budget = Math.max(0, Math.min(endpoint.timeoutMs, deadline - Date.now()));
  const outOfTime = () => new HangarError(504, 'upstream_error', `The model endpoint did not answer within ${endpoint.timeoutMs} ms (the task's time, headers and body together).`, 'third_party');
  if (budget === 0) throw outOfTime();
  const stop = new AbortController();
  const timer = setTimeout(() => stop.abort(), budget);
  let res;
  let text: string;
  try {
    res = await request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(endpoint.apiKey ? { authorization: `Bearer ${endpoint.apiKey}` } : {}) },
      body: JSON.stringify({ model: endpoint.model, messages, ...(tools.length ? { tools, tool_choice: 'auto' } : {}) }),
      headersTimeout: budget,
      bodyTimeout: budget,
      signal: stop.signal,
      ...(endpoint.dispatcher ? { dispatcher: endpoint.dispatcher } : {}),
    });
    const declared = Number(res.headers['content-length']);
    if (declared > MAX_ANSWER_BYTES) {
      stop.abort();
      throw new HangarError(502, 'upstream_error', `The model endpoint's answer is larger than ${MAX_ANSWER_BYTES} bytes.`, 'third_party');
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of res.body) {
      size += (chunk as Buffer).length;
      if (size > MAX_ANSWER_BYTES) {
        stop.abort();
        throw new HangarError(502, 'upstream_error', `The model endpoint's answer is larger than ${MAX_ANSWER_BYTES} bytes.`, 'third_party');
      }
      chunks.push(chunk as Buffer);
    }
    text = Buffer.concat(chunks, size).toString('utf8');
  } catch (err) {
    if (err instanceof HangarError) throw err;
    if (stop.signal.aborted) throw outOfTime();
    const cause = (err as { cause?: unknown }).cause ?? err;
    if (cause instanceof BlockedAddress) throw invalid(`The agent's model_base_url may not be reached: ${cause.message}.`);
    const code = (cause as { code?: string }).code;
    if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') throw outOfTime();
    throw new HangarError(502, 'upstream_error', `The model endpoint could not be reached (${(err as { code?: string }).code ?? (err as Error).message}).`, 'third_party');
  } finally {
    clearTimeout(timer);
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
