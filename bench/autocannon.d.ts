// autocannon 8 ships no types: only the part of its programmatic API the benches use.
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  namespace autocannon {
    interface Options {
      url: string;
      connections?: number;
      /** Seconds. */
      duration?: number;
      pipelining?: number;
      /** Seconds before a request counts as a timeout. */
      timeout?: number;
      method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
      headers?: Record<string, string>;
      body?: string | Buffer;
    }

    interface Histogram {
      average: number;
      mean: number;
      stddev: number;
      min: number;
      max: number;
      total: number;
      p50: number;
      p90: number;
      p99: number;
    }

    interface Result {
      /** Seconds. */
      duration: number;
      errors: number;
      timeouts: number;
      non2xx: number;
      mismatches: number;
      '2xx': number;
      statusCodeStats: Record<string, { count: number }>;
      /** Milliseconds. */
      latency: Histogram;
      /** Per-second samples; total is the number of completed requests. */
      requests: Histogram & { sent: number };
      /** Bytes per second samples; total is every byte received. */
      throughput: Histogram;
    }

    interface Instance extends EventEmitter {
      stop(): void;
    }
  }

  function autocannon(
    opts: autocannon.Options,
    cb: (err: Error | null, result: autocannon.Result) => void,
  ): autocannon.Instance;

  export = autocannon;
}
