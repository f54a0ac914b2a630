// A Transport of the SDK's own interface (`@modelcontextprotocol/sdk/shared/transport.js`) between
// /latest/mcp's endpoint and a long-lived SDK `Server` (protocol.ts): it carries one HTTP exchange at
// a time. The endpoint has already done the HTTP side of the streamable HTTP transport (session,
// protocol version, Accept, the messages checked against the SDK's JSONRPCMessageSchema); this hands
// the checked messages to the server and collects what the server sends back for them — the answers
// as JSON, or every message as a server-sent event. The SDK's Protocol does all the JSON-RPC work
// (dispatch, handler schemas, error answers, progress notifications); nothing here reads a method.
// Why not the SDK's WebStandardStreamableHTTPServerTransport: see README.md.
import { PassThrough, type Readable } from 'node:stream';
import type { Transport, TransportSendOptions } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage, MessageExtraInfo, RequestId } from '@modelcontextprotocol/sdk/types.js';

/** An SSE comment this often keeps proxies from closing a quiet stream (the SDK's transport's interval). */
const KEEP_ALIVE_MS = 15_000;

/** A response (or error response) to a request: what ends a request's part of an exchange. */
const isAnswer = (message: JSONRPCMessage): message is JSONRPCMessage & { id: RequestId } => 'id' in message && ('result' in message || 'error' in message);

/** An event stream that writes SSE frames, with the keep-alive comment, until it is ended. */
class EventStream {
  readonly readable: PassThrough = new PassThrough();
  private readonly timer: NodeJS.Timeout;
  private ended = false;

  constructor() {
    this.timer = setInterval(() => this.raw(': keepalive\n\n'), KEEP_ALIVE_MS);
    this.timer.unref();
    // A reader that went away makes writes fail; that ends the stream here, never the process.
    this.readable.on('error', () => this.end());
  }

  write(message: JSONRPCMessage): void {
    this.raw(`event: message\ndata: ${JSON.stringify(message)}\n\n`);
  }

  private raw(text: string): void {
    if (!this.ended && !this.readable.destroyed) this.readable.write(text);
  }

  /** Ends the stream after what was written (`destroy`: at once, dropping it — the reader left). */
  end(destroy = false): void {
    if (this.ended) return;
    this.ended = true;
    clearInterval(this.timer);
    if (destroy) this.readable.destroy();
    else this.readable.end();
  }
}

/** What one exchange waits for: the answer of each of its requests, in the order they came. */
interface Delivery {
  answers: Map<RequestId, JSONRPCMessage | undefined>;
  /** The event stream the exchange is answered on, or undefined for a JSON answer. */
  stream?: EventStream;
  /** Called once every request has its answer (with them, in order). */
  done: (answers: JSONRPCMessage[]) => void;
}

export class ExchangeTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage, extra?: MessageExtraInfo) => void;

  private delivery?: Delivery;
  /** The GET stream this transport carries, for messages related to no request (list_changed). */
  private standalone?: EventStream;

  async start(): Promise<void> {}

  async close(): Promise<void> {
    this.delivery?.stream?.end(true);
    this.standalone?.end(true);
    this.delivery = undefined;
    this.standalone = undefined;
    this.onclose?.();
  }

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    const answer = isAnswer(message);
    const related = answer ? message.id : options?.relatedRequestId;
    if (related === undefined) {
      this.standalone?.write(message);
      return;
    }
    const delivery = this.delivery;
    // Only the exchange being served has requests here (the pool lends a server to one exchange at a
    // time and takes it back once every answer is sent), so anything else has nowhere to go.
    if (!delivery || !delivery.answers.has(related)) return;
    // A JSON answer has no room for a notification (the SDK's transport drops them the same way).
    delivery.stream?.write(message);
    if (!answer) return;
    delivery.answers.set(related, message);
    for (const a of delivery.answers.values()) if (a === undefined) return;
    this.delivery = undefined;
    delivery.stream?.end();
    delivery.done([...delivery.answers.values()] as JSONRPCMessage[]);
  }

  /**
   * Hands an exchange's messages to the server. `requestIds` are its requests' ids (distinct: the
   * endpoint refuses a body that repeats one); `done` gets their answers once all are sent. With
   * `stream`, everything the server sends for them is also written to the returned event stream,
   * which ends after the last answer.
   */
  deliver(messages: JSONRPCMessage[], requestIds: RequestId[], stream: boolean, done: (answers: JSONRPCMessage[]) => void): Readable | undefined {
    if (this.delivery || this.standalone) throw new Error('This transport is already serving an exchange.');
    const events = stream ? new EventStream() : undefined;
    // Every request is expected before any is handed over: the server may answer one (an unknown
    // method) synchronously, before the next is delivered.
    this.delivery = { answers: new Map(requestIds.map((id) => [id, undefined])), stream: events, done };
    for (const message of messages) this.onmessage?.(message);
    return events?.readable;
  }

  /** The reader of the exchange's event stream left: stop writing to it (the answers still end the exchange). */
  abandon(): void {
    this.delivery?.stream?.end(true);
    if (this.delivery) this.delivery.stream = undefined;
  }

  /** Opens the GET stream: what the server sends unrelated to a request goes there until `closeStream`. */
  openStream(): Readable {
    if (this.delivery || this.standalone) throw new Error('This transport is already serving an exchange.');
    this.standalone = new EventStream();
    return this.standalone.readable;
  }

  /** Ends the GET stream after what was written. */
  closeStream(): void {
    this.standalone?.end();
    this.standalone = undefined;
  }
}
