// /metrics under `hangar start --processes N`: the primary hands each connection to one worker, so a
// scrape lands on any of them; that worker asks the primary, which gathers every worker's registry
// with prom-client's AggregatorRegistry and answers for the whole server. Each metric says how it
// is combined (src/runtime/metrics.ts): summed unless its `aggregator` says otherwise.
import cluster from 'node:cluster';
import { AggregatorRegistry } from 'prom-client';
import type { Metrics } from './metrics.ts';

const ASK = 'hangar:metrics';
/** AggregatorRegistry gives up on a silent worker after 5 s; the asking worker waits a little longer. */
const ANSWER_WITHIN_MS = 6000;

interface Ask {
  type: typeof ASK;
  id: number;
}
interface Answer {
  type: typeof ASK;
  id: number;
  text?: string;
  error?: string;
}

/** In the primary: answers the workers' scrapes with every worker's metrics combined. */
export function serveClusterMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: Ask) => {
    if (message?.type !== ASK) return;
    aggregator.clusterMetrics().then(
      (text) => worker.isConnected() && worker.send({ type: ASK, id: message.id, text } satisfies Answer),
      (err: Error) => worker.isConnected() && worker.send({ type: ASK, id: message.id, error: err.message } satisfies Answer),
    );
  });
}

/** In a worker: offers this process's registry to the primary, and makes /metrics ask for everyone's. */
export function shareMetrics(metrics: Metrics): void {
  AggregatorRegistry.setRegistries([metrics.registry]);
  // Constructing one installs prom-client's answer to the primary's requests in this worker.
  new AggregatorRegistry();
  const waiting = new Map<number, (answer: Answer) => void>();
  let next = 0;
  process.on('message', (message: Answer) => {
    if (message?.type === ASK) waiting.get(message.id)?.(message);
  });
  metrics.scrape = () =>
    new Promise<string>((resolve, reject) => {
      const id = next++;
      const timer = setTimeout(() => settle({ type: ASK, id, error: 'the other processes did not answer in time' }), ANSWER_WITHIN_MS);
      const settle = (answer: Answer) => {
        clearTimeout(timer);
        waiting.delete(id);
        if (answer.text !== undefined) resolve(answer.text);
        else reject(new Error(`metrics of all processes: ${answer.error}`));
      };
      waiting.set(id, settle);
      process.send!({ type: ASK, id } satisfies Ask);
    });
}
