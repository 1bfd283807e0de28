// The embedded broker's process in the fan-out benchmark: server/live/embedded.ts (or a
// bench-local variant of it, support/broker-variants.ts) on its own HTTP listener, publishing
// the score updates through its LiveBroker.publish() — the server's own path — when the parent
// says so. Its own process, so the broker's CPU and memory are measured as Mosquitto's are, not
// mixed with the benchmark's (which loads every bench module).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LiveBroker } from '../../server/live/broker';
import { createEmbeddedBroker } from '../../server/live/embedded';
import { BROKER_VARIANTS, createVariantBroker, type BrokerVariant } from './broker-variants';
import { publishOnSchedule, type PublishSchedule } from './fanout-updates';

export type BrokerToParent =
  | { type: 'listening'; port: number }
  | { type: 'published'; durations: number[] }
  | { type: 'failed'; error: string };

export type ParentToBroker = { type: 'publish'; schedule: PublishSchedule } | { type: 'close' };

/** 'embedded' or one of BROKER_VARIANTS */
const variant = process.env.BENCH_BROKER_VARIANT ?? 'embedded';

function send(message: BrokerToParent): Promise<void> {
  return new Promise((resolve) => {
    if (!process.send) return resolve();
    process.send(message, undefined, {}, () => resolve());
  });
}

async function main(): Promise<void> {
  let broker: LiveBroker;
  if (variant === 'embedded') broker = await createEmbeddedBroker();
  else if (BROKER_VARIANTS.includes(variant as BrokerVariant)) broker = await createVariantBroker(variant as BrokerVariant);
  else throw new Error(`unknown broker variant ${variant}`);
  const http = createServer((_request, response) => response.writeHead(404).end());
  broker.attach(http);
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', 4096, resolve));

  process.on('message', (message: ParentToBroker) => {
    if (message.type === 'publish') {
      publishOnSchedule(message.schedule, (topic, payload) => broker.publish(topic, payload)).then(
        (durations) => void send({ type: 'published', durations }),
        (error: unknown) => void send({ type: 'failed', error: String(error) }),
      );
    } else if (message.type === 'close') {
      void broker.close().finally(() => {
        http.closeAllConnections();
        http.close(() => process.exit(0));
      });
    }
  });
  // Parent gone: nobody left to serve.
  process.on('disconnect', () => process.exit(0));
  await send({ type: 'listening', port: (http.address() as AddressInfo).port });
}

main().catch(async (error: unknown) => {
  await send({ type: 'failed', error: String(error) });
  process.exit(1);
});
