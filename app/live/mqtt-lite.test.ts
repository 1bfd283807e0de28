import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import {
  DISCONNECT_PACKET,
  PINGREQ_PACKET,
  PacketReader,
  connectMqttLite,
  decodePacket,
  decodeRemainingLength,
  encodeConnect,
  ownedClientId,
  encodePuback,
  encodeRemainingLength,
  encodeString,
  encodeSubscribe,
  encodeUnsubscribe,
  type MqttLiteClient,
  type WebSocketConstructor,
} from './mqtt-lite';

const bytes = (...values: number[]) => Uint8Array.from(values);

/** A whole packet: first byte, remaining length, body. */
function frame(firstByte: number, body: Uint8Array): Uint8Array {
  const length = encodeRemainingLength(body.length);
  const out = new Uint8Array(1 + length.length + body.length);
  out[0] = firstByte;
  out.set(length, 1);
  out.set(body, 1 + length.length);
  return out;
}

function publishBody(topic: string, payload: Uint8Array, messageId?: number): Uint8Array {
  const topicBytes = encodeString(topic);
  const id = messageId === undefined ? new Uint8Array(0) : bytes(messageId >> 8, messageId & 0xff);
  const out = new Uint8Array(topicBytes.length + id.length + payload.length);
  out.set(topicBytes, 0);
  out.set(id, topicBytes.length);
  out.set(payload, topicBytes.length + id.length);
  return out;
}

describe('remaining length', () => {
  it.each([
    [0, [0x00]],
    [127, [0x7f]],
    [128, [0x80, 0x01]],
    [16_383, [0xff, 0x7f]],
    [16_384, [0x80, 0x80, 0x01]],
    [2_097_151, [0xff, 0xff, 0x7f]],
    [2_097_152, [0x80, 0x80, 0x80, 0x01]],
    [268_435_455, [0xff, 0xff, 0xff, 0x7f]],
  ])('%i encodes as the standard bytes and decodes back', (length, expected) => {
    expect(Array.from(encodeRemainingLength(length))).toEqual(expected);
    expect(decodeRemainingLength(Uint8Array.from([0x30, ...expected]), 1)).toEqual({ value: length, size: expected.length });
  });

  it('refuses lengths MQTT cannot carry, and a fifth length byte', () => {
    expect(() => encodeRemainingLength(268_435_456)).toThrow(RangeError);
    expect(() => encodeRemainingLength(-1)).toThrow(RangeError);
    expect(() => decodeRemainingLength(bytes(0x30, 0xff, 0xff, 0xff, 0xff, 0x01), 1)).toThrow(/malformed/);
  });

  it('says "not yet" while the length bytes are incomplete', () => {
    expect(decodeRemainingLength(bytes(0x30, 0x80), 1)).toBeNull();
    expect(decodeRemainingLength(bytes(0x30), 1)).toBeNull();
  });
});

