/**
 * The circuit breaker in front of Strapi (opossum), so that an outage costs one timeout rather
 * than one per call: once Strapi stops answering, calls fail at once (the client answers them
 * from the last good content) until a cool-down has passed; then one trial call is let through,
 * and its outcome closes the circuit or starts another cool-down.
 */
import CircuitBreaker from 'opossum';

export interface BreakerOptions {
  coolDownMs: number;
  /** Errors that are not Strapi's failing (a refusal): neither counted nor tripping. */
  isNotFailure: (error: unknown) => boolean;
  /** Failures that open the circuit at once: each further call would wait as long again. */
  opensAtOnce: (error: unknown) => boolean;
  onOpen?: () => void;
  onClose?: () => void;
}

export function createBreaker<A extends unknown[], R>(action: (...args: A) => Promise<R>, options: BreakerOptions) {
  const breaker = new CircuitBreaker(action, {
    // The action has its own timeout, which also aborts the request; opossum's would leave it running.
    timeout: false,
    resetTimeout: options.coolDownMs,
    // Quick failures (5xx, garbage) cost no waiting: they open the circuit only once they are over
    // half of the last 10 s's calls, ten calls or more, so one bad address cannot close Strapi to all.
    errorThresholdPercentage: 50,
    volumeThreshold: 10,
    errorFilter: options.isNotFailure,
  });
  breaker.on('failure', (error: unknown) => {
    if (options.opensAtOnce(error)) breaker.open();
  });
  breaker.on('open', () => options.onOpen?.());
  breaker.on('close', () => options.onClose?.());
  return {
    call: (...args: A): Promise<R> => breaker.fire(...args),
    /** The error of a call turned away without reaching Strapi. */
    turnedAway: (error: unknown) => error instanceof Error && (error as { code?: unknown }).code === 'EOPENBREAKER',
  };
}
