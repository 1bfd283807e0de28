// A child process of the fan-out benchmark: opens N mqtt.js WebSocket clients subscribed to
// `football`, reports when all are subscribed, records when each score update arrives, and
// sends the arrival times back to the parent when told to finish.
import mqtt, { type MqttClient } from 'mqtt';

const url = process.env.BENCH_URL ?? '';
const count = Number(process.env.BENCH_CLIENTS ?? '0');
const batch = 100;

/** arrivals[matchId] = list of arrival times (ms) */
const arrivals = new Map<number, number[]>();
const clients: MqttClient[] = [];

function connectOne(index: number): Promise<MqttClient> {
  return new Promise((resolve, reject) => {
    const client = mqtt.connect(url, {
      protocolVersion: 4,
      clean: true,
      reconnectPeriod: 0,
      connectTimeout: 30_000,
      clientId: `bench-${process.pid}-${index}`,
    });
    client.once('connect', () => {
      client.subscribe('football', { qos: 0 }, (error) => (error ? reject(error) : resolve(client)));
    });
    client.once('error', reject);
    client.on('message', (_topic, payload) => {
      const now = Date.now();
      const message = JSON.parse(payload.toString()) as { data: { match_id: number } };
      let list = arrivals.get(message.data.match_id);
      if (!list) arrivals.set(message.data.match_id, (list = []));
      list.push(now);
    });
  });
}

async function main(): Promise<void> {
  for (let start = 0; start < count; start += batch) {
    const wave = [];
    for (let index = start; index < Math.min(count, start + batch); index++) wave.push(connectOne(index));
    clients.push(...(await Promise.all(wave)));
  }
  process.send?.({ type: 'ready', clients: clients.length });
  process.on('message', async (message: { type: string }) => {
    if (message.type !== 'finish') return;
    process.send?.({ type: 'arrivals', arrivals: [...arrivals.entries()] });
    await Promise.all(clients.map((client) => client.endAsync(true)));
    process.exit(0);
  });
}

main().catch((error: unknown) => {
  process.send?.({ type: 'failed', error: String(error) });
  process.exit(1);
});