describe('packet encoding', () => {
  it('writes strings as UTF-8 with a big-endian length', () => {
    expect(Array.from(encodeString('MQTT'))).toEqual([0, 4, 0x4d, 0x51, 0x54, 0x54]);
    expect(Array.from(encodeString('ş进'))).toEqual([0, 5, 0xc5, 0x9f, 0xe8, 0xbf, 0x9b]);
    expect(Array.from(encodeString(''))).toEqual([0, 0]);
    expect(encodeString('x'.repeat(300)).subarray(0, 2)).toEqual(bytes(1, 44));
  });

  it('writes an anonymous CONNECT: protocol MQTT level 4, clean session, keep-alive, client id', () => {
    expect(Array.from(encodeConnect({ clientId: 'ab', keepalive: 60, clean: true }))).toEqual([
      0x10, 14, 0, 4, 0x4d, 0x51, 0x54, 0x54, 4, 0x02, 0, 60, 0, 2, 0x61, 0x62,
    ]);
  });

  it('writes user name and password with their flags', () => {
    const packet = encodeConnect({ clientId: 'c', keepalive: 300, clean: true, username: 'u', password: 'pw' });
    expect(Array.from(packet)).toEqual([0x10, 20, 0, 4, 0x4d, 0x51, 0x54, 0x54, 4, 0xc2, 0x01, 0x2c, 0, 1, 0x63, 0, 1, 0x75, 0, 2, 0x70, 0x77]);
  });

  it("names the id's owner: <username>/<tab> with credentials, the bare tab id without (decision 109)", () => {
    expect(ownedClientId('tribun_0a1b', 'tribun-live-42')).toBe('tribun-live-42/tribun_0a1b');
    expect(ownedClientId('tribun_0a1b', undefined)).toBe('tribun_0a1b');
    expect(ownedClientId('tribun_0a1b', '')).toBe('tribun_0a1b');
  });

  it('writes SUBSCRIBE (flags 0010) with one QoS byte per filter, and UNSUBSCRIBE', () => {
    expect(Array.from(encodeSubscribe(0x0102, ['a', 'bc'], 0))).toEqual([0x82, 11, 1, 2, 0, 1, 0x61, 0, 0, 2, 0x62, 0x63, 0]);
    expect(Array.from(encodeSubscribe(7, ['a'], 1))).toEqual([0x82, 6, 0, 7, 0, 1, 0x61, 1]);
    expect(Array.from(encodeUnsubscribe(9, ['a', 'b']))).toEqual([0xa2, 8, 0, 9, 0, 1, 0x61, 0, 1, 0x62]);
  });

  it('writes PUBACK, PINGREQ and DISCONNECT', () => {
    expect(Array.from(encodePuback(0xbeef))).toEqual([0x40, 2, 0xbe, 0xef]);
    expect(Array.from(PINGREQ_PACKET)).toEqual([0xc0, 0]);
    expect(Array.from(DISCONNECT_PACKET)).toEqual([0xe0, 0]);
  });

  it('gives a packet whose body crosses 127 bytes a two-byte length', () => {
    const packet = encodeSubscribe(1, ['t'.repeat(121)], 0);
    // 2 (id) + 2 + 121 + 1 = 126; one more character gives 127, two give 128
    expect(packet[1]).toBe(126);
    expect(Array.from(encodeSubscribe(1, ['t'.repeat(122)], 0).subarray(0, 2))).toEqual([0x82, 127]);
    expect(Array.from(encodeSubscribe(1, ['t'.repeat(123)], 0).subarray(0, 3))).toEqual([0x82, 0x80, 0x01]);
  });
});

describe('packet decoding', () => {
  it('reads CONNACK: accepted, and the refusals live-client acts on (4 bad user name or password, 5 not authorised)', () => {
    expect(decodePacket(bytes(0x20, 2, 0, 0))).toEqual({ cmd: 'connack', sessionPresent: false, returnCode: 0 });
    expect(decodePacket(bytes(0x20, 2, 1, 0))).toEqual({ cmd: 'connack', sessionPresent: true, returnCode: 0 });
    expect(decodePacket(bytes(0x20, 2, 0, 4))).toMatchObject({ returnCode: 4 });
    expect(decodePacket(bytes(0x20, 2, 0, 5))).toMatchObject({ returnCode: 5 });
    expect(() => decodePacket(bytes(0x20, 3, 0, 0, 0))).toThrow(/CONNACK/);
  });

  it('reads a QoS 0 PUBLISH: topic and payload bytes, binary-safe', () => {
    const payload = bytes(0, 1, 0xff, 0xfe, 0x80, 0x0a, 0xc3);
    const packet = decodePacket(frame(0x30, publishBody('football', payload)));
    expect(packet).toEqual({ cmd: 'publish', topic: 'football', payload, qos: 0, dup: false, retain: false });
  });

  it('reads a QoS 1 PUBLISH with its message id, dup and retain flags', () => {
    const payload = new TextEncoder().encode('{"a":"ş进"}');
    const packet = decodePacket(frame(0x3b, publishBody('users/42', payload, 0x1234)));
    expect(packet).toEqual({ cmd: 'publish', topic: 'users/42', payload, qos: 1, dup: true, retain: true, messageId: 0x1234 });
  });

  it('reads PUBLISH packets of 127, 128, 16383 and 16384 remaining bytes whole', () => {
    for (const remaining of [127, 128, 16_383, 16_384]) {
      const topic = 'basketball';
      const payload = new Uint8Array(remaining - 2 - topic.length).map((_, i) => i % 251);
      const whole = frame(0x30, publishBody(topic, payload));
      expect(decodeRemainingLength(whole, 1)?.value).toBe(remaining);
      const packet = decodePacket(whole);
      expect(packet.cmd === 'publish' && packet.payload).toEqual(payload);
    }
  });

  it('reads SUBACK return codes, 0x80 being a refused filter', () => {
    expect(decodePacket(bytes(0x90, 5, 0, 3, 0, 0x80, 1))).toEqual({ cmd: 'suback', messageId: 3, granted: [0, 0x80, 1] });
  });

  it('reads UNSUBACK and PINGRESP, and refuses what a broker never sends', () => {
    expect(decodePacket(bytes(0xb0, 2, 0, 9))).toEqual({ cmd: 'unsuback', messageId: 9 });
    expect(decodePacket(bytes(0xd0, 0))).toEqual({ cmd: 'pingresp' });
    expect(() => decodePacket(bytes(0x10, 0))).toThrow(/not expected/);
    expect(() => decodePacket(bytes(0x36, 3, 0, 1, 0x61))).toThrow(/QoS 3/);
  });

  it('cuts a byte stream into packets however the frames split it', () => {
    const stream = new Uint8Array([
      ...bytes(0x20, 2, 0, 0),
      ...frame(0x30, publishBody('football', new Uint8Array(300).fill(7))),
      ...bytes(0xd0, 0),
      ...bytes(0x90, 3, 0, 1, 0),
    ]);
    for (const step of [1, 2, 3, 7, 150, stream.length]) {
      const reader = new PacketReader();
      const seen: string[] = [];
      for (let i = 0; i < stream.length; i += step) {
        for (const packet of reader.push(stream.slice(i, i + step))) seen.push(packet.cmd);
      }
      expect(seen).toEqual(['connack', 'publish', 'pingresp', 'suback']);
    }
  });
});

describe('keep-alive against a broker that stops answering PINGREQ', () => {
  let http: Server | null = null;
  let client: MqttLiteClient | null = null;

  afterEach(async () => {
    client?.end(true);
    client = null;
    const server = http;
    http = null;
    if (server) {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('closes the connection after half a keep-alive without PINGRESP and connects again', async () => {
    http = createServer();
    const wss = new WebSocketServer({ server: http, handleProtocols: (protocols) => (protocols.has('mqtt') ? 'mqtt' : false) });
    const received: number[][] = [];
    let connections = 0;
    wss.on('connection', (socket) => {
      connections += 1;
      socket.on('message', (data: Buffer) => {
        received.push(Array.from(data));
        // CONNACK to CONNECT; PINGREQ goes unanswered, like a dead path would
        if (data[0] === 0x10) socket.send(bytes(0x20, 2, 0, 0));
      });
    });
    await new Promise<void>((resolve) => http?.listen(0, '127.0.0.1', resolve));
    const url = `ws://127.0.0.1:${(http.address() as AddressInfo).port}/mqtt`;

    const events: string[] = [];
    client = connectMqttLite(url, { keepalive: 1, reconnectPeriod: 100, WebSocket: WebSocket as unknown as WebSocketConstructor });
    for (const name of ['connect', 'close', 'offline', 'reconnect'] as const) client.on(name, () => events.push(name));
    client.on('error', (error) => events.push(`error:${error.message}`));

    const started = Date.now();
    while (connections < 2 || !events.includes('connect') || events.filter((e) => e === 'connect').length < 2) {
      if (Date.now() - started > 5000) throw new Error(`timed out: ${events.join(',')}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(received.some((packet) => packet[0] === 0xc0 && packet[1] === 0)).toBe(true);
    expect(events.slice(0, 6)).toEqual(['connect', 'error:Keepalive timeout', 'close', 'offline', 'reconnect', 'connect']);
    wss.close();
  });
});
